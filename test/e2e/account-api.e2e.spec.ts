import { adminCommand } from '../support/admin-command';
import { runAudit } from '../support/audit';
import { e2eFixture } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';

// The caller's own account over the real stack: `GET /account` beside the operator's `admin account show`, and the
// account's API keys through the operator's `admin key …` commands (a key made, listed, rotated with a grace that
// business time runs out, revoked and refused from the next call).

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const world = e2eFixture();
const hour = 3_600_000;

const statusOf = async (apiKey: string) => {
  const res = await world.call(path, apiKey);
  return [res.status, res.body.success === false ? res.body.error.code : res.body.billing.creditsRemaining];
};

describe("an account's API keys by the operator's commands", () => {
  it('makes, lists, rotates with a grace, and revokes keys; a revoked key is refused from the next call', async () => {
    const cli = adminCommand(world).json;
    // Premium: 100 calls a minute, so the calls here never meet a limit.
    const account = await world.admin.createAccount('premium', 20);
    const { accountId } = account;
    expect(await statusOf(account.apiKey)).toEqual([200, 19]);

    await waitFor(async () => (await world.admin.listKeys(accountId)).keys[0]?.lastUsedAt !== null);
    const opening = cli('key', 'list', '--account', accountId);
    expect(opening.keys).toEqual([
      {
        keyId: 'key_opening',
        name: 'Key made when the account was opened',
        prefix: account.apiKey.slice(0, 13),
        createdAt: expect.any(String),
        status: 'active',
        expiresAt: null,
        revokedAt: null,
        replacedByKeyId: null,
        // The call above, written within a second.
        lastUsedAt: expect.any(String),
      },
    ]);

    const build = cli('key', 'create', '--account', accountId, '--name', 'Build server');
    expect(build).toMatchObject({ keyId: expect.stringMatching(/^key_[a-z2-7]{16}$/), name: 'Build server', accountId });
    expect(build.apiKey).toMatch(/^pds_live_[A-Za-z0-9_-]{43}$/);
    // Both keys spend the one account's credits.
    expect(await statusOf(build.apiKey)).toEqual([200, 18]);

    // Business time stands still, so the grace's end is exactly an hour from the rotation.
    const rotatedAt = new Date();
    world.clock.freeze(rotatedAt);
    const rotated = cli('key', 'rotate', '--account', accountId, '--key', 'key_opening', '--grace-hours', '1');
    expect(rotated).toMatchObject({ replacedKeyId: 'key_opening', keyId: expect.stringMatching(/^key_[a-z2-7]{16}$/) });
    const graceEnds = new Date(rotatedAt.getTime() + hour).toISOString();
    expect(rotated.replacedKeyExpiresAt).toBe(graceEnds);
    expect(await statusOf(account.apiKey)).toEqual([200, 17]);
    expect(await statusOf(rotated.apiKey)).toEqual([200, 16]);
    const listed = cli('key', 'list', '--account', accountId).keys as Array<Record<string, unknown>>;
    expect(listed.find((k) => k.keyId === 'key_opening')).toMatchObject({
      status: 'rotating',
      expiresAt: graceEnds,
      replacedByKeyId: rotated.keyId,
    });
    // The new key takes the old one's name.
    expect(listed.find((k) => k.keyId === rotated.keyId)).toMatchObject({ status: 'active', name: 'Key made when the account was opened' });

    // A millisecond before the grace ends the old key still works; at its end it is refused, and nothing is charged.
    world.clock.freeze(new Date(rotatedAt.getTime() + hour - 1));
    expect(await statusOf(account.apiKey)).toEqual([200, 15]);
    world.clock.freeze(graceEnds);
    expect(await statusOf(account.apiKey)).toEqual([401, 'UNAUTHORIZED']);
    expect(await statusOf(rotated.apiKey)).toEqual([200, 14]);
    expect(cli('key', 'list', '--account', accountId).keys.find((k: { keyId: string }) => k.keyId === 'key_opening').status).toBe(
      'expired',
    );
    world.clock.reset();

    // Revoked: refused on the very next call, as the command answered only once the gateway's view showed it.
    const revoked = cli('key', 'revoke', '--account', accountId, '--key', build.keyId, '--reason', 'laptop lost');
    expect(revoked).toEqual({ accountId, keyId: build.keyId, revoked: true });
    expect(await statusOf(build.apiKey)).toEqual([401, 'UNAUTHORIZED']);
    // Revoking again changes nothing; the key stays listed as revoked.
    expect(cli('key', 'revoke', '--account', accountId, '--key', build.keyId)).toMatchObject({ revoked: true });
    expect(cli('key', 'list', '--account', accountId).keys.find((k: { keyId: string }) => k.keyId === build.keyId)).toMatchObject({
      status: 'revoked',
      revokedAt: expect.any(String),
    });

    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
  });

  it('refuses what cannot be done, with the reason, and keeps one account out of another', async () => {
    const admin = adminCommand(world);
    const mine = await world.admin.createAccount('basic', 5);
    const theirs = await world.admin.createAccount('basic', 5);
    const theirKey = await world.admin.issueKey(theirs.accountId, 'Theirs');

    const refused = async (...args: string[]) => {
      const run = await admin.run(...args);
      return [run.code, run.stderr.match(/\d{3} [A-Z_]+/)?.[0]];
    };
    // Another account's key reads as no key at all.
    expect(await refused('key', 'revoke', '--account', mine.accountId, '--key', theirKey.keyId)).toEqual([1, '404 KEY_NOT_FOUND']);
    expect(await refused('key', 'rotate', '--account', mine.accountId, '--key', theirKey.keyId)).toEqual([1, '404 KEY_NOT_FOUND']);
    expect(await refused('key', 'list', '--account', 'acc_doesnotexist1')).toEqual([1, '404 ACCOUNT_NOT_FOUND']);
    expect(await refused('key', 'create', '--account', 'acc_doesnotexist1', '--name', 'x')).toEqual([1, '404 ACCOUNT_NOT_FOUND']);
    // Beyond seven days' grace, or a name too long: refused before the ledger is asked.
    expect(await refused('key', 'rotate', '--account', mine.accountId, '--key', 'key_opening', '--grace-hours', '169')).toEqual([
      1,
      '400 INVALID_PARAMETERS',
    ]);
    expect(await refused('key', 'create', '--account', mine.accountId, '--name', 'x'.repeat(61))).toEqual([1, '400 INVALID_PARAMETERS']);

    // A revoked key cannot be rotated.
    await world.admin.revokeKey(theirs.accountId, theirKey.keyId);
    expect(await refused('key', 'rotate', '--account', theirs.accountId, '--key', theirKey.keyId)).toEqual([1, '409 KEY_NOT_ACTIVE']);

    // Ten live keys at most: the opening key and nine more; the eleventh is refused until one is revoked.
    const nine: Array<{ keyId: string; apiKey: string }> = [];
    for (let i = 1; i <= 9; i++) nine.push(await world.admin.issueKey(mine.accountId, `Key ${i}`));
    expect(await refused('key', 'create', '--account', mine.accountId, '--name', 'Eleventh')).toEqual([1, '409 KEY_LIMIT_REACHED']);
    await world.admin.revokeKey(mine.accountId, nine[0]!.keyId);
    expect((await world.admin.issueKey(mine.accountId, 'Eleventh')).name).toBe('Eleventh');
    // Every live key still works; one never used says so.
    const last = nine.at(-1)!;
    expect((await world.call(path, last.apiKey)).status).toBe(200);
    expect((await world.admin.listKeys(mine.accountId)).keys.find((k) => k.keyId === nine[1]!.keyId)?.lastUsedAt).toBeNull();
  });
});

