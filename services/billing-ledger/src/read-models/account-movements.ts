import { readModels, type ledgerEvents } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { businessTimeOf } from './account-usage';

// An account's money movements for its statements: one row per event that moves its credits or Purchase Balance
// (per-call charges and refunds aside: they are counted by day) or changes its plan or subscription. Credits and
// pence are signed as the balance moved; a payment and a debt recorded move neither balance and carry the amount
// paid or owed. `operation` says what a row was for: a payment's purpose, the plan an opening or a plan change
// leads to (so a closed month's statement names the plan it ended on). Written by the usage projection in its
// batch's transaction.

export interface MovementRow {
  accountId: string;
  globalPosition: number;
  at: string;
  month: string;
  kind: readModels.MovementKind;
  referenceId: string | null;
  operation: string | null;
  amountCredits: number;
  amountPence: number;
  description: string;
}

type Event = ledgerEvents.LedgerEvent;
type Of<T extends Event['type']> = Extract<Event, { type: T }>['data'];
type Described = Omit<MovementRow, 'accountId' | 'globalPosition' | 'at' | 'month'>;

const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);
const ukDate = (at: string) => DateTime.fromISO(at, { zone: 'Europe/London' }).toFormat('d LLL yyyy');
const row = (kind: readModels.MovementKind, referenceId: string | null, description: string, credits = 0, pence = 0): Described => ({
  kind,
  referenceId,
  operation: null,
  amountCredits: credits,
  amountPence: pence,
  description,
});

const paymentDescription = (d: Of<'PaymentReceived'>): string => {
  if (d.unallocatedCode !== undefined) return `Payment received, not allocated (${d.unallocatedCode})`;
  const p = d.purpose;
  switch (p.kind) {
    case 'subscription_period':
      return `Subscription payment, ${planName(p.plan)} plan, ${ukDate(p.periodStartsAt)} to ${ukDate(p.periodEndsAt)}`;
    case 'plan_upgrade':
      return `Upgrade payment, ${planName(p.from)} to ${planName(p.to)}`;
    case 'top_up':
      return 'Purchase Balance top-up';
    case 'unallocated':
      return `Payment received, not allocated: ${p.note}`;
  }
};

const subscriptionChange = (d: Of<'SubscriptionChangeRecorded'>): string => {
  if (d.cancelAtPeriodEnd) return `Subscription set to end on ${ukDate(d.periodEndsAt)}`;
  if (d.planAtRenewal) return `Plan to change to ${planName(d.planAtRenewal)} on ${ukDate(d.periodEndsAt)}`;
  return 'Subscription continues at renewal';
};

/** What an event is on a statement; undefined for the events that are not movements (calls' charges among them). */
const describe = (e: Event): Described | undefined => {
  switch (e.type) {
    case 'AccountOpened':
      return { ...row('account_opened', null, `Account opened on the ${planName(e.data.plan)} plan`), operation: e.data.plan };
    case 'CreditsGranted':
      return row('credits_granted', e.data.grantId, `Credits granted: ${e.data.reason}`, e.data.amountCredits);
    case 'CreditsRefreshed':
      return row('credits_refreshed', null, `Credits refreshed to the allowance of ${e.data.allowanceCredits}`, e.data.adjustmentCredits);
    case 'CreditsLapsed':
      return row('credits_lapsed', null, `Credits lapsed: ${e.data.reason}`, -e.data.amountCredits);
    case 'PaymentReceived': {
      const described = row('payment_received', e.data.paymentId, paymentDescription(e.data), 0, e.data.amountPence);
      return { ...described, operation: readModels.paymentPurposeOf(e.data.purpose.kind, e.data.unallocatedCode) };
    }
    case 'CashDeposited':
      return row('cash_deposited', e.data.depositId, `Deposit: ${e.data.reference}`, 0, e.data.amountPence);
    case 'CashCaptured':
      return row('cash_captured', e.data.reservationId, 'Order paid from Purchase Balance', 0, -e.data.amountPence);
    case 'CashRefunded':
      return row('cash_refunded', e.data.refundId, `Refund to Purchase Balance: ${e.data.reason}`, 0, e.data.amountPence);
    case 'DebtRecorded':
      return row('debt_recorded', e.data.debtId, `Debt recorded: ${e.data.reason}`, 0, e.data.amountPence);
    case 'DebtRepaid':
      return row('debt_repaid', e.data.depositId, 'Debt repaid from a deposit', 0, -e.data.amountPence);
    case 'PlanChanged': {
      const described = `Plan changed from ${planName(e.data.from)} to ${planName(e.data.to)} (${e.data.reason})`;
      return { ...row('plan_changed', e.data.paymentId ?? null, described), operation: e.data.to };
    }
    case 'SubscriptionStarted':
    case 'SubscriptionRenewed': {
      const verb = e.type === 'SubscriptionStarted' ? 'started' : 'renewed';
      const { plan, periodStartsAt, periodEndsAt } = e.data;
      const kind = e.type === 'SubscriptionStarted' ? 'subscription_started' : 'subscription_renewed';
      return row(
        kind,
        e.data.subscriptionId,
        `Subscription ${verb}, ${planName(plan)} plan, ${ukDate(periodStartsAt)} to ${ukDate(periodEndsAt)}`,
      );
    }
    case 'SubscriptionChangeRecorded':
      return row('subscription_changed', e.data.subscriptionId, subscriptionChange(e.data));
    case 'SubscriptionPaymentFailed':
      return row('subscription_payment_failed', e.data.invoiceId, `Subscription payment failed (attempt ${e.data.attempt})`);
    case 'SubscriptionEnded':
      return row('subscription_ended', e.data.subscriptionId, `Subscription ended (${e.data.reason})`);
    default:
      return undefined;
  }
};

/** The event's movement row, or undefined when it is not one. */
export const movementOf = (e: RecordedEvent): MovementRow | undefined => {
  const described = describe({ type: e.type, data: e.data } as Event);
  if (!described) return undefined;
  const at = businessTimeOf(e);
  const month = DateTime.fromISO(at, { zone: 'Europe/London' }).toFormat('yyyy-MM');
  return { accountId: (e.data as { accountId: string }).accountId, globalPosition: e.globalPosition, at, month, ...described };
};

/** One statement for the batch's movements, one row per event (its position the key). */
export const recordMovements = async (tx: pg.PoolClient, rows: MovementRow[]): Promise<void> => {
  if (rows.length === 0) return;
  const column = <K extends keyof MovementRow>(k: K) => rows.map((r) => r[k]);
  await tx.query(
    `INSERT INTO account_movements
       (account_id, global_position, at, month, kind, reference_id, operation, amount_credits, amount_pence, description)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::bigint[], $9::bigint[], $10::text[])
     ON CONFLICT (account_id, global_position) DO NOTHING`,
    [
      column('accountId'),
      column('globalPosition'),
      column('at'),
      column('month'),
      column('kind'),
      column('referenceId'),
      column('operation'),
      column('amountCredits'),
      column('amountPence'),
      column('description'),
    ],
  );
};
