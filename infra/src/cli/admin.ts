// `npm run --silent admin -- <command>`: operator commands against the running stack (reads .run/stack.json).
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminClient } from '../admin-client';
import { repoRoot } from '../stack';

const usage = `usage:
  admin account create --plan basic|standard|premium|enterprise [--credits N]
        [--cycle monthly|trial|non-renewing]          (default monthly: refreshes on each anniversary)
        [--monthly-credits N]                         (Enterprise only: custom monthly allowance)
        [--per-minute N --per-day N --per-month N]   (Enterprise only: custom rate limits)
        [--pence N] [--ordering]                      (opening Purchase Balance; official copy ordering entitlement)
  admin account show --account ID
  admin key list --account ID
  admin key create --account ID --name TEXT                    (the key is printed once)
  admin key rotate --account ID --key KEY_ID [--grace-hours N] (the old key works N hours more; default 24, 0 stops it now)
  admin key revoke --account ID --key KEY_ID [--reason TEXT]   (refused from the next call)
  admin credits grant --account ID --credits N
  admin balance deposit --account ID --pence N [--reference TEXT]
  admin debt record --account ID --pence N --reason TEXT
  admin account hold|unhold --account ID --reason TEXT
  admin ordering enable|disable --account ID
  admin reservation capture|release --account ID --reservation ID --reason TEXT   (settles a quarantined reservation)
  admin order resolve --order ID [--reason TEXT]   (asks the registry about a quarantined order and moves it on)`;

const cycles: Record<string, 'monthly' | 'trial' | 'non_renewing'> = { monthly: 'monthly', trial: 'trial', 'non-renewing': 'non_renewing' };

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const whole = (name: string, raw: string | undefined, min: number) => {
  const value = Number(raw);
  if (raw === undefined || !Number.isInteger(value) || value < min) fail(`--${name} must be a whole number ≥ ${min}\n${usage}`);
  return value;
};

/** The login name, recorded as who resolved an order (the operator API has one token for everyone); none if unknown. */
const operatorName = (): string | undefined => {
  try {
    return (
      userInfo()
        .username.replace(/[^A-Za-z0-9._@-]/g, '')
        .slice(0, 64) || undefined
    );
  } catch {
    return undefined;
  }
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
      cycle: { type: 'string' },
      'monthly-credits': { type: 'string' },
      pence: { type: 'string' },
      ordering: { type: 'boolean' },
      reason: { type: 'string' },
      reference: { type: 'string' },
      reservation: { type: 'string' },
      order: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      'grace-hours': { type: 'string' },
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
        : {
            perMinute: whole('per-minute', values['per-minute'], 1),
            perDay: whole('per-day', values['per-day'], 1),
            perMonth: whole('per-month', values['per-month'], 1),
          };
    const cycle =
      values.cycle === undefined ? undefined : (cycles[values.cycle] ?? fail(`--cycle must be monthly, trial or non-renewing\n${usage}`));
    const created = await admin.createAccount(
      values.plan ?? fail(`--plan is required\n${usage}`),
      values.credits === undefined ? undefined : whole('credits', values.credits, 0),
      {
        ...(rateLimits ? { rateLimits } : {}),
        ...(cycle ? { cycle } : {}),
        ...(values['monthly-credits'] === undefined ? {} : { monthlyCredits: whole('monthly-credits', values['monthly-credits'], 1) }),
        ...(values.pence === undefined ? {} : { purchaseBalancePence: whole('pence', values.pence, 1) }),
        orderingEnabled: values.ordering ?? false,
      },
    );
    result = { accountId: created.accountId, apiKey: created.apiKey, creditsRefreshAt: created.creditsRefreshAt };
  } else {
    const account = () => values.account ?? fail(`--account is required\n${usage}`);
    const reason = () => values.reason ?? fail(`--reason is required\n${usage}`);
    const key = () => values.key ?? fail(`--key is required\n${usage}`);
    const command = `${noun} ${verb}`;
    switch (command) {
      case 'credits grant':
        result = await admin.grantCredits(account(), whole('credits', values.credits, 1));
        break;
      case 'account show':
        result = await admin.showAccount(account());
        break;
      case 'balance deposit':
        result = await admin.deposit(account(), whole('pence', values.pence, 1), values.reference);
        break;
      case 'debt record':
        result = await admin.recordDebt(account(), whole('pence', values.pence, 1), reason());
        break;
      case 'account hold':
      case 'account unhold':
        result = await admin.setHold(account(), verb === 'hold', reason());
        break;
      case 'ordering enable':
      case 'ordering disable':
        result = await admin.setOrdering(account(), verb === 'enable');
        break;
      case 'reservation capture':
      case 'reservation release':
        result = await admin.resolveReservation(
          account(),
          values.reservation ?? fail(`--reservation is required\n${usage}`),
          verb as 'capture' | 'release',
          reason(),
        );
        break;
      case 'key list':
        result = await admin.listKeys(account());
        break;
      case 'key create':
        result = await admin.issueKey(account(), values.name ?? fail(`--name is required\n${usage}`));
        break;
      case 'key rotate': {
        const hours = values['grace-hours'] === undefined ? undefined : whole('grace-hours', values['grace-hours'], 0);
        result = await admin.rotateKey(account(), key(), hours === undefined ? undefined : hours * 3_600_000);
        break;
      }
      case 'key revoke':
        result = await admin.revokeKey(account(), key(), values.reason);
        break;
      case 'order resolve': {
        const orderId = values.order ?? fail(`--order is required\n${usage}`);
        const operator = operatorName();
        const why = values.reason ? { reason: values.reason } : {};
        result = await admin.resolveOrder(orderId, { ...why, ...(operator ? { operator } : {}) });
        break;
      }
      default:
        fail(usage);
    }
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
};

main().catch((error: unknown) => {
  process.stderr.write(`admin: ${(error as Error).message}\n`);
  process.exit(1);
});
