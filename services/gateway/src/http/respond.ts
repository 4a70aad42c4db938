import { billingHeaders, errorStatus, rateLimitHeaders, type Billing, type Candidate, type ErrorCode, type Source } from '@pds/contracts';
import type { Response } from 'express';
import { defaultRetryAfterS } from './retry-after';

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
  /** `retryAfter` (ISO 8601) goes in the body; `retryAfterS` is the same moment as the Retry-After header's seconds. */
  options: { balance?: BalanceView; details?: string; retryAfterS?: number; retryAfter?: string; candidates?: Candidate[] } = {},
) => {
  setBillingHeaders(res, 0, options.balance);
  const status = errorStatus[code];
  const retryAfterS = options.retryAfterS ?? (status === 429 || status === 503 ? defaultRetryAfterS : undefined);
  if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
  res.status(status).json({
    success: false,
    error: {
      code,
      message,
      ...(options.details ? { details: options.details } : {}),
      ...(options.retryAfter ? { retryAfter: options.retryAfter } : {}),
      ...(options.candidates ? { candidates: options.candidates } : {}),
    },
  });
};

/** The statuses an operation's success is declared with (`OperationResponse.status`). */
export type SuccessStatus = 200 | 201 | 202;

/** What a successful answer carries besides the billing: its data, and the datasets it was built from (if any). */
export interface Payload {
  data: unknown;
  sources?: Source[];
}

const body = ({ data, sources }: Payload) => ({ success: true, data, ...(sources ? { sources } : {}) });

/** A free call's answer: no billing object, but the headers still say what it cost (0) and what is left. */
export const sendFree = (res: Response, payload: Payload, balance: BalanceView | undefined, status: SuccessStatus = 200) => {
  setBillingHeaders(res, 0, balance);
  res.status(status).json(body(payload));
};

/**
 * A chargeable call's answer: the billing object and headers. `reservedCredits` is for an order, whose credits are
 * held now and charged when the work is done: it reports them beside a charge of 0.
 */
export const sendCharged = (
  res: Response,
  payload: Payload,
  chargedCredits: number,
  balance: BalanceView,
  status: SuccessStatus = 200,
  reservedCredits?: number,
) => {
  setBillingHeaders(res, chargedCredits, balance);
  if (reservedCredits !== undefined) res.setHeader(billingHeaders.reserved, String(reservedCredits));
  const billing: Billing = {
    mode: 'prepaid',
    creditsCharged: chargedCredits,
    creditsRemaining: balance.availableCredits,
    creditsRefreshAt: balance.creditsRefreshAt,
    ...(reservedCredits !== undefined ? { creditsReserved: reservedCredits } : {}),
  };
  res.status(status).json({ ...body(payload), billing });
};
