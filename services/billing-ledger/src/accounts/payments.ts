import { billing, planMonthlyCredits, planRank } from '@pds/contracts';
import { createHash } from 'node:crypto';
import type { Account, AccountEvent, OpenAccount } from './account';
import type { CommandOf } from './decide';
import { codes, LedgerError, requireOpen } from './ledger-error';
import { depositOf } from './purchase-balance';

type Purpose<K extends billing.PaymentPurpose['kind']> = Extract<billing.PaymentPurpose, { kind: K }>;
/** The `PaymentReceived` of the payment being decided; given a code when the money cannot be allocated. */
type Received = (unallocatedCode?: string) => AccountEvent;

/** JSON with every object's keys sorted, so the same content hashes the same however its keys were ordered (jsonb reorders them). */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
};

/**
 * What a repeat of a payment id must bring again: the amount, currency and purpose. Stripe's reference is left out:
 * it names the same money whichever way the payment was reported.
 */
export const paymentContentHash = (p: { amountPence: number; currency: string; purpose: billing.PaymentPurpose }): string =>
  createHash('sha256')
    .update(canonicalJson({ amountPence: p.amountPence, currency: p.currency, purpose: p.purpose }))
    .digest('hex');

/** The balance a refresh starts from: granted and refunded, less spent (held reservations count against the new allowance). */
const refreshOf = (account: OpenAccount, allowanceCredits: number, nextRefreshAt: string, now: string): AccountEvent => {
  const balance = account.grantedCredits + account.refundedCredits - account.capturedCredits;
  const { accountId } = account;
  return {
    type: 'CreditsRefreshed',
    data: { accountId, refreshedAt: now, nextRefreshAt, allowanceCredits, adjustmentCredits: allowanceCredits - balance },
  };
};

/**
 * A paid period: the subscription starts (none yet, or the last one ended) or renews (a later period of the same one),
 * the plan becomes the period's, and the balance is refreshed to its allowance, because money arrived. A period not
 * later than the current one (a late or reordered delivery) is only recorded: money is never dropped.
 */
const periodPaid = (account: OpenAccount, paymentId: string, purpose: Purpose<'subscription_period'>, received: Received, now: string) => {
  const current = account.subscription;
  const same = current?.subscriptionId === purpose.subscriptionId;
  if (current && same && Date.parse(purpose.periodEndsAt) <= Date.parse(current.periodEndsAt)) return [received()];
  if (current && !same && current.status !== 'ended') return [received(codes.subscriptionMismatch)];
  const renewal = current !== null && same && current.status !== 'ended';
  const { accountId } = account;
  const { subscriptionId, plan, periodStartsAt, periodEndsAt } = purpose;
  const period = { accountId, subscriptionId, plan, periodStartsAt, periodEndsAt, paymentId };
  const planChanged: AccountEvent[] =
    plan === account.plan
      ? []
      : [
          {
            type: 'PlanChanged',
            data: { accountId, from: account.plan, to: plan, reason: renewal ? 'renewal' : 'subscription', paymentId },
          },
        ];
  return [
    received(),
    renewal ? { type: 'SubscriptionRenewed', data: period } : { type: 'SubscriptionStarted', data: period },
    ...planChanged,
    refreshOf(account, planMonthlyCredits[plan], periodEndsAt, now),
  ] satisfies AccountEvent[];
};

/** An upgrade paid at once: the plan rises now and the rest of the period gets the difference between the allowances. */
const upgradePaid = (account: OpenAccount, paymentId: string, purpose: Purpose<'plan_upgrade'>, received: Received): AccountEvent[] => {
  const { subscriptionId, from, to } = purpose;
  const current = account.subscription;
  const fits =
    current?.subscriptionId === subscriptionId && current.status !== 'ended' && from === account.plan && planRank(to) > planRank(from);
  if (!fits) return [received(codes.subscriptionMismatch)];
  const { accountId } = account;
  return [
    received(),
    { type: 'PlanChanged', data: { accountId, from, to, reason: 'upgrade', paymentId } },
    {
      type: 'CreditsGranted',
      data: {
        accountId,
        grantId: paymentId,
        amountCredits: planMonthlyCredits[to] - planMonthlyCredits[from],
        reason: `upgrade from ${from} to ${to}`,
      },
    },
  ];
};

/**
 * Money that arrived, keyed by its payment id: the same payment again changes nothing, the same id with other content
 * is refused. What it buys is recorded in the same append (see the table in `docs/charging-and-limits.md`).
 */
export const recordPayment = (c: CommandOf<'RecordPayment'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, paymentId, amountPence, currency, providerRef, purpose } = c.data;
  const earlier = account.paymentIds.get(paymentId);
  if (earlier) {
    if (earlier.contentHash === paymentContentHash(c.data)) return [];
    throw new LedgerError(codes.paymentMismatch, `payment ${paymentId} is already recorded with another amount or purpose`);
  }
  // A payment's id becomes its deposit's or grant's id: one an operator already used would count other money twice.
  if (account.depositIds.has(paymentId) || account.grantIds.has(paymentId))
    throw new LedgerError(codes.paymentMismatch, `${paymentId} is already the id of a deposit or grant`);
  const received: Received = (unallocatedCode) => ({
    type: 'PaymentReceived',
    data: {
      accountId,
      paymentId,
      amountPence,
      currency,
      providerRef,
      purpose,
      receivedAt: c.now,
      ...(unallocatedCode ? { unallocatedCode } : {}),
    },
  });
  switch (purpose.kind) {
    case 'top_up':
      return [received(), ...depositOf(account, { accountId, depositId: paymentId, amountPence, reference: `card top-up ${providerRef}` })];
    case 'unallocated':
      return [received()];
    case 'subscription_period':
      return periodPaid(account, paymentId, purpose, received, c.now);
    case 'plan_upgrade':
      return upgradePaid(account, paymentId, purpose, received);
  }
};
