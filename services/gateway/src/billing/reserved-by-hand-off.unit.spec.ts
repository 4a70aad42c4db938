import { billing, defineCommand, topicsFor, z, type Reply } from '@pds/contracts';
import { createLogger, RequestTimeoutError } from '@pds/service-runtime';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import { ownerWork } from '../routes/ask-owner';
import { reservedByHandOff } from './reserved-by-hand-off';

// The gateway's side of a reservation chained to its work and capture, with the bus and the ledger as doubles: what is
// sent, which answer each reply (or silence) becomes, and what is asked of the ledger to settle it. The chain itself
// over Kafka (ledger → service → ledger) is in ledger-messaging.e2e.

const topics = topicsFor('unit');
const accountId = 'acc_chained01';
const balance = (availableCredits: number, reservedCredits = 0): billing.LedgerBalance => ({
  accountId,
  plan: 'basic',
  availableCredits,
  reservedCredits,
  creditsRefreshAt: '2026-12-01T00:00:00.000Z',
  creditCycle: 'monthly',
  purchaseBalance: { availablePence: 0, reservedPence: 0, quarantinedPence: 0, debtPence: 0 },
  standing: { held: false, orderingEnabled: false },
});
const shown = (availableCredits: number) => ({ availableCredits, creditsRefreshAt: '2026-12-01T00:00:00.000Z' });

// A location command of the owner's shape (`data` with its `sources`), its reply checked by its schema.
const CountThings = defineCommand(
  'CountThings',
  z.object({ postcode: z.string() }),
  z.object({ data: z.object({ count: z.number().int() }), sources: z.array(z.object({ name: z.string() }).passthrough()) }),
);
const counted = { data: { count: 12 }, sources: [{ name: 'Test data' }] };
const work = () => ownerWork('location', CountThings as unknown as Parameters<typeof ownerWork>[1], { postcode: 'LS1 4AP' }, 'count');

type Sent = { spec: string; topic: string; key: string; data: unknown; then?: Record<string, unknown> };
type LedgerMocks = Partial<Record<'release' | 'releaseOrBar' | 'refund' | 'balance' | 'capture', jest.Mock>>;

const setup = (replies: Array<Reply | 'silence'>, ledger: LedgerMocks = {}, reservationId?: string) => {
  const sent: Sent[] = [];
  const requestReply = jest.fn(
    async (spec: { type: string }, topic: string, key: string, data: unknown, _ctx: unknown, options: { then?: Sent['then'] }) => {
      sent.push({ spec: spec.type, topic, key, data, ...(options.then ? { then: options.then } : {}) });
      const reply = replies.shift();
      if (!reply || reply === 'silence') throw new RequestTimeoutError(spec.type, 10);
      return reply;
    },
  );
  const deps = { rpc: { requestReply }, topics, workTimeoutMs: 10, ledger } as unknown as GatewayDeps;
  const ctx: CallContext = { correlationId: 'c', requestId: 'req_1', actor: 'test', logger: createLogger('test', 'silent') };
  const charge = { accountId, operation: 'area_crime', costCredits: 3, ...(reservationId ? { reservationId } : {}) };
  return { sent, run: () => reservedByHandOff(deps, ctx, charge, work()) };
};

const fromLedger = (reply: Omit<Reply, 'inReplyTo' | 'handledBy'>): Reply => ({ inReplyTo: 'x', handledBy: 'billing-ledger', ...reply });
const fromLocation = (reply: Omit<Reply, 'inReplyTo' | 'handledBy'>): Reply => ({ inReplyTo: 'x', handledBy: 'location', ...reply });
const answering = (code: string) => jest.fn(async () => ({ ok: false, error: { code, message: code } }));
const reservationOf = (sent: Sent[]) => (sent[0]!.data as { reservationId: string }).reservationId;

