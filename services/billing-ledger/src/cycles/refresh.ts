import type { AccountEvent, OpenAccount } from '../accounts/account';
import { anniversary, nextAnniversaryAfter } from './anniversaries';

/**
 * The refresh a monthly account is owed at `now`, if any: the balance (granted less captured, plus refunds) is set to
 * the allowance, so unused credits lapse and spent ones come back. Held reservations count against the new allowance,
 * so a reservation made before the refresh and captured after it can never take the balance past the allowance.
 * Missed anniversaries (the ledger was down) are one refresh, dated the latest of them.
 */
export const dueRefresh = (a: OpenAccount, now: string): AccountEvent[] => {
  if (a.creditCycle !== 'monthly' || a.nextRefreshAt === null || Date.parse(a.nextRefreshAt) > Date.parse(now)) return [];
  const nextRefreshAt = nextAnniversaryAfter(a.openedAt, new Date(now));
  const refreshedAt = latestAnniversaryBefore(a.openedAt, nextRefreshAt);
  const balance = a.grantedCredits + a.refundedCredits - a.capturedCredits;
  return [
    {
      type: 'CreditsRefreshed',
      data: {
        accountId: a.accountId,
        refreshedAt,
        nextRefreshAt,
        allowanceCredits: a.monthlyCredits,
        adjustmentCredits: a.monthlyCredits - balance,
      },
    },
  ];
};

/** The anniversary just before `next`, found by counting months from the opening day. */
const latestAnniversaryBefore = (openedAt: string, next: string): string => {
  const nextMs = Date.parse(next);
  let n = 1;
  while (anniversary(openedAt, n + 1).toMillis() < nextMs) n += 1;
  return anniversary(openedAt, n).toISO() as string;
};
