import fc from 'fast-check';
import type { AccountCommand } from '@pds/billing-ledger';

// Commands for an account's stream, at random, for tests that run them through decide: every command over a few
// reservations, refunds, deposits and debts, with time moving on by seconds to weeks (so expiries, monthly refreshes
// and the forgetting of settled calls happen). Each id always means the same thing, so a repeat is a retry.

export const accountId = 'acc_streams01';
export const start = Date.parse('2026-01-31T10:00:00.000Z');
const reason = 'test';
const ids = (prefix: string) => fc.constantFrom(`${prefix}0`, `${prefix}1`, `${prefix}2`);
const reservationId = ids('r');
const keyIds = fc.constantFrom('key_aaaaaaaaaaaaaaaa', 'key_bbbbbbbbbbbbbbbb', 'key_cccccccccccccccc');
/** A key's hash and prefix follow from its id (the letter repeated), so each id always names the same key. */
const withHash =
  (idField: string, hashField: string, prefixField: string) =>
  (r: Record<string, unknown>): Record<string, unknown> => {
    const letter = String(r[idField]).slice(4, 5);
    return { ...r, [hashField]: letter.repeat(64), [prefixField]: `pds_live_${letter.repeat(4)}` };
  };

const subscriptions = fc.constantFrom('sub_a', 'sub_b');
const period = (subscriptionId: string, plan: string, startsAt: string, endsAt: string) => ({
  kind: 'subscription_period',
  subscriptionId,
  priceId: `price_${plan}`,
  plan,
  periodStartsAt: startsAt,
  periodEndsAt: endsAt,
});
const payment = (paymentId: string, amountPence: number, purpose: Record<string, unknown>) => ({
  paymentId,
  amountPence,
  currency: 'gbp',
  providerRef: `pi_${paymentId.slice(10)}`,
  purpose,
});
/** Top-ups, three periods of one subscription and one of another, upgrades that fit or not, money for nothing known. */
const payments = [
  payment('stripe:cs_top0', 2_000, { kind: 'top_up' }),
  payment('stripe:cs_top1', 5_000, { kind: 'top_up' }),
  payment('stripe:cs_top1', 100, { kind: 'top_up' }),
  payment('stripe:in_a1', 2_900, period('sub_a', 'basic', '2026-01-31T10:00:00Z', '2026-02-28T10:00:00Z')),
  payment('stripe:in_a2', 9_900, period('sub_a', 'standard', '2026-02-28T10:00:00Z', '2026-03-31T10:00:00Z')),
  payment('stripe:in_a3', 2_900, period('sub_a', 'basic', '2026-03-31T10:00:00Z', '2026-04-30T10:00:00Z')),
  payment('stripe:in_b1', 29_900, period('sub_b', 'premium', '2026-02-10T10:00:00Z', '2026-03-10T10:00:00Z')),
  payment('stripe:cs_up0', 3_500, { kind: 'plan_upgrade', subscriptionId: 'sub_a', from: 'basic', to: 'standard' }),
  payment('stripe:cs_up1', 10_000, { kind: 'plan_upgrade', subscriptionId: 'sub_a', from: 'standard', to: 'premium' }),
  payment('stripe:cs_up2', 13_500, { kind: 'plan_upgrade', subscriptionId: 'sub_b', from: 'basic', to: 'premium' }),
  payment('stripe:cs_un0', 700, { kind: 'unallocated', note: 'not ours' }),
];

export type Step = { type: AccountCommand['type']; afterMs: number; data: Record<string, unknown> };
const step = (type: AccountCommand['type'], weight: number, data: fc.Arbitrary<Record<string, unknown>>) => ({
  weight,
  arbitrary: fc.record({ afterMs: fc.constantFrom(0, 1_000, 90_000, 3_600_000, 8 * 86_400_000), data }).map((s): Step => ({ ...s, type })),
});