describe('a reservation chained to its work and its capture', () => {
  it('sends one request: the reservation, the work handed on after it, the capture after that; answers charged once', async () => {
    const { sent, run } = setup([fromLedger({ ok: true, data: balance(4), answer: counted })]);
    expect(await run()).toEqual({ ok: true, data: counted, chargedCredits: 3, balance: shown(4) });
    expect(sent).toHaveLength(1);
    const reservationId = reservationOf(sent);
    expect(reservationId).toMatch(/^rsv_/);
    expect(sent[0]).toEqual({
      spec: 'ReserveCredits',
      topic: topics.commands('billing-ledger'),
      key: accountId,
      data: { accountId, reservationId, amountCredits: 3, operation: 'area_crime', requestId: 'req_1' },
      then: {
        topic: topics.commands('location'),
        key: 'req_1',
        type: 'CountThings',
        data: { postcode: 'LS1 4AP' },
        then: { topic: topics.commands('billing-ledger'), key: accountId, type: 'CaptureCredits', data: { accountId, reservationId } },
      },
    });
  });

  it("reserves under a keyed call's reservation id, so a retry charges under the same id", async () => {
    const { sent, run } = setup([fromLedger({ ok: true, data: balance(4), answer: counted })], {}, 'rsv_claimed');
    await run();
    expect(reservationOf(sent)).toBe('rsv_claimed');
    expect((sent[0]!.then!.then as { data: unknown }).data).toEqual({ accountId, reservationId: 'rsv_claimed' });
  });

  it("answers the reservation's refusal with its code and balance: the work never ran, nothing charged", async () => {
    const release = jest.fn();
    const refused = fromLedger({ ok: false, error: { code: 'INSUFFICIENT_CREDITS', message: 'short' }, data: balance(2) });
    const outcome = await setup([refused], { release }).run();
    expect(outcome).toMatchObject({ ok: false, code: 'INSUFFICIENT_CREDITS', balance: shown(2) });
    expect(outcome.ok === false && outcome.message).toMatch(/^This call costs 3 credits\. .* Nothing was charged\.$/);
    expect(release).not.toHaveBeenCalled();
  });

  it("releases what was held when the service refuses the work, and answers the service's refusal with the balance after", async () => {
    const release = jest.fn(async () => ({ ok: true, data: balance(10) }));
    const refused = fromLocation({ ok: false, error: { code: 'POSTCODE_NOT_FOUND', message: 'No such postcode.' }, answer: balance(7, 3) });
    const { sent, run } = setup([refused], { release });
    expect(await run()).toEqual({
      ok: false,
      code: 'POSTCODE_NOT_FOUND',
      message: 'No such postcode. Nothing was charged.',
      balance: shown(10),
    });
    expect(release.mock.calls[0]).toEqual([expect.anything(), accountId, reservationOf(sent), 'work failed: POSTCODE_NOT_FOUND']);
  });

  it('captures itself when the service answered instead of handing on', async () => {
    const capture = jest.fn(async () => ({ ok: true, data: balance(6) }));
    const { sent, run } = setup([fromLocation({ ok: true, data: counted })], { capture });
    expect(await run()).toEqual({ ok: true, data: counted, chargedCredits: 3, balance: shown(6) });
    expect(capture.mock.calls[0]).toEqual([expect.anything(), accountId, reservationOf(sent)]);
  });

  it('settles a refused capture by a release: released means nothing was charged', async () => {
    const release = jest.fn(async () => ({ ok: true, data: balance(10) }));
    const lapsed = fromLedger({ ok: false, error: { code: 'RESERVATION_EXPIRED', message: 'expired' }, answer: counted });
    const outcome = await setup([lapsed], { releaseOrBar: release }).run();
    expect(outcome).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE', balance: shown(10) });
  });

  it('settles a refused capture by a release: already captured means the caller paid, and gets the answer', async () => {
    const release = answering('RESERVATION_ALREADY_CAPTURED');
    const balanceOf = jest.fn(async () => ({ ok: true, data: balance(1) }));
    const lapsed = fromLedger({ ok: false, error: { code: 'RESERVATION_RELEASED', message: 'x' }, answer: counted });
    expect(await setup([lapsed], { releaseOrBar: release, balance: balanceOf }).run()).toEqual({
      ok: true,
      data: counted,
      chargedCredits: 3,
      balance: shown(1),
    });
  });

  it('settles silence by a release: released means nothing was charged, and the work timed out', async () => {
    const release = jest.fn(async () => ({ ok: true, data: balance(10) }));
    const { sent, run } = setup(['silence'], { releaseOrBar: release });
    expect(await run()).toEqual({
      ok: false,
      code: 'UPSTREAM_TIMEOUT',
      message: 'The count was not ready in time. Nothing was charged. Retry shortly.',
      balance: shown(10),
    });
    expect(release.mock.calls[0]).toEqual([expect.anything(), accountId, reservationOf(sent), expect.any(String), 30_000]);
  });

  it('settles silence after a capture by asking the work again, unchained, and answers it charged', async () => {
    const release = answering('RESERVATION_ALREADY_CAPTURED');
    const balanceOf = jest.fn(async () => ({ ok: true, data: balance(2) }));
    const refund = jest.fn();
    const { sent, run } = setup(['silence', fromLocation({ ok: true, data: counted })], {
      releaseOrBar: release,
      balance: balanceOf,
      refund,
    });
    expect(await run()).toEqual({ ok: true, data: counted, chargedCredits: 3, balance: shown(2) });
    expect(sent.map((s) => [s.spec, s.topic, s.then])).toEqual([
      ['ReserveCredits', topics.commands('billing-ledger'), expect.anything()],
      ['CountThings', topics.commands('location'), undefined],
    ]);
    expect(refund).not.toHaveBeenCalled();
  });

  it('refunds a capture whose carried answer cannot be read, so that the refusal charges nothing', async () => {
    const refund = jest.fn(async () => ({ ok: true, data: balance(9) }));
    const unreadable = fromLedger({ ok: true, data: balance(6), answer: { data: { count: 'twelve' }, sources: [] } });
    const { sent, run } = setup([unreadable], { refund });
    expect(await run()).toMatchObject({ ok: false, code: 'INTERNAL_SERVER_ERROR', balance: shown(9) });
    const reservationId = reservationOf(sent);
    expect(refund.mock.calls[0]).toEqual([
      expect.anything(),
      { accountId, reservationId, refundId: `rfd_${reservationId}`, amountCredits: 3, reason: expect.any(String) },
    ]);
  });

  it('says to retry when the ledger cannot say whether the silent chain charged', async () => {
    const release = jest.fn(async () => {
      throw new RequestTimeoutError('ReleaseCredits', 10);
    });
    expect(await setup(['silence'], { releaseOrBar: release }).run()).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
