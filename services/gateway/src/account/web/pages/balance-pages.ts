import { topUpPence, type billing, type readModels } from '@pds/contracts';
import { errorSummary, input, type FieldErrors } from '../forms';
import { html, type Html } from '../html';
import type { RecordPayment } from '../../payments/payments-of';
import { number, planNames, pounds, ukMinute } from './format';

/** The Purchase Balance (the pounds title orders are paid from) and the form that tops it up by card. */
type StatementMovement = readModels.StatementMovement;

export interface BalanceForms {
  /** Absent where payments are not configured. */
  topUp?: string;
  ordering: string;
}

/** Turning official copy ordering on (with the customer's acknowledgement of what it costs) or off. */
const orderingForm = (d: billing.AccountDescription, csrf: string, errors: FieldErrors): Html =>
  html`<form method="post" action="/account/balance/ordering">
    <input type="hidden" name="_csrf" value="${csrf}" />
    <input type="hidden" name="enabled" value="${d.standing.orderingEnabled ? 'false' : 'true'}" />
    ${errors.ordering && html`<p class="error" id="ordering-error">${errors.ordering}</p>`}
    ${
      d.standing.orderingEnabled
        ? html`<button type="submit" class="danger">Turn ordering off</button>`
        : html`<p>
              <input type="checkbox" id="acknowledge" name="acknowledge" value="yes" required />
              <label for="acknowledge" class="inline-label">
                I understand that each order is paid from this balance at HM Land Registry's fee, and a fee for a document issued is not
                refunded.
              </label>
            </p>
            <button type="submit">Turn ordering on</button>`
    }
  </form>`;

/** What moves the Purchase Balance (a payment for a plan does not: it pays for credits). */
export const balanceMovementKinds: ReadonlySet<string> = new Set([
  'cash_deposited',
  'cash_captured',
  'cash_refunded',
  'debt_recorded',
  'debt_repaid',
]);

/** This month's movements of the balance, newest first; earlier months are in the statements. */
const movementsTable = (movements: readonly StatementMovement[]): Html =>
  movements.length === 0
    ? html`<p id="no-movements">No movements this month.</p>`
    : html`<table id="movements">
        <caption>
          This month's movements
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          ${[...movements].reverse().map(
            (m) =>
              html`<tr>
                <td>${ukMinute(m.at)}</td>
                <td>${m.description}</td>
                <td>${m.amountPence > 0 ? '+' : ''}${pounds(m.amountPence)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;

export const balancePage = (
  d: billing.AccountDescription,
  csrf: BalanceForms,
  errors: FieldErrors = {},
  amount = '',
  movements: readonly StatementMovement[] = [],
): Html => {
  const p = d.purchaseBalance;
  return html`${errorSummary(errors)}
    <table id="purchase-balance">
      <caption>
        Purchase Balance
      </caption>
      <tbody>
        <tr>
          <th scope="row">Available</th>
          <td id="balance-available">${pounds(p.availablePence)}</td>
        </tr>
        <tr>
          <th scope="row">Held for orders in progress</th>
          <td>${pounds(p.reservedPence)}</td>
        </tr>
        ${
          p.quarantinedPence > 0 &&
          html`<tr>
            <th scope="row">Held while an order's outcome is confirmed</th>
            <td>${pounds(p.quarantinedPence)}</td>
          </tr>`
        }
        ${
          p.debtPence > 0 &&
          html`<tr>
            <th scope="row">Owed</th>
            <td>${pounds(p.debtPence)}</td>
          </tr>`
        }
      </tbody>
    </table>
    <p>
      The Purchase Balance pays for official copies and other documents ordered from HM Land Registry, at the price the registry charges.
      <span id="ordering"
        >${d.standing.orderingEnabled ? 'Ordering is on for your account.' : 'Ordering is off for your account; it needs a paid plan.'}</span
      >
    </p>
    ${orderingForm(d, csrf.ordering, errors)}
    <h2>Top up</h2>
    ${
      csrf.topUp
        ? html`<form method="post" action="/account/balance/top-up" novalidate>
            <input type="hidden" name="_csrf" value="${csrf.topUp}" />
            ${input(
              {
                name: 'amount',
                label: `Top up by (pounds, ${pounds(topUpPence.min)} to ${pounds(topUpPence.max)})`,
                type: 'text',
                inputmode: 'numeric',
                value: amount,
              },
              errors,
            )}
            <button type="submit">Pay by card</button>
          </form>`
        : html`<p class="notice">Payments are not configured here, so the balance cannot be topped up on this server.</p>`
    }
    <h2>Movements</h2>
    ${movementsTable(movements)}
    <p><a href="/account/statements">Earlier months are in your monthly statements.</a></p>`;
};

/** After Stripe's page: what the payment did, once the ledger has it. */
export const paidPage = (payment: RecordPayment, d: billing.AccountDescription | undefined): Html => {
  const p = payment.purpose;
  const said =
    p.kind === 'top_up'
      ? `${pounds(payment.amountPence)} was added to your Purchase Balance.`
      : p.kind === 'subscription_period'
        ? `Your ${planNames[p.plan]} subscription is paid: ${pounds(payment.amountPence)}.`
        : p.kind === 'plan_upgrade'
          ? `You are on ${planNames[p.to]} now: ${pounds(payment.amountPence)} paid for the rest of this period.`
          : `We received ${pounds(payment.amountPence)}; we will be in touch about it.`;
  return html`<p class="notice" id="paid">${said}</p>
    ${d && html`<p>Credits available: <span id="paid-credits">${number(d.availableCredits)}</span>.</p>`}
    ${p.kind === 'subscription_period' && d?.keys.active === 0 && html`<p><a href="/account/keys">Make your first API key</a></p>`}
    <p><a href="/account">Back to your account</a></p>`;
};

export const paymentPendingPage = (why: string): Html =>
  html`<p class="notice" id="pending">Your payment is not confirmed yet (${why}). If you paid, it shows here within a minute.</p>
    <p><a href="">Check again</a> or <a href="/account">go back to your account</a>.</p>`;

export const paymentNotAppliedPage = (): Html =>
  html`<p class="notice">
      Your payment was received, but it could not be applied as asked. Nothing is lost: we have been told, and will apply or return it.
    </p>
    <p><a href="/account">Back to your account</a></p>`;