export const open = step(
  'OpenAccount',
  1,
  fc.record({
    creditCycle: fc.constantFrom('monthly', 'trial', 'non_renewing'),
    orderingEnabled: fc.boolean(),
    openingCredits: fc.constantFrom(0, 600),
  }),
).arbitrary;
export const anyStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: open },
  step('GrantCredits', 1, fc.record({ grantId: ids('g'), amountCredits: fc.constantFrom(1, 500), reason: fc.constant(reason) })),
  // Each reservation id has one size (a call, an order, a dear order), so a repeat is a retry, not a mismatch.
  step(
    'ReserveCredits',
    4,
    fc
      .record({
        reservation: fc.constantFrom<[string, number, number]>(['r0', 2, 0], ['r1', 150, 700], ['r2', 300, 1_400]),
        purpose: fc.constantFrom('api_call', 'api_call', 'official_copy_order'),
      })
      .map(({ reservation: [id, amountCredits, amountPence], purpose }) => ({ reservationId: id, amountCredits, amountPence, purpose })),
  ),
  // A one-step charge shares ids with the reservations, so it meets a reservation held, settled or refused by that id.
  step(
    'ChargeCredits',
    3,
    fc.constantFrom<[string, number]>(['r0', 2], ['r2', 300]).map(([id, amountCredits]) => ({ reservationId: id, amountCredits })),
  ),
  step('CaptureCredits', 4, fc.record({ reservationId })),
  step(
    'ReleaseCredits',
    2,
    fc.record({ reservationId, reason: fc.constant(reason), barUnmade: fc.option(fc.constant(true), { nil: undefined }) }),
  ),
  step('QuarantineReservation', 1, fc.record({ reservationId, reason: fc.constant(reason) })),
  step('ExpireReservation', 1, fc.record({ reservationId })),
  step(
    'RefundCapture',
    3,
    fc
      .record({ reservationId, refundId: ids('f'), amounts: fc.constantFrom<[number, number]>([1, 0], [0, 300], [1, 300], [100, 700]) })
      .map(({ amounts: [amountCredits, amountPence], ...r }) => ({ ...r, amountCredits, amountPence, reason })),
  ),
  step(
    'DepositPurchaseBalance',
    2,
    fc.record({ depositId: ids('d'), amountPence: fc.constantFrom(500, 2_000), reference: fc.constant(reason) }),
  ),
  step('RecordDebt', 1, fc.record({ debtId: ids('b'), amountPence: fc.constantFrom(100, 3_000), reason: fc.constant(reason) })),
  step('SetAccountHold', 1, fc.record({ held: fc.boolean(), reason: fc.constant(reason) })),
  step(
    'SetOrderingEntitlement',
    1,
    fc.record({ enabled: fc.boolean(), reason: fc.constant(reason), by: fc.constantFrom('operator', 'customer') }),
  ),
  step('RefreshCredits', 1, fc.constant({})),
  // Three key ids, each always with one hash, so a repeat is a retry; rotations may name the opening key or another.
  step('IssueApiKey', 1, fc.record({ keyId: keyIds, name: fc.constant('a key') }).map(withHash('keyId', 'keyHash', 'keyPrefix'))),
  step(
    'RotateApiKey',
    1,
    fc
      .record({ keyId: fc.oneof(fc.constant('key_opening'), keyIds), newKeyId: keyIds, graceMs: fc.constantFrom(0, 3_600_000) })
      .map(withHash('newKeyId', 'newKeyHash', 'newKeyPrefix')),
  ),
  step('RevokeApiKey', 1, fc.record({ keyId: fc.oneof(fc.constant('key_opening'), keyIds), reason: fc.constant(reason) })),
  // Each payment id always brings the same content (a repeat is a redelivery), but for one altered copy.
  step('RecordPayment', 6, fc.constantFrom(...payments)),
  step(
    'RecordSubscriptionChange',
    2,
    fc.record({
      subscriptionId: subscriptions,
      cancelAtPeriodEnd: fc.boolean(),
      planAtRenewal: fc.constantFrom(null, 'basic', 'standard'),
      stripeEventId: fc.constant('evt_1'),
    }),
  ),
  step(
    'RecordSubscriptionPaymentFailed',
    1,
    fc.record({
      subscriptionId: subscriptions,
      invoiceId: fc.constantFrom('in_a2', 'in_a3', 'in_b2'),
      attempt: fc.constantFrom(1, 2),
      nextAttemptAt: fc.constant(null),
    }),
  ),
  step(
    'EndSubscription',
    1,
    fc.record({ subscriptionId: subscriptions, endedAt: fc.constant('2026-03-01T00:00:00Z'), reason: fc.constant('cancelled') }),
  ),
);

export const commandOf = (s: Step, at: number): AccountCommand => {
  const now = new Date(at).toISOString();
  if (s.type === 'OpenAccount') {
    return {
      type: 'OpenAccount',
      data: { accountId, plan: 'basic', apiKeyHash: 'f'.repeat(64), apiKeyPrefix: 'pds_live_abcd', origin: 'operator', ...s.data },
      now,
    } as AccountCommand;
  }
  const data = { accountId, ...s.data };
  if (s.type === 'ChargeCredits') return { type: s.type, data: { ...data, operation: 'op', requestId: 'req' }, now } as AccountCommand;
  if (s.type !== 'ReserveCredits') return { type: s.type, data, now } as AccountCommand;
  return {
    type: s.type,
    data: { ...data, operation: 'op', requestId: 'req' },
    now,
    expiresAt: new Date(at + 120_000).toISOString(),
  } as AccountCommand;
};
