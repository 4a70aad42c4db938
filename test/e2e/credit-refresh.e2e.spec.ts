import { DateTime } from 'luxon';
import { runAudit } from '../support/audit';
import { e2eFixture } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';

const path = '/api/v1/property/renovation-uplift-calculator?value=100&floorArea=10';
const world = e2eFixture({ env: { REFRESH_SCAN_MS: '200' } });

/** The n-th monthly anniversary of an opening: midnight UK time on the same day of the month (clamped to the month's end). */
const anniversary = (openedAt: string, months: number) =>
  DateTime.fromISO(openedAt, { zone: 'Europe/London' }).startOf('day').plus({ months }).toISO();
const openedAtOf = async (accountId: string) => {
  const [opened] = (await replayAccount(world.databaseUrl, accountId)).events;
  if (opened?.type !== 'AccountOpened') throw new Error('no AccountOpened');
  return opened.data.openedAt;
};

describe('monthly credit refresh', () => {
  it('resets a monthly balance to the plan allowance at the anniversary and shows the next date; a trial balance has none', async () => {
    const monthly = await world.admin.createAccount('basic', 10);
    const trial = await world.admin.createAccount('basic', 10, { cycle: 'trial' });
    const idle = await world.admin.createAccount('standard', 3);
    const first = anniversary(await openedAtOf(monthly.accountId), 1);
    expect(monthly.creditsRefreshAt).toBe(first);

    const before = await world.call(path, monthly.apiKey);
    expect(before.status).toBe(200);
    expect(before.body.billing).toEqual({ mode: 'prepaid', creditsCharged: 1, creditsRemaining: 9, creditsRefreshAt: first });
    expect(before.headers.get('x-credits-refresh-at')).toBe(first);
    const trialCall = await world.call(path, trial.apiKey);
    expect(trialCall.body.billing).toEqual({ mode: 'prepaid', creditsCharged: 1, creditsRemaining: 9, creditsRefreshAt: null });
    expect(trialCall.headers.has('x-credits-refresh-at')).toBe(false);

    // Business time moves a minute past the anniversary, for every service at once.
    world.clock.set(new Date(Date.parse(first as string) + 60_000));

    const after = await world.call(path, monthly.apiKey);
    const second = anniversary(await openedAtOf(monthly.accountId), 2);
    expect(after.status).toBe(200);
    // Basic's allowance is 1,000 credits: reset to 1,000, then this call's 1.
    expect(after.body.billing).toEqual({ mode: 'prepaid', creditsCharged: 1, creditsRemaining: 999, creditsRefreshAt: second });
    expect(after.headers.get('x-credits-refresh-at')).toBe(second);
    expect(after.headers.get('x-credits-remaining')).toBe('999');

    const trialAfter = await world.call(path, trial.apiKey);
    expect(trialAfter.body.billing).toEqual({ mode: 'prepaid', creditsCharged: 1, creditsRemaining: 8, creditsRefreshAt: null });
    expect(trialAfter.headers.has('x-credits-refresh-at')).toBe(false);

    // Nobody calls with the idle account: the ledger's scheduler refreshes it to Standard's 5,000.
    await waitFor(async () => (await replayAccount(world.databaseUrl, idle.accountId)).events.some((e) => e.type === 'CreditsRefreshed'));
    const idleNow = await replayAccount(world.databaseUrl, idle.accountId);
    expect([idleNow.availableCredits, idleNow.nextRefreshAt]).toEqual([5_000, anniversary(await openedAtOf(idle.accountId), 2)]);
    expect(idleNow.events.filter((e) => e.type === 'CreditsRefreshed')).toHaveLength(1);

    const audit = runAudit(world.databaseUrl);
    expect([audit.code, audit.stdout]).toEqual([0, expect.stringContaining('result                PASS')]);
    expect(audit.rows.find((r) => r.account_id === monthly.accountId)).toMatchObject({ available_credits: '999', read_model: 'match' });
  });
});
