import {
  planMonthlyCredits,
  planMonthlyPricePence,
  planRank,
  planRateLimits,
  selfServicePlans,
  upgradeChargePence,
  type billing,
  type SelfServicePlan,
} from '@pds/contracts';
import { errorSummary, type FieldErrors } from '../forms';
import { html, type Html } from '../html';
import { number, planNames, pounds, ukDay } from './format';

export interface PlanForms {
  subscribe: string;
  upgrade: string;
  downgrade: string;
  cancel: string;
  resume: string;
}

type Subscription = NonNullable<billing.AccountDescription['subscription']>;

const button = (action: string, csrf: string, plan: SelfServicePlan | undefined, label: string, kind = '') =>
  html`<form method="post" action="${action}" class="inline">
    <input type="hidden" name="_csrf" value="${csrf}" />${plan ? html`<input type="hidden" name="plan" value="${plan}" />` : ''}
    <button type="submit" class="${kind}">${label}</button>
  </form>`;

/** What the customer may do with one plan, given the account's plan and subscription now. */
const planAction = (plan: SelfServicePlan, d: billing.AccountDescription, csrf: PlanForms, now: Date): Html | string => {
  const live = d.subscription && d.subscription.status !== 'ended' ? d.subscription : undefined;
  if (!live) return button('/account/plan/subscribe', csrf.subscribe, plan, `Subscribe to ${planNames[plan]}`);
  if (live.status === 'past_due') return '';
  if (plan === d.plan) return html`<strong>Your plan</strong>`;
  if (d.plan === 'enterprise') return '';
  if (planRank(plan) > planRank(d.plan)) {
    const period = { startsAt: live.currentPeriodStartsAt, endsAt: live.currentPeriodEndsAt };
    const charge = pounds(upgradeChargePence(d.plan as SelfServicePlan, plan, period, now));
    return button('/account/plan/upgrade', csrf.upgrade, plan, `Upgrade to ${planNames[plan]} now for ${charge}`);
  }
  if (live.planAtRenewal === plan) return html`From ${ukDay(live.currentPeriodEndsAt)}`;
  return button('/account/plan/downgrade', csrf.downgrade, plan, `Move to ${planNames[plan]} from ${ukDay(live.currentPeriodEndsAt)}`);
};

const statusLine = (d: billing.AccountDescription, s: Subscription | null): Html => {
  if (!s || s.status === 'ended')
    return d.creditCycle === 'trial'
      ? html`<p id="plan-status">You are on the free trial: ${number(d.availableCredits)} credits left, which do not renew.</p>`
      : html`<p id="plan-status">You have no subscription${s ? ': it ended' : ''}. Choose a plan to start one.</p>`;
  const ends = ukDay(s.currentPeriodEndsAt);
  const texts: Record<Exclude<Subscription['status'], 'ended'>, string> = {
    active: `${planNames[d.plan]}, renewing on ${ends}.`,
    cancelling: `${planNames[d.plan]}, cancelled: it ends on ${ends} and does not renew.`,
    past_due: `${planNames[d.plan]}: the last renewal could not be charged; Stripe tries your card again. Credits are not refreshed until it is paid.`,
  };
  const later = s.planAtRenewal && s.status === 'active' ? ` It moves to ${planNames[s.planAtRenewal]} then.` : '';
  return html`<p id="plan-status">${texts[s.status]}${later}</p>`;
};

/** The plans with their prices, allowances and limits, and what the customer can do with each. */
export const planPage = (d: billing.AccountDescription, csrf: PlanForms | undefined, now: Date, errors: FieldErrors = {}): Html => {
  const s = d.subscription;
  return html`${errorSummary(errors)} ${statusLine(d, s)}
    ${!csrf && html`<p class="notice">Payments are not configured here, so plans cannot be bought on this server.</p>`}
    <table id="plans">
      <caption>
        Plans, paid monthly by card
      </caption>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Price a month</th>
          <th scope="col">Credits a month</th>
          <th scope="col">Requests (minute / day / month)</th>
          ${csrf && html`<th scope="col">Actions</th>`}
        </tr>
      </thead>
      <tbody>
        ${selfServicePlans.map((plan) => {
          const limits = planRateLimits[plan];
          return html`<tr data-plan="${plan}">
            <th scope="row">${planNames[plan]}</th>
            <td>${pounds(planMonthlyPricePence[plan])}</td>
            <td>${number(planMonthlyCredits[plan])}</td>
            <td>${number(limits.perMinute)} / ${number(limits.perDay)} / ${number(limits.perMonth)}</td>
            ${csrf && html`<td>${planAction(plan, d, csrf, now)}</td>`}
          </tr>`;
        })}
      </tbody>
    </table>
    <p>
      Upgrading takes effect at once: you pay the difference in price for the rest of this period, and the difference in monthly credits is
      added to your credits. Moving to a smaller plan, and cancelling, take effect at the end of the period you have paid for. Enterprise
      plans are arranged with us.
    </p>
    ${
      csrf &&
      s &&
      (s.status === 'active' || s.status === 'past_due') &&
      button('/account/plan/cancel', csrf.cancel, undefined, 'Cancel the subscription at the end of this period', 'danger')
    }
    ${csrf && s?.status === 'cancelling' && button('/account/plan/resume', csrf.resume, undefined, 'Keep the subscription')}`;
};
