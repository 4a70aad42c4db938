import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestStack } from './stack';

const adminCli = join(__dirname, '..', '..', 'infra', 'dist', 'cli', 'admin.js');

/** The operator's `admin` command (`npm run --silent admin -- …`) against a test stack, through a stack file of its own. */
export const adminCommand = (t: Pick<TestStack, 'stack' | 'adminToken'>) => {
  const stackFile = join(mkdtempSync(join(tmpdir(), 'pds-stack-')), 'stack.json');
  writeFileSync(stackFile, JSON.stringify({ adminUrl: t.stack.adminUrl, adminToken: t.adminToken }), { mode: 0o600 });
  const env = { ...process.env, PDS_STACK_FILE: stackFile };
  return {
    /** Its JSON answer; throws, as execFileSync does, when it exits with an error. */
    json: (...args: string[]) => JSON.parse(execFileSync(process.execPath, [adminCli, ...args], { env, stdio: 'pipe' }).toString()),
    /** Run without blocking this process: its exit code and output. */
    run: (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [adminCli, ...args], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      }),
  };
};
