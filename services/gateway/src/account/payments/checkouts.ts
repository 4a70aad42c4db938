import type { SelfServicePlan } from '@pds/contracts';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { CheckoutRecord } from './payments-of';
import type { CheckoutRequest, PaymentsGateway } from './stripe-adapter';

// Checkouts the dashboard starts: our row first, then Stripe's session under the row's id as idempotency key. A
// subscription checkout still open for the same plan is given again rather than a second one made (a double click,
// another tab); one for another plan is closed first, so an account never has two subscription checkouts payable.

/** How long a checkout page stays payable. */
const checkoutTtlMs = 60 * 60_000;

export type CheckoutPurpose =
  | { purpose: 'subscription'; plan: SelfServicePlan; priceId: string }
  | { purpose: 'top_up'; amountPence: number }
  | { purpose: 'plan_upgrade'; amountPence: number; subscriptionId: string; from: SelfServicePlan; to: SelfServicePlan };

export interface StartedCheckout {
  checkoutId: string;
  url: string;
}

const item = (p: CheckoutPurpose): CheckoutRequest['item'] => {
  switch (p.purpose) {
    case 'subscription':
      return { kind: 'subscription', priceId: p.priceId };
    case 'top_up':
      return { kind: 'payment', amountPence: p.amountPence, name: 'Purchase Balance top-up' };
    case 'plan_upgrade':
      return { kind: 'payment', amountPence: p.amountPence, name: `Upgrade from ${p.from} to ${p.to}, rest of this period` };
  }
};

/** An open subscription checkout of the account still payable, if any, with the plan it is for. */
const openSubscriptionCheckout = async (
  db: pg.Pool,
  accountId: string,
  now: Date,
): Promise<(StartedCheckout & { plan: string; sessionId: string }) | undefined> => {
  const { rows } = await db.query<{ checkout_id: string; url: string | null; plan: string; session_id: string | null }>(
    `SELECT checkout_id, url, plan, session_id FROM account_checkouts
      WHERE account_id = $1 AND purpose = 'subscription' AND status IN ('starting', 'open') AND expires_at > $2`,
    [accountId, now],
  );
  const row = rows[0];
  return row?.url && row.session_id ? { checkoutId: row.checkout_id, url: row.url, plan: row.plan, sessionId: row.session_id } : undefined;
};

export const startCheckout = async (
  deps: { db: pg.Pool; payments: PaymentsGateway },
  who: { accountId: string; email: string },
  what: CheckoutPurpose,
  urls: { successUrl: string; cancelUrl: string },
  now: Date,
): Promise<StartedCheckout> => {
  const { db, payments } = deps;
  if (what.purpose === 'subscription') {
    const open = await openSubscriptionCheckout(db, who.accountId, now);
    if (open?.plan === what.plan) return { checkoutId: open.checkoutId, url: open.url };
    // Another plan chosen since: the first checkout is closed at Stripe (refused there if it was paid meanwhile).
    if (open) {
      await payments.expireCheckout(open.sessionId);
      await markCheckout(db, open.sessionId, 'expired', now);
    }
    // One left open past its time: it can no longer be paid, so it no longer holds the place.
    await db.query(
      `UPDATE account_checkouts SET status = 'expired', updated_at = $2
        WHERE account_id = $1 AND purpose = 'subscription' AND status IN ('starting', 'open') AND expires_at <= $2`,
      [who.accountId, now],
    );
  }
  const checkoutId = `chk_${randomBytes(12).toString('hex')}`;
  const expiresAt = new Date(now.getTime() + checkoutTtlMs);
  const upgrade = what.purpose === 'plan_upgrade' ? what : undefined;
  await db.query(
    `INSERT INTO account_checkouts (checkout_id, account_id, purpose, plan, amount_pence, upgrade_subscription_id, upgrade_from,
                                    upgrade_to, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      checkoutId,
      who.accountId,
      what.purpose,
      what.purpose === 'subscription' ? what.plan : null,
      what.purpose === 'subscription' ? null : what.amountPence,
      upgrade?.subscriptionId ?? null,
      upgrade?.from ?? null,
      upgrade?.to ?? null,
      expiresAt,
      now,
    ],
  );
  const customer = await stripeCustomerOf(db, who.accountId);
  try {
    const session = await payments.createCheckout(
      {
        item: item(what),
        accountId: who.accountId,
        purpose: what.purpose,
        customer: customer ? { id: customer } : { email: who.email },
        ...urls,
        expiresAt,
      },
      `checkout:${checkoutId}`,
    );
    await db.query(`UPDATE account_checkouts SET session_id = $2, url = $3, status = 'open', updated_at = $4 WHERE checkout_id = $1`, [
      checkoutId,
      session.id,
      session.url,
      now,
    ]);
    return { checkoutId, url: session.url ?? '' };
  } catch (error) {
    await db.query(`UPDATE account_checkouts SET status = 'failed', updated_at = $2 WHERE checkout_id = $1`, [checkoutId, now]);
    throw error;
  }
};

/** What a session we made was for; undefined for a session we did not make. */
export const checkoutOfSession = async (db: pg.Pool, sessionId: string): Promise<CheckoutRecord | undefined> => {
  const { rows } = await db.query<{
    account_id: string;
    purpose: CheckoutRecord['purpose'];
    upgrade_subscription_id: string | null;
    upgrade_from: SelfServicePlan | null;
    upgrade_to: SelfServicePlan | null;
  }>('SELECT account_id, purpose, upgrade_subscription_id, upgrade_from, upgrade_to FROM account_checkouts WHERE session_id = $1', [
    sessionId,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const upgrade =
    row.upgrade_subscription_id && row.upgrade_from && row.upgrade_to
      ? { upgrade: { subscriptionId: row.upgrade_subscription_id, from: row.upgrade_from, to: row.upgrade_to } }
      : {};
  return { accountId: row.account_id, purpose: row.purpose, ...upgrade };
};

export const markCheckout = async (db: pg.Pool, sessionId: string, status: 'completed' | 'expired', now: Date): Promise<void> => {
  await db.query(`UPDATE account_checkouts SET status = $2, updated_at = $3 WHERE session_id = $1 AND status <> 'completed'`, [
    sessionId,
    status,
    now,
  ]);
};

export const stripeCustomerOf = async (db: pg.Pool, accountId: string): Promise<string | undefined> =>
  (await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE account_id = $1', [accountId])).rows[0]
    ?.customer_id;

/** The account a Stripe customer pays for; undefined for a customer no checkout of ours completed. */
export const accountOfStripeCustomer = async (db: pg.Pool, customerId: string): Promise<string | undefined> =>
  (await db.query<{ account_id: string }>('SELECT account_id FROM stripe_customers WHERE customer_id = $1', [customerId])).rows[0]
    ?.account_id;

export const rememberStripeCustomer = async (db: pg.Pool, accountId: string, customerId: string, now: Date): Promise<void> => {
  await db.query('INSERT INTO stripe_customers (account_id, customer_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    accountId,
    customerId,
    now,
  ]);
};
