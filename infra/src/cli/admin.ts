// `npm run --silent admin -- <command>`: operator commands against the running stack (reads .run/stack.json).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminClient } from '../admin-client';
import { repoRoot } from '../stack';

const usage = `usage:
  admin account create --plan basic|standard|premium|enterprise --credits N
        [--per-minute N --per-day N --per-month N]   (Enterprise only: custom rate limits)
  admin credits grant --account ID --credits N
  admin account show --account ID`;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const whole = (name: string, raw: string | undefined, min: number) => {
  const value = Number(raw);
  if (raw === undefined || !Number.isInteger(value) || value < min) fail(`--${name} must be a whole number ≥ ${min}\n${usage}`);
  return value;
};

const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      plan: { type: 'string' },
      credits: { type: 'string' },
      account: { type: 'string' },
      'per-minute': { type: 'string' },
      'per-day': { type: 'string' },
      'per-month': { type: 'string' },
    },
  });
  const stackFile = process.env.PDS_STACK_FILE ?? join(repoRoot, '.run', 'stack.json');
  if (!existsSync(stackFile)) fail(`no running stack found (${stackFile}); start it with npm start`);
  const { adminUrl, adminToken } = JSON.parse(readFileSync(stackFile, 'utf8')) as { adminUrl: string; adminToken: string };
  const admin = new AdminClient(adminUrl, adminToken);
  const [noun, verb] = positionals;
  let result: unknown;
  if (noun === 'account' && verb === 'create') {
    const limitFlags = [values['per-minute'], values['per-day'], values['per-month']];
    if (limitFlags.some((v) => v !== undefined) && limitFlags.some((v) => v === undefined)) {
      fail(`give all three of --per-minute, --per-day and --per-month\n${usage}`);
    }
    const rateLimits =
      values['per-minute'] === undefined
        ? undefined
        : { perMinute: whole('per-minute', values['per-minute'], 1), perDay: whole('per-day', values['per-day'], 1), perMonth: whole('per-month', values['per-month'], 1) };
    const created = await admin.createAccount(values.plan ?? fail(`--plan is required\n${usage}`), whole('credits', values.credits, 0), rateLimits);
    result = { accountId: created.accountId, apiKey: created.apiKey };
  } else if (noun === 'credits' && verb === 'grant') {
    result = await admin.grantCredits(values.account ?? fail(`--account is required\n${usage}`), whole('credits', values.credits, 1));
  } else if (noun === 'account' && verb === 'show') {
    result = await admin.showAccount(values.account ?? fail(`--account is required\n${usage}`));
  } else {
    fail(usage);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`admin: ${(error as Error).message}\n`);
  process.exit(1);
});
