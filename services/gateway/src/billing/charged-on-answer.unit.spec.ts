import { analysis, billing, topicsFor, type Reply } from '@pds/contracts';
import { createLogger, RequestTimeoutError } from '@pds/service-runtime';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import { analysisWork } from '../routes/calculation-work';
import { chargedByHandOff } from './charged-on-answer';

// The gateway's side of a hand-off, with the bus and the ledger as doubles: which answer each reply (or silence)
// becomes, and what is asked of the ledger to settle it. The hand-off itself over Kafka is in ledger-messaging.e2e.

const topics = topicsFor('unit');
const accountId = 'acc_handoff1';
const balance = (availableCredits: number): billing.LedgerBalance => ({
  accountId,
  plan: 'basic',
  availableCredits,
  reservedCredits: 0,
  creditsRefreshAt: '2026-12-01T00:00:00.000Z',
  creditCycle: 'monthly',
  purchaseBalance: { availablePence: 0, reservedPence: 0, quarantinedPence: 0, debtPence: 0 },
  standing: { held: false, orderingEnabled: false },
});
// A calculation's answer in the reply schema's shape; worked by hand: base £2,500/m², extension 20 m² £50,000,
// subtotal £300,000, uplift 10% £30,000, adjusted £330,000 over 120 m².
const query = { value: 250_000, floorArea: 100, extensionArea: 20, renovationUplift: 10 };
const calculated = {
  input: query,
  result: {
    originalValue: 250_000,
    adjustedValue: 330_000,
    totalChange: 80_000,
    totalChangePercent: '32.0%',
    pricePerM2: { original: 2_500, adjusted: 2_750 },
    pricePerSqFt: { original: 232, adjusted: 255 },
    breakdown: { extensionArea: 20, extensionValue: 50_000, totalFloorArea: 120, renovationUplift: '10%', renovationUpliftValue: 30_000 },
  },
};

type Sent = { topic: string; key: string; data: unknown; then?: { topic: string; key: string; type: string; data: unknown } };

const setup = (
  replies: Array<Reply | 'silence'>,
  ledger: Partial<Record<'release' | 'releaseOrBar' | 'refund' | 'balance' | 'charge', jest.Mock>> = {},
) => {
  const sent: Sent[] = [];
  const requestReply = jest.fn(
    async (_spec: unknown, topic: string, key: string, data: unknown, _ctx: unknown, options: { then?: Sent['then'] }) => {
      sent.push({ topic, key, data, ...(options.then ? { then: options.then } : {}) });
      const reply = replies.shift();
      if (!reply || reply === 'silence') throw new RequestTimeoutError('CalculateRenovationUplift', 10);
      return reply;
    },
  );
  const deps = { rpc: { requestReply }, topics, workTimeoutMs: 10, ledger } as unknown as GatewayDeps;
  const ctx: CallContext = { correlationId: 'c', requestId: 'req_1', actor: 'test', logger: createLogger('test', 'silent') };
  const charge = { accountId, operation: 'renovation_uplift_calculator', costCredits: 1 };
  return { sent, run: () => chargedByHandOff(deps, ctx, charge, analysisWork(analysis.CalculateRenovationUplift, query)) };
};

const fromLedger = (reply: Omit<Reply, 'inReplyTo' | 'handledBy'>): Reply => ({ inReplyTo: 'x', handledBy: 'billing-ledger', ...reply });
const fromAnalysis = (reply: Omit<Reply, 'inReplyTo' | 'handledBy'>): Reply => ({ inReplyTo: 'x', handledBy: 'analysis', ...reply });
const released = (code: string) => jest.fn(async () => ({ ok: false, error: { code, message: code } }));