describe('GET /account', () => {
  it("answers the account as the operator's `account show` prints it, free", async () => {
    const cli = adminCommand(world).json;
    // An Enterprise account with its own limits and allowance, some Purchase Balance, a reservation held by an order
    // would need the registry: a key in its grace shows instead.
    const account = await world.admin.createAccount('enterprise', 250, {
      monthlyCredits: 40_000,
      rateLimits: { perMinute: 120, perDay: 9_000, perMonth: 150_000 },
      purchaseBalancePence: 1_234,
      orderingEnabled: true,
    });
    await world.admin.rotateKey(account.accountId, 'key_opening');
    const extra = await world.admin.issueKey(account.accountId, 'Reporting');
    expect((await world.call(path, extra.apiKey)).status).toBe(200);

    const res = await world.call('/api/v1/account', extra.apiKey);
    const shown = cli('account', 'show', '--account', account.accountId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: shown });
    // By hand: 250 opening credits less the one call; Enterprise's own limits and allowance; the opening key in its
    // 24 hours' grace; its replacement and the Reporting key active.
    expect(shown).toEqual({
      accountId: account.accountId,
      plan: 'enterprise',
      availableCredits: 249,
      reservedCredits: 0,
      creditsRefreshAt: account.creditsRefreshAt,
      creditCycle: 'monthly',
      purchaseBalance: { availablePence: 1_234, reservedPence: 0, quarantinedPence: 0, debtPence: 0 },
      standing: { held: false, orderingEnabled: true },
      openedAt: expect.any(String),
      rateLimits: { perMinute: 120, perDay: 9_000, perMonth: 150_000 },
      monthlyAllowanceCredits: 40_000,
      subscription: null,
      keys: { active: 2, inGrace: 1 },
    });
    // Free: nothing charged, and the headers say so.
    expect(res.headers.get('x-credits-charged')).toBe('0');
    expect(res.headers.get('x-credits-remaining')).toBe('249');

    // A trial shows no allowance and no refresh.
    const trial = await world.admin.createAccount('basic', 30, { cycle: 'trial' });
    const trialView = await world.call('/api/v1/account', trial.apiKey);
    expect(trialView.body.data).toMatchObject({
      plan: 'basic',
      creditCycle: 'trial',
      creditsRefreshAt: null,
      monthlyAllowanceCredits: null,
      availableCredits: 30,
      rateLimits: { perMinute: 10, perDay: 500, perMonth: 5_000 },
      keys: { active: 1, inGrace: 0 },
    });
    expect(trialView.body.data).toEqual(cli('account', 'show', '--account', trial.accountId));
    expect((await world.call('/api/v1/account', 'pds_live_' + 'x'.repeat(43))).status).toBe(401);
  });
});

