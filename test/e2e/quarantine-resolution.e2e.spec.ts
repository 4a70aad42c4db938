import { RegistryControl } from '@pds/infra';
import { DateTime } from 'luxon';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runAudit } from '../support/audit';
import { replayAccount, waitFor } from '../support/ledger';
import { startTestStack, type TestStack } from '../support/stack';

// An operator resolves a quarantined official-copy order (`admin order resolve`): land-registry-orders asks the
// registry what became of the submission and moves the order and its money on. Over the real stack, with the
// registry test environment's faults: `uncertain` (the order is recorded, then the connection dropped) and `lost`
// (the connection dropped before the order exists).
//
// Figures by hand from the spec: a register copy is 7 GBP = 700 pence of Purchase Balance and 50 credits, and
// register extraction 100 credits more. Every account opens with 5,000 pence and 10,000 credits.

let t: TestStack;
let registry: RegistryControl;
let db: pg.Pool;

beforeAll(async () => {
  t = await startTestStack({ ORDER_SWEEP_MS: '250', REGISTRY_POLL_MS: '250' });
  registry = new RegistryControl(t.stack.registryUrl);
  db = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  // Opening hours: 10:00 tomorrow in London, whatever the real time.
  const opening = DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 });
  t.setClockOffset(opening.toMillis() - Date.now());
});
afterAll(async () => {
  await db?.end();
  await t?.stop();
});
afterEach(async () => registry?.clearFaults());

const openingPence = 5_000;
const openingCredits = 10_000;

const customer = () =>
  t.admin.createAccount('enterprise', openingCredits, {
    cycle: 'non_renewing',
    rateLimits: { perMinute: 1_000, perDay: 100_000, perMonth: 1_000_000 },
    purchaseBalancePence: openingPence,
    orderingEnabled: true,
  });

const send = (method: string, path: string, apiKey: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.send(method, path, apiKey, body, headers);

let keys = 0;
const placeOrder = async (apiKey: string, titleNumber: string, extract: boolean) => {
  const body = {
    titleNumber,
    documentType: 'register',
    ...(extract ? { extractRegisterText: true } : {}),
    purchaseAuthorisation: { maximumChargePence: 700 },
  };
  const placed = await send('POST', '/land-registry/title-orders', apiKey, body, {
    'Idempotency-Key': `quarantine-${Date.now()}-${++keys}`,
  });
  expect(placed.status).toBe(202);
  return placed.body.data.id as string;
};

const orderOf = async (apiKey: string, orderId: string) => (await send('GET', `/land-registry/title-orders/${orderId}`, apiKey)).body.data;

/** Waits for the status endpoint to show `until`. */
const orderUntil = async (apiKey: string, orderId: string, until: (o: any) => boolean, timeoutMs = 30_000) => {
  let last: any;
  await waitFor(async () => until((last = await orderOf(apiKey, orderId))), timeoutMs).catch(() => {
    throw new Error(`order ${orderId} did not get there; last seen ${JSON.stringify(last)}`);
  });
  return last;
};
const isQuarantined = (o: any) => o?.status === 'quarantined' && o.cost.paymentStatus === 'quarantined';

/** A register order whose submission had no clear answer, held at the ledger. */
const quarantinedOrder = async (apiKey: string, titleNumber: string, mode: 'uncertain' | 'lost', extract = false) => {
  await registry.setFaults([{ operation: 'submit', titleNumber, mode, times: 1 }]);
  const orderId = await placeOrder(apiKey, titleNumber, extract);
  const order = await orderUntil(apiKey, orderId, isQuarantined);
  expect(order.error.code).toBe('SUBMISSION_UNCERTAIN');
  return orderId;
};

const balances = async (accountId: string) => {
  const b = await t.admin.showAccount(accountId);
  const { availablePence, reservedPence, quarantinedPence } = b.purchaseBalance;
  return { credits: b.availableCredits, reservedCredits: b.reservedCredits, pence: availablePence, reservedPence, quarantinedPence };
};

/** The ledger's events for the order's reservation, in order: what was held, taken and given back. */
const ledgerEventsOf = async (accountId: string, orderId: string) =>
  (await replayAccount(t.databaseUrl, accountId)).events
    .filter((e) => (e.data as { reservationId?: string }).reservationId === `rsv_${orderId}`)
    .map((e) => e.type);

const orderEventsOf = async (orderId: string) =>
  (
    await db.query<{ type: string; metadata: any }>('SELECT type, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [
      `titleorder-${orderId}`,
    ])
  ).rows;

