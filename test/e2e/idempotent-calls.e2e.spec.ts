import { e2eFixture, type Caller } from '../support/e2e';
import { replayAccount, waitFor } from '../support/ledger';
import type { ApiAnswer } from '../support/stack';

// The Idempotency-Key of per-call operations through the whole stack: the renovation calculator (1 credit, charged
// on_answer) and crime from the police.uk API's test environment (2 credits, reserve_first: held before the work). A
// repeat within 24 hours gets the first answer and is charged nothing more, whatever happens in between, the gateway
// killed included. Balances are the ledger's (the operator API), worked out by hand from those prices. The lease is
// short here (8 s, longer than any call of this file takes) so that a repeat of a dead gateway's call is taken over soon.

const world = e2eFixture({
  env: { IDEMPOTENCY_LEASE_MS: '8000', IDEMPOTENCY_SWEEP_MS: '1000' },
  caller: { credits: 1_000 },
  imports: ['codepoint-open', 'ons-postcode-lookup'],
});

const calculator = '/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10';
/** July 2017 is not imported: every call asks the police.uk API's test environment (its faults then apply). */
const crimeAt = (postcode: string) => `/area/crime?postcode=${encodeURIComponent(postcode)}&from=2017-07`;
let keys = 0;
const newKey = () => `e2e-key-${Date.now()}-${++keys}`;
const keyed = (c: Caller, path: string, key: string) => c.send('GET', path, undefined, { 'Idempotency-Key': key });

const replayed = (r: ApiAnswer) => r.headers.get('idempotent-replayed');
const charged = (r: ApiAnswer) => Number(r.headers.get('x-credits-charged'));

describe('a repeat with the same Idempotency-Key', () => {
  it('on_answer: gets the first answer, its billing saying 1 credit, and is charged nothing more', async () => {
    const c = world.caller;
    const key = newKey();
    const before = await c.balance();
    const first = await keyed(c, calculator, key);
    expect([first.status, charged(first), first.body.billing.creditsCharged, replayed(first)]).toEqual([200, 1, 1, null]);
    expect(await c.balance()).toBe(before - 1);

    const again = await keyed(c, calculator, key);
    expect([again.status, replayed(again), charged(again)]).toEqual([200, 'true', 1]);
    expect(again.body.data).toEqual(first.body.data);
    // Nothing more charged: the balance the ledger shows, and the one the replay reports as now.
    expect(again.body.billing).toEqual({ ...first.body.billing, creditsCharged: 1, creditsRemaining: before - 1 });
    expect(await c.balance()).toBe(before - 1);
  });

  it('reserve_first: the same request with its postcode written otherwise (normalised) is the same call: one charge of 2', async () => {
    const c = world.caller;
    const key = newKey();
    const before = await c.balance();
    const first = await keyed(c, crimeAt('LS1 4AP'), key);
    expect([first.status, charged(first), replayed(first), first.body.data.origin]).toEqual([200, 2, null, 'live_api']);
    const again = await keyed(c, crimeAt(' ls14ap'), key);
    expect([again.status, replayed(again), charged(again), again.body.billing.creditsCharged]).toEqual([200, 'true', 2, 2]);
    expect({ data: again.body.data, sources: again.body.sources }).toEqual({ data: first.body.data, sources: first.body.sources });
    expect(await c.balance()).toBe(before - 2);
  });

  it('sent 5 times at once while the first is slow: one charge, the others wait for its answer', async () => {
    const c = world.caller;
    const key = newKey();
    const before = await c.balance();
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'slow', delayMs: 1_000 }]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => keyed(c, crimeAt('LS1 4AP'), key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => replayed(a) === 'true')).toHaveLength(4);
    for (const a of answers) expect(a.body.data).toEqual(answers[0]!.body.data);
    expect(await c.balance()).toBe(before - 2);
  });
});

