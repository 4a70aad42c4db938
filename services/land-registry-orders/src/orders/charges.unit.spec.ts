import { pricing, topicsFor } from '@pds/contracts';
import { LedgerClient } from '@pds/ledger-client';
import type { RequestReplyClient } from '@pds/service-runtime';
import { LedgerStepError, OrderCharges } from './charges';
import type { PlacedOrder } from './order';

// What the order learns from the ledger's answer to a settling command: a reservation an operator settled first
// (the ledger refuses the repeat with RESERVATION_ALREADY_CAPTURED or _RELEASED) answers how it was settled.

const order = {
  orderId: 'ord_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  accountId: 'acc_12345678',
  reservationId: 'rsv_1',
  cost: pricing.priceOf('register', false),
} as PlacedOrder;
const ctx = { correlationId: 'c', actor: 'land-registry-orders' };

/** A ledger that answers every command with `answer`, and remembers what it was asked. */
const ledger = (answer: { ok: true } | { ok: false; code: string }) => {
  const asked: Array<{ type: string; data: unknown }> = [];
  const rpc = {
    request: async (spec: { type: string }, _topic: string, _key: string, data: unknown) => {
      asked.push({ type: spec.type, data });
      return answer.ok ? { ok: true, data: {} } : { ok: false, error: { code: answer.code, message: 'no' } };
    },
  } as unknown as RequestReplyClient;
  return { charges: new OrderCharges(new LedgerClient(rpc, topicsFor('unit'), 1_000)), asked };
};

describe('settling an order reservation at the ledger', () => {
  it.each([
    ['capture', { ok: true } as const, 'captured'],
    ['capture', { ok: false, code: 'RESERVATION_ALREADY_CAPTURED' }, 'captured'],
    ['capture', { ok: false, code: 'RESERVATION_ALREADY_RELEASED' }, 'released'],
    ['release', { ok: true } as const, 'released'],
    ['release', { ok: false, code: 'RESERVATION_ALREADY_RELEASED' }, 'released'],
    ['release', { ok: false, code: 'RESERVATION_ALREADY_CAPTURED' }, 'captured'],
    ['quarantine', { ok: true } as const, 'quarantined'],
    ['quarantine', { ok: false, code: 'RESERVATION_ALREADY_CAPTURED' }, 'captured'],
    ['quarantine', { ok: false, code: 'RESERVATION_ALREADY_RELEASED' }, 'released'],
  ] as const)('%s answered %j: the ledger holds it %s', async (step, answer, held) => {
    const { charges, asked } = ledger(answer);
    const outcome = step === 'capture' ? await charges.capture(order, ctx) : await charges[step](order, ctx, 'why');
    expect(outcome).toBe(held);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.data).toMatchObject({ accountId: 'acc_12345678', reservationId: 'rsv_1' });
  });

  it('throws on an answer the order cannot act on, so that the driver tries the step again later', async () => {
    await expect(ledger({ ok: false, code: 'RESERVATION_EXPIRED' }).charges.capture(order, ctx)).rejects.toThrow(LedgerStepError);
    await expect(ledger({ ok: false, code: 'ACCOUNT_NOT_FOUND' }).charges.release(order, ctx, 'why')).rejects.toThrow(/ACCOUNT_NOT_FOUND/);
    await expect(
      ledger({ ok: false, code: 'REFUND_EXCEEDS_CAPTURE' }).charges.refund(order, ctx, {
        refundId: 'r',
        amountCredits: 50,
        amountPence: 700,
        reason: 'x',
      }),
    ).rejects.toThrow(LedgerStepError);
  });
});