/** The operator API as it answers, refusals included. */
const resolveOverApi = async (orderId: string, body: unknown = {}) => {
  const res = await fetch(`${t.stack.adminUrl}/admin/v1/title-orders/${orderId}/resolution`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** `npm run --silent admin -- order resolve …`, as an operator types it, against this stack (without blocking this process). */
const resolveWithCli = (...args: string[]) => {
  const stackFile = join(mkdtempSync(join(tmpdir(), 'pds-stack-')), 'stack.json');
  writeFileSync(stackFile, JSON.stringify({ adminUrl: t.stack.adminUrl, adminToken: t.adminToken }), { mode: 0o600 });
  const cli = join(__dirname, '..', '..', 'infra', 'dist', 'cli', 'admin.js');
  const env = { ...process.env, PDS_STACK_FILE: stackFile };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, 'order', 'resolve', ...args], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
};

const auditPasses = () => expect(runAudit(t.databaseUrl).code).toBe(0);

describe('resolving an uncertain submission the registry recorded', () => {
  it('captures once and completes the order with its PDF and text', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c.apiKey, 'NGL918273', 'uncertain', true);
    // Held, not taken: 700 p and 50 + 100 credits.
    await waitFor(async () => (await balances(c.accountId)).quarantinedPence === 700);
    expect(await balances(c.accountId)).toEqual({
      credits: 9_850,
      reservedCredits: 150,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 700,
    });

    const resolved = await t.admin.resolveOrder(orderId, { reason: 'registry holds it (ticket 4711)', operator: 'alice' });
    const registryReference = (await registry.order(orderId))?.registryReference;
    expect(registryReference).toMatch(/^OC-\d{7}$/);
    expect(resolved.resolution).toEqual({ finding: 'accepted', registryReference, resolvedAt: expect.any(String) });
    // Money first: captured before the command answered.
    expect(resolved.order).toMatchObject({
      id: orderId,
      error: null,
      cost: { paymentStatus: 'captured', extractionPaymentStatus: 'captured' },
    });
    expect(['with_registry', 'extracting', 'completed']).toContain(resolved.order.status);

    const done = await orderUntil(c.apiKey, orderId, (o) => o.status === 'completed');
    expect(done).toMatchObject({
      error: null,
      cost: { paymentStatus: 'captured', documentCreditPaymentStatus: 'captured', extractionPaymentStatus: 'captured' },
    });
    const [doc] = done.documents;
    expect(doc).toMatchObject({ type: 'register', status: 'available', textStatus: 'ready' });
    const pdf = await send('GET', doc.downloadUrl.replace('/api/v1', ''), c.apiKey);
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(((await send('GET', doc.textUrl.replace('/api/v1', ''), c.apiKey)).body as Buffer).toString()).toContain('NGL918273');

    // 5,000 - 700 = 4,300 p; 10,000 - 150 = 9,850 credits; nothing held; captured exactly once.
    expect(await balances(c.accountId)).toEqual({
      credits: 9_850,
      reservedCredits: 0,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 0,
    });
    expect(await ledgerEventsOf(c.accountId, orderId)).toEqual([
      'CreditsReserved',
      'CashReserved',
      'ReservationQuarantined',
      'CreditsCaptured',
      'CashCaptured',
    ]);
    // The registry was asked, never sent the order again.
    expect((await registry.order(orderId))?.submissions).toBe(1);
    const confirmed = (await orderEventsOf(orderId)).find((e) => e.type === 'SubmissionConfirmed');
    expect(confirmed?.metadata).toMatchObject({ actor: 'operator:alice', reason: 'registry holds it (ticket 4711)' });
    auditPasses();
  });
});

