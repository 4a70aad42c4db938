import { planMonthlyCredits } from '@pds/contracts';
import { availableCredits, type AccountEvent, type OpenAccount } from '../accounts/account';
import { paymentContentHash } from '../accounts/payments';

/**
 * Payments and subscriptions, event by event: a payment id recorded once (a second time is reported, and with other
 * content said so), a top-up's deposit of the same amount and id, an upgrade's grant of exactly the difference between
 * the allowances, a refresh to the allowance of the plan held, a lapse never more than was available, a plan change
 * from the plan held, a renewal only of the account's subscription and of a later period.
 */
export const paymentViolation = (s: OpenAccount, e: AccountEvent): string | undefined => {
  switch (e.type) {
    case 'PaymentReceived': {
      const earlier = s.paymentIds.get(e.data.paymentId);
      if (!earlier) return undefined;
      const same = earlier.contentHash === paymentContentHash(e.data);
      return `payment ${e.data.paymentId} recorded twice${same ? '' : ', with other content'}`;
    }
    case 'CashDeposited': {
      const payment = s.paymentIds.get(e.data.depositId);
      if (!payment) return undefined;
      return payment.purpose.kind === 'top_up' && payment.amountPence === e.data.amountPence
        ? undefined
        : `deposit ${e.data.depositId} is not its payment's top-up of ${payment.amountPence} pence`;
    }
    case 'CreditsGranted': {
      const payment = s.paymentIds.get(e.data.grantId);
      if (!payment) return undefined;
      const p = payment.purpose;
      const difference = p.kind === 'plan_upgrade' ? planMonthlyCredits[p.to] - planMonthlyCredits[p.from] : undefined;
      return difference === e.data.amountCredits && !payment.unallocatedCode
        ? undefined
        : `grant ${e.data.grantId} is not its payment's upgrade difference`;
    }
    case 'CreditsRefreshed':
      return e.data.allowanceCredits === s.monthlyCredits
        ? undefined
        : `refresh to ${e.data.allowanceCredits} credits, not the ${s.plan} allowance of ${s.monthlyCredits}`;
    case 'CreditsLapsed':
      return e.data.amountCredits > availableCredits(s)
        ? `lapse of ${e.data.amountCredits} credits with ${availableCredits(s)} available`
        : undefined;
    case 'PlanChanged':
      return e.data.from === s.plan ? undefined : `plan change from ${e.data.from} on a ${s.plan} account`;
    case 'SubscriptionRenewed': {
      const current = s.subscription;
      if (current?.subscriptionId !== e.data.subscriptionId) return `renewal of subscription ${e.data.subscriptionId}, not the account's`;
      return Date.parse(e.data.periodEndsAt) > Date.parse(current.periodEndsAt)
        ? undefined
        : `renewal of ${e.data.subscriptionId} for a period not later`;
    }
    default:
      return undefined;
  }
};

/** At the end of a replay: every top-up payment has its deposit. */
export const paymentClosingProblems = (s: OpenAccount): string[] =>
  [...s.paymentIds.entries()]
    .filter(([id, p]) => p.purpose.kind === 'top_up' && !s.depositIds.has(id))
    .map(([id]) => `top-up payment ${id} without its deposit`);