describe('refusals under a key', () => {
  it('422 IDEMPOTENCY_KEY_REUSED for another operation or other parameters, naming the first operation, free', async () => {
    const c = world.caller;
    const key = newKey();
    await c.paying(1).send('GET', calculator, undefined, { 'Idempotency-Key': key });
    const other = await c.paying(0).send('GET', crimeAt('LS1 4AP'), undefined, { 'Idempotency-Key': key });
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(other.body.error.message).toContain('renovation_uplift_calculator');
    const otherValue = await c
      .paying(0)
      .send('GET', calculator.replace('value=250000', 'value=260000'), undefined, { 'Idempotency-Key': key });
    expect([otherValue.status, otherValue.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('400 INVALID_IDEMPOTENCY_KEY for a malformed key, free', async () => {
    for (const key of ['short', 'has a space in it', 'x'.repeat(129)]) {
      const r = await world.caller.paying(0).send('GET', calculator, undefined, { 'Idempotency-Key': key });
      expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_IDEMPOTENCY_KEY']);
    }
  });

  it('a refused call frees its key: the retry is evaluated afresh and charged once', async () => {
    const c = world.caller;
    const key = newKey();
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'error' }]);
    const refused = await c.paying(0).send('GET', crimeAt('LS1 4AP'), undefined, { 'Idempotency-Key': key });
    expect([refused.status, refused.body.error.code]).toEqual([502, 'CRIME_SERVICE_ERROR']);
    await world.openData.clearFaults();
    const retried = await c.paying(2).send('GET', crimeAt('LS1 4AP'), undefined, { 'Idempotency-Key': key });
    expect([retried.status, replayed(retried)]).toEqual([200, null]);
  });
});

describe('the gateway killed (SIGKILL) while a reserve_first call is in flight', () => {
  it('the retry with the same key, once the lease has passed, is answered and charged exactly once in all', async () => {
    const c = await world.fundedCaller({ credits: 100 });
    const key = newKey();
    await world.openData.setFaults([{ operation: 'police-street-crimes', mode: 'slow', delayMs: 1_800 }]);
    const lost = keyed(c, crimeAt('LS1 4AP'), key).then(
      () => 'answered',
      () => 'lost',
    );
    // The credits are held (reserved) while the police.uk API is slow; then the gateway dies.
    await waitFor(async () => (await c.balance()) === 98, 1_500);
    await world.stack.kill('gateway', 'SIGKILL');
    expect(await lost).toBe('lost');
    world.stack.spawn('gateway');
    await world.stack.waitUntilHealthy(60_000);
    await world.openData.clearFaults();

    const retried = await keyed(c, crimeAt('LS1 4AP'), key);
    expect([retried.status, charged(retried), retried.body.billing.creditsCharged]).toEqual([200, 2, 2]);
    expect(retried.body.data.totalCrimes).toEqual(expect.any(Number));
    expect(await c.balance()).toBe(98);
    // The chain (reservation, count, capture) went on without the dead gateway: the count was handed to the capture,
    // so the first call was charged and its answer lost with the process. The retry found it captured and ran the
    // count again under the same reservation, which the ledger had recorded: 2 credits taken in all, once.
    const { events } = await replayAccount(world.databaseUrl, c.accountId);
    const types = events.map((e) => e.type).filter((t) => t.startsWith('Credits') && t !== 'CreditsGranted');
    expect(types).toEqual(['CreditsReserved', 'CreditsCaptured']);
    const again = await keyed(c, crimeAt('LS1 4AP'), key);
    expect([again.status, replayed(again), again.body.data]).toEqual([200, 'true', retried.body.data]);
    expect(await c.balance()).toBe(98);
  });
});

describe('after 24 hours', () => {
  afterAll(() => world.clock.reset());

  it('the key is free again (a new call, charged), and the sweep has deleted the keys past their time', async () => {
    const c = await world.fundedCaller({ credits: 100 });
    const [kept, swept] = [newKey(), newKey()];
    await c.paying(1).send('GET', calculator, undefined, { 'Idempotency-Key': kept });
    await c.paying(1).send('GET', calculator, undefined, { 'Idempotency-Key': swept });
    const rows = async () =>
      (await world.db.query('SELECT idempotency_key FROM idempotent_calls WHERE account_id = $1 ORDER BY 1', [c.accountId])).rows.map(
        (r) => r.idempotency_key,
      );
    expect(await rows()).toEqual([kept, swept].sort());

    // 23 h 59 min on: still the first answer.
    world.clock.offset(24 * 3_600_000 - 60_000);
    const within = await keyed(c, calculator, kept);
    expect([replayed(within), await c.balance()]).toEqual(['true', 98]);

    world.clock.offset(24 * 3_600_000 + 60_000);
    await waitFor(async () => (await rows()).length === 0, 10_000);
    const fresh = await c.paying(1).send('GET', calculator, undefined, { 'Idempotency-Key': kept });
    expect([fresh.status, replayed(fresh)]).toEqual([200, null]);
    expect(await rows()).toEqual([kept]);
  });
});