describe('resolving a submission the registry never received', () => {
  it('leaves the order quarantined while the registry cannot be asked, then fails it and gives everything back', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c.apiKey, 'BK509231', 'lost');
    expect(await registry.order(orderId)).toBeUndefined();
    await waitFor(async () => (await balances(c.accountId)).quarantinedPence === 700);
    const held = { credits: 9_950, reservedCredits: 50, pence: 4_300, reservedPence: 0, quarantinedPence: 700 };
    expect(await balances(c.accountId)).toEqual(held);
    const eventsBefore = (await orderEventsOf(orderId)).length;

    // The registry is too busy to say: nothing changes, and the operator is told to try again. (Untitled: the registry
    // holds no order to take a title from.)
    await registry.setFaults([{ operation: 'status', mode: 'delay' }]);
    const busy = await resolveOverApi(orderId, { reason: 'customer asked' });
    expect(busy.status).toBe(502);
    expect(busy.body).toEqual({
      success: false,
      error: { code: 'LAND_REGISTRY_ERROR', message: expect.stringMatching(/stays quarantined; try again later/) },
    });
    expect(await orderOf(c.apiKey, orderId)).toMatchObject({ status: 'quarantined', cost: { paymentStatus: 'quarantined' } });
    expect(await balances(c.accountId)).toEqual(held);
    expect(await orderEventsOf(orderId)).toHaveLength(eventsBefore);
    await registry.clearFaults();

    const cli = await resolveWithCli('--order', orderId, '--reason', 'registry has no record');
    expect(cli).toMatchObject({ code: 0, stderr: '' });
    const resolved = JSON.parse(cli.stdout);
    expect(resolved.resolution).toEqual({ finding: 'never_received', registryReference: null, resolvedAt: expect.any(String) });
    expect(resolved.order).toMatchObject({
      id: orderId,
      status: 'failed',
      error: { code: 'SUBMISSION_NOT_RECEIVED', message: expect.stringMatching(/never reached it/) },
      cost: { paymentStatus: 'released', documentCreditPaymentStatus: 'released' },
      documents: [{ type: 'register', status: 'failed' }],
    });
    await orderUntil(c.apiKey, orderId, (o) => o.status === 'failed' && o.cost.paymentStatus === 'released');

    // Back to the opening balances; the reservation released, never taken.
    expect(await balances(c.accountId)).toEqual({
      credits: openingCredits,
      reservedCredits: 0,
      pence: openingPence,
      reservedPence: 0,
      quarantinedPence: 0,
    });
    expect(await ledgerEventsOf(c.accountId, orderId)).toEqual([
      'CreditsReserved',
      'CashReserved',
      'ReservationQuarantined',
      'CreditsReleased',
      'CashReleased',
    ]);
    const lost = (await orderEventsOf(orderId)).find((e) => e.type === 'SubmissionLost');
    expect(lost?.metadata).toMatchObject({ actor: expect.stringMatching(/^operator:/), reason: 'registry has no record' });
    // Resolving never submits: the registry still has no order.
    expect(await registry.order(orderId)).toBeUndefined();
    auditPasses();
  });
});

describe('a repeated resolution', () => {
  it('answers the same and changes nothing', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c.apiKey, 'WT371956', 'lost');
    const first = await resolveOverApi(orderId, { reason: 'first' });
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({ status: 'failed', cost: { paymentStatus: 'released' } });
    const orderEvents = await orderEventsOf(orderId);
    const ledgerEvents = await ledgerEventsOf(c.accountId, orderId);
    const after = await balances(c.accountId);

    const again = await resolveOverApi(orderId, { reason: 'second' });
    expect(again).toEqual(first);
    expect(await orderEventsOf(orderId)).toEqual(orderEvents);
    expect(await ledgerEventsOf(c.accountId, orderId)).toEqual(ledgerEvents);
    expect(await balances(c.accountId)).toEqual(after);
    expect(after).toEqual({ credits: openingCredits, reservedCredits: 0, pence: openingPence, reservedPence: 0, quarantinedPence: 0 });
  });
});