describe('charging by hand-off', () => {
  it('sends the work with the charge attached, and answers with what the ledger carried back, charged once', async () => {
    const { sent, run } = setup([fromLedger({ ok: true, data: balance(4), answer: calculated })]);
    const outcome = await run();
    expect(outcome).toEqual({
      ok: true,
      data: { data: calculated, sources: undefined },
      chargedCredits: 1,
      balance: { availableCredits: 4, creditsRefreshAt: '2026-12-01T00:00:00.000Z' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      topic: topics.commands('analysis'),
      data: query,
      then: { topic: topics.commands('billing-ledger'), key: accountId, type: 'ChargeCredits' },
    });
    expect(sent[0]!.then!.data).toMatchObject({
      accountId,
      amountCredits: 1,
      operation: 'renovation_uplift_calculator',
      requestId: 'req_1',
    });
    expect((sent[0]!.then!.data as { reservationId: string }).reservationId).toMatch(/^chg_/);
  });

  it("answers the ledger's refusal with its code and balance: nothing charged", async () => {
    const refused = fromLedger({
      ok: false,
      error: { code: 'INSUFFICIENT_CREDITS', message: 'short' },
      data: balance(0),
      answer: calculated,
    });
    const outcome = await setup([refused]).run();
    expect(outcome).toMatchObject({ ok: false, code: 'INSUFFICIENT_CREDITS', balance: { availableCredits: 0 } });
    expect(outcome.ok === false && outcome.message).toMatch(/^This call costs 1 credits\. .* Nothing was charged\.$/);
  });

  it("answers the service's refusal as the work's failure, and never asks the ledger", async () => {
    const charge = jest.fn();
    const { run } = setup([fromAnalysis({ ok: false, error: { code: 'CALCULATION_FAILED', message: 'no' } })], { charge });
    expect(await run()).toEqual({ ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' });
    expect(charge).not.toHaveBeenCalled();
  });

  it('charges in one step itself when the service answered instead of handing on', async () => {
    const charge = jest.fn(async () => ({ ok: true, data: balance(7) }));
    const outcome = await setup([fromAnalysis({ ok: true, data: calculated })], { charge }).run();
    expect(outcome).toMatchObject({ ok: true, chargedCredits: 1, balance: { availableCredits: 7 }, data: { data: calculated } });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]).toEqual([expect.anything(), expect.objectContaining({ accountId, amountCredits: 1 })]);
  });

  it('settles silence by a release: not found means nothing was charged, and the work timed out', async () => {
    const release = released('RESERVATION_NOT_FOUND');
    const { sent, run } = setup(['silence'], { releaseOrBar: release });
    expect(await run()).toEqual({
      ok: false,
      code: 'UPSTREAM_TIMEOUT',
      message: 'The calculation was not answered in time; nothing was charged. Retry shortly.',
    });
    const reservationId = (sent[0]!.then!.data as { reservationId: string }).reservationId;
    expect(release.mock.calls[0]).toEqual([expect.anything(), accountId, reservationId, expect.any(String), 30_000]);
    expect(sent).toHaveLength(1);
  });

  it('settles silence after a charge by asking the work again, without a hand-off, and answers it charged', async () => {
    const release = released('RESERVATION_ALREADY_CAPTURED');
    const balanceOf = jest.fn(async () => ({ ok: true, data: balance(2) }));
    const refund = jest.fn();
    const { sent, run } = setup(['silence', fromAnalysis({ ok: true, data: calculated })], {
      releaseOrBar: release,
      balance: balanceOf,
      refund,
    });
    expect(await run()).toEqual({
      ok: true,
      data: { data: calculated, sources: undefined },
      chargedCredits: 1,
      balance: { availableCredits: 2, creditsRefreshAt: '2026-12-01T00:00:00.000Z' },
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.then).toBeUndefined();
    expect(refund).not.toHaveBeenCalled();
  });

  it('refunds a charge whose answer cannot be given, so that the refusal charges nothing', async () => {
    const release = released('RESERVATION_ALREADY_CAPTURED');
    const refund = jest.fn(async () => ({ ok: true, data: balance(5) }));
    const { sent, run } = setup(['silence', 'silence'], { releaseOrBar: release, refund });
    expect(await run()).toMatchObject({ ok: false, code: 'UPSTREAM_TIMEOUT', balance: { availableCredits: 5 } });
    const reservationId = (sent[0]!.then!.data as { reservationId: string }).reservationId;
    expect(refund.mock.calls[0]).toEqual([
      expect.anything(),
      { accountId, reservationId, refundId: `rfd_${reservationId}`, amountCredits: 1, reason: expect.any(String) },
    ]);
  });

  it('says to check the balance when the ledger cannot say whether it charged', async () => {
    const release = jest.fn(async () => {
      throw new RequestTimeoutError('ReleaseCredits', 10);
    });
    expect(await setup(['silence'], { releaseOrBar: release }).run()).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
  });

  it("reads a service's host refusal (an answer that did not fit its schema) as the work failing", async () => {
    const reply = fromAnalysis({ ok: false, error: { code: 'INVALID_ANSWER', message: 'The answer did not fit its schema.' } });
    expect(await setup([reply]).run()).toMatchObject({ ok: false, code: 'INTERNAL_ERROR' });
  });
});
