import { z } from '../../zod';
import { defineReadModel } from '../read-model';

/**
 * What each kind of movement is: every ledger event that moves an account's credits or Purchase Balance, other than
 * the per-call charges and refunds (those are counted by day in `account_usage_days_view`), and the plan and
 * subscription changes (amount 0) a statement lists beside them.
 */
export const movementKinds = [
  'account_opened',
  'credits_granted',
  'credits_refreshed',
  'credits_lapsed',
  'payment_received',
  'cash_deposited',
  'cash_captured',
  'cash_refunded',
  'debt_recorded',
  'debt_repaid',
  'plan_changed',
  'subscription_started',
  'subscription_renewed',
  'subscription_changed',
  'subscription_payment_failed',
  'subscription_ended',
] as const;
export type MovementKind = (typeof movementKinds)[number];

/** An account's money movements, one row per ledger event, dated by its business time. */
export const accountMovements = defineReadModel({
  relation: 'account_movements_view',
  owner: 'billing-ledger',
  readers: ['gateway'],
  description:
    'One row per ledger event that moves an account’s credits or Purchase Balance (per-call charges and refunds aside) or changes its plan or subscription: ' +
    'its business time and UK month (YYYY-MM), kind, reference (grant, deposit, payment, reservation or subscription id), what it was for ' +
    '(`operation`: a payment’s purpose; the plan an opening or a plan change leads to), the credits and pence it moved the balances by (signed; for a payment and a debt recorded, which move ' +
    'neither balance, the amount paid or owed), and a description.',
  row: z.object({
    account_id: z.string(),
    global_position: z.coerce.number().int(),
    at: z.date(),
    month: z.string(),
    kind: z.enum(movementKinds),
    reference_id: z.string().nullable(),
    operation: z.string().nullable(),
    amount_credits: z.coerce.number().int(),
    amount_pence: z.coerce.number().int(),
    description: z.string(),
  }),
});