describe('GET /account/usage', () => {
  it("counts the account's calls by day and operation, and its credits exactly as the ledger took them", async () => {
    const account = await world.admin.createAccount('premium', 100);
    const key = account.apiKey;
    // Three answered calculations (1 credit each), one refused for its input (a call, nothing charged), one free read.
    for (const value of [100, 200, 300])
      expect((await world.call(`/api/v1/property/renovation-uplift-calculator?value=${value}&floorArea=10`, key)).status).toBe(200);
    expect((await world.call('/api/v1/property/renovation-uplift-calculator?value=-1&floorArea=10', key)).status).toBe(400);
    expect((await world.call('/api/v1/account', key)).status).toBe(200);

    // Calls are written each second and credits follow the ledger: ask until both are in.
    type Row = { operationId: string; calls: number; creditsCharged: number; refunds: number; creditsRefunded: number };
    let byOperation: { rows: Row[]; totals: Record<string, number>; from: string; to: string } | undefined;
    await waitFor(async () => {
      byOperation = (await world.call('/api/v1/account/usage?groupBy=operation', key)).body.data;
      const calc = byOperation?.rows.find((r) => r.operationId === 'renovation_uplift_calculator');
      // The free read was made last: its count may be written a second after the calculations'.
      const show = byOperation?.rows.find((r) => r.operationId === 'account_show');
      return calc?.calls === 4 && calc.creditsCharged === 3 && show?.calls === 1;
    });
    expect(byOperation?.rows.find((r) => r.operationId === 'renovation_uplift_calculator')).toEqual({
      operationId: 'renovation_uplift_calculator',
      calls: 4,
      creditsCharged: 3,
      refunds: 0,
      creditsRefunded: 0,
    });
    expect(byOperation?.rows.find((r) => r.operationId === 'account_show')).toEqual({
      operationId: 'account_show',
      calls: 1,
      creditsCharged: 0,
      refunds: 0,
      creditsRefunded: 0,
    });

    // The credits equal the ledger's own record of the account, replayed from its stream.
    const { events } = await replayAccount(world.databaseUrl, account.accountId);
    const taken = events.reduce(
      (sum, e) => sum + (e.type === 'CreditsCharged' || e.type === 'CreditsCaptured' ? e.data.amountCredits : 0),
      0,
    );
    expect(taken).toBe(3);
    expect(byOperation?.totals.creditsCharged).toBe(taken);

    // By day: every day of this month to today, zeros included; today's figures are the same calls and credits.
    const byDay = (await world.call('/api/v1/account/usage', key)).body.data;
    const today = byDay.to as string;
    expect(byDay.from).toBe(`${today.slice(0, 8)}01`);
    expect(byDay.rows).toHaveLength(Number(today.slice(8, 10)));
    expect(byDay.rows.at(-1)).toMatchObject({ day: today, creditsCharged: 3, refunds: 0 });
    expect(byDay.rows.slice(0, -1).every((r: Row) => r.calls === 0 && r.creditsCharged === 0)).toBe(true);
    expect(byDay.totals.creditsCharged).toBe(3);
    expect(byDay.asOf).toEqual(expect.any(String));

    // The finance audit's statement of the month, replayed from the ledger's events, took the same credits.
    const audit = runAudit(world.databaseUrl, '--account', account.accountId, '--month', today.slice(0, 7));
    expect(audit.statements).toEqual([
      expect.objectContaining({
        account_id: account.accountId,
        month: today.slice(0, 7),
        granted_credits: '100',
        charged_credits: '3',
        closing_credits: '97',
      }),
    ]);

    // Another account's usage is its own: it sees none of these.
    const other = await world.admin.createAccount('basic', 5);
    const theirs = (await world.call('/api/v1/account/usage?groupBy=operation', other.apiKey)).body.data;
    expect(theirs.totals).toEqual({ calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 });
  });

  it('refuses a range it cannot answer, charging nothing', async () => {
    const account = await world.admin.createAccount('premium', 10);
    const refused = async (query: string) => {
      const res = await world.call(`/api/v1/account/usage${query}`, account.apiKey);
      return [res.status, res.body.error?.code, res.headers.get('x-credits-charged')];
    };
    expect(await refused('?from=2026-03-02&to=2026-03-01')).toEqual([400, 'INVALID_DATE_RANGE', '0']);
    expect(await refused('?from=2024-01-01&to=2025-06-01')).toEqual([400, 'INVALID_DATE_RANGE', '0']);
    expect(await refused('?to=2999-01-01')).toEqual([400, 'INVALID_DATE_RANGE', '0']);
    expect(await refused('?from=2026-02-30')).toEqual([400, 'INVALID_PARAMETERS', '0']);
    expect(await refused('?groupBy=week')).toEqual([400, 'INVALID_PARAMETERS', '0']);
    expect(await refused('?colour=red')).toEqual([400, 'INVALID_PARAMETERS', '0']);
  });
});
