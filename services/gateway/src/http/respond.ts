import { billingHeaders, errorStatus, rateLimitHeaders, type Billing, type ErrorCode } from '@pds/contracts';
import type { Response } from 'express';

/** What the ledger said about the caller's balance; absent when the caller is not known (401). */
export interface BalanceView {
  /** Null only when a charge is certain but the ledger could not report the balance in time. */
  availableCredits: number | null;
  creditsRefreshAt: string | null;
}

export const setBillingHeaders = (res: Response, chargedCredits: number, balance: BalanceView | undefined) => {
  res.setHeader(billingHeaders.charged, String(chargedCredits));
  if (!balance) return;
  if (balance.availableCredits !== null) res.setHeader(billingHeaders.remaining, String(balance.availableCredits));
  if (balance.creditsRefreshAt) res.setHeader(billingHeaders.refreshAt, balance.creditsRefreshAt);
};

export const setRateLimitHeaders = (res: Response, rate: { limit: number; remaining: number; resetAt: Date }) => {
  res.setHeader(rateLimitHeaders.limit, String(rate.limit));
  res.setHeader(rateLimitHeaders.remaining, String(rate.remaining));
  res.setHeader(rateLimitHeaders.reset, String(Math.ceil(rate.resetAt.getTime() / 1000)));
};

export const sendError = (
  res: Response,
  code: ErrorCode,
  message: string,
  options: { balance?: BalanceView; details?: string; retryAfterS?: number } = {},
) => {
  setBillingHeaders(res, 0, options.balance);
  if (options.retryAfterS !== undefined) res.setHeader('Retry-After', String(options.retryAfterS));
  res.status(errorStatus[code]).json({
    success: false,
    error: { code, message, ...(options.details ? { details: options.details } : {}) },
  });
};

export const sendCharged = (res: Response, data: unknown, chargedCredits: number, balance: BalanceView) => {
  setBillingHeaders(res, chargedCredits, balance);
  const billing: Billing = {
    mode: 'prepaid',
    creditsCharged: chargedCredits,
    creditsRemaining: balance.availableCredits,
    creditsRefreshAt: balance.creditsRefreshAt,
  };
  res.status(200).json({ success: true, data, billing });
};
