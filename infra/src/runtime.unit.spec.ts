import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectNode, supportedNodeMajor } from './runtime';

// The commands run on Node.js 24 whatever Node started them: npm puts node_modules/.bin (the official build from the
// npm registry) first on their PATH, and a command started by hand with an older Node runs itself again with it.

const majorOf = (version: string) => Number(/^v(\d+)\./.exec(version)?.[1]);

describe('the runtime', () => {
  it('is Node.js 24 here: the tests run on the line the services run on', () => {
    expect(majorOf(process.version)).toBe(supportedNodeMajor);
  });

  it('is installed with the dependencies: node_modules/.bin/node answers Node.js 24', () => {
    const run = spawnSync(projectNode, ['--version'], { encoding: 'utf8' });
    expect(majorOf(run.stdout.trim())).toBe(supportedNodeMajor);
  });

  // Debian's own Node.js, where this machine has an older one (Debian 12's is Node 18; this machine's image has 20).
  const older = ['/usr/bin/node', '/usr/local/bin/node']
    .map((path) => ({ path, version: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '' }))
    .find((n) => n.version && majorOf(n.version) < supportedNodeMajor);
  (older ? it : it.skip)(
    `runs a command started with an older Node (${older?.version ?? 'none here'}) again on Node.js 24, with its arguments and exit status`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'pds-runtime-'));
      const script = join(dir, 'command.js');
      writeFileSync(
        script,
        `require(${JSON.stringify(join(__dirname, '..', 'dist', 'runtime.js'))}).onSupportedNode();\n` +
          `process.stdout.write(process.version + ' ' + process.argv.slice(2).join(' '));\nprocess.exitCode = 3;\n`,
      );
      const run = spawnSync(older!.path, [script, 'a', 'b c'], { encoding: 'utf8' });
      expect([run.status, majorOf(run.stdout), run.stdout.slice(run.stdout.indexOf(' ') + 1)]).toEqual([3, supportedNodeMajor, 'a b c']);
    },
  );
});