describe('refusals', () => {
  it('refuses an order that was never quarantined (409) and an unknown order (404), changing nothing', async () => {
    const c = await customer();
    const orderId = await placeOrder(c.apiKey, 'BK509231', false);
    await orderUntil(c.apiKey, orderId, (o) => o.status === 'completed');
    const eventsBefore = await orderEventsOf(orderId);

    const refused = await resolveOverApi(orderId, { reason: 'by mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'ORDER_NOT_QUARANTINED', message: expect.stringMatching(/is completed, not quarantined/) },
    });
    expect(await orderEventsOf(orderId)).toEqual(eventsBefore);
    expect(await balances(c.accountId)).toEqual({
      credits: 9_950,
      reservedCredits: 0,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 0,
    });

    const unknown = await resolveOverApi('ord_aaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown).toEqual({ status: 404, body: { success: false, error: { code: 'ORDER_NOT_FOUND', message: expect.any(String) } } });
    expect((await resolveOverApi('not-an-order')).status).toBe(404);
    expect((await resolveOverApi(orderId, { outcome: 'capture' })).body.error.code).toBe('INVALID_PARAMETERS');
    const cli = await resolveWithCli('--order', orderId);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('409 ORDER_NOT_QUARANTINED');
  });
});

describe('a reservation an operator settled at the ledger first', () => {
  it('captured, for an order the registry never received: the order fails and the capture is refunded in full', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c.apiKey, 'CYM604817', 'lost');
    await waitFor(async () => (await balances(c.accountId)).quarantinedPence === 700);
    await t.admin.resolveReservation(c.accountId, `rsv_${orderId}`, 'capture', 'operator guessed it went through');
    expect(await balances(c.accountId)).toEqual({
      credits: 9_950,
      reservedCredits: 0,
      pence: 4_300,
      reservedPence: 0,
      quarantinedPence: 0,
    });

    await t.admin.resolveOrder(orderId, { reason: 'check the registry' });
    const done = await orderUntil(c.apiKey, orderId, (o) => o.status === 'failed' && o.cost.paymentStatus === 'refunded');
    expect(done.error.code).toBe('SUBMISSION_NOT_RECEIVED');
    expect(await balances(c.accountId)).toEqual({
      credits: openingCredits,
      reservedCredits: 0,
      pence: openingPence,
      reservedPence: 0,
      quarantinedPence: 0,
    });
    expect(await ledgerEventsOf(c.accountId, orderId)).toEqual([
      'CreditsReserved',
      'CashReserved',
      'ReservationQuarantined',
      'CreditsCaptured',
      'CashCaptured',
      'CreditsRefunded',
      'CashRefunded',
    ]);
    auditPasses();
  });

  it('released, for an order the registry holds: the release stands and the copy is delivered without charge', async () => {
    const c = await customer();
    const orderId = await quarantinedOrder(c.apiKey, 'NGL402216', 'uncertain');
    await waitFor(async () => (await balances(c.accountId)).quarantinedPence === 700);
    await t.admin.resolveReservation(c.accountId, `rsv_${orderId}`, 'release', 'operator guessed it was lost');

    const resolved = await t.admin.resolveOrder(orderId, { reason: 'check the registry' });
    expect(resolved.resolution.finding).toBe('accepted');
    const done = await orderUntil(c.apiKey, orderId, (o) => o.status === 'completed');
    expect(done.cost.paymentStatus).toBe('released');
    expect((await send('GET', done.documents[0].downloadUrl.replace('/api/v1', ''), c.apiKey)).status).toBe(200);
    expect(await balances(c.accountId)).toEqual({
      credits: openingCredits,
      reservedCredits: 0,
      pence: openingPence,
      reservedPence: 0,
      quarantinedPence: 0,
    });
    expect(await ledgerEventsOf(c.accountId, orderId)).toEqual([
      'CreditsReserved',
      'CashReserved',
      'ReservationQuarantined',
      'CreditsReleased',
      'CashReleased',
    ]);
    auditPasses();
  });
});
