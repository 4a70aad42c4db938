import { billing, errorStatus, landRegistry, type ErrorCode } from '@pds/contracts';
import type { Response } from 'express';
import type { RefusalExtras } from '../../billing/charged-call';
import { sendError, type BalanceView } from '../../http/respond';

/** An answer the gateway gives instead of doing the work; `code` fixes the status. */
export type Refusal = { ok: false; code: ErrorCode; message: string } & RefusalExtras;
export type Checked<T> = { ok: true; value: T } | Refusal;

/** Codes the order service may refuse with that mean the same to the caller; anything else is its own failure. */
const passedThrough: ReadonlySet<string> = new Set([
  ...Object.values(landRegistry.landRegistryErrorCodes),
  billing.ledgerErrorCodes.insufficientCredits,
  billing.ledgerErrorCodes.insufficientPurchaseBalance,
  billing.ledgerErrorCodes.orderingNotEnabled,
  billing.ledgerErrorCodes.accountHeld,
  billing.ledgerErrorCodes.accountInDebt,
]);

const isErrorCode = (code: string): code is ErrorCode => passedThrough.has(code) && code in errorStatus;

/**
 * The REST refusal for a refused land-registry command. `charged` says what happened to the caller's money, which
 * only the route knows (a lookup's reservation is released; an order's refusal says so itself).
 */
export const refusalOfReply = (error: { code: string; message: string; retryAfter?: string }, charged = ''): Refusal => {
  const suffix = charged ? ` ${charged}` : '';
  if (!isErrorCode(error.code)) {
    return { ok: false, code: 'LAND_REGISTRY_ERROR', message: `The Land Registry service failed (${error.code}).${suffix} Retry later.` };
  }
  const message = `${error.message.replace(/[.\s]*$/, '.')}${suffix}`;
  if (error.code === landRegistry.landRegistryErrorCodes.registryDelayed && error.retryAfter) {
    return { ok: false, code: error.code, message: `${message} Retry after ${error.retryAfter}.`, retryAfter: error.retryAfter };
  }
  return { ok: false, code: error.code, message };
};

/** Whole seconds until `retryAfter` (for the Retry-After header), at least 1; undefined when it is not a date. */
export const retryAfterSeconds = (retryAfter: string, now: Date): number | undefined => {
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now.getTime()) / 1000));
};

export const sendRefusal = (res: Response, refusal: Refusal, balance: BalanceView | undefined, now: Date) =>
  sendError(res, refusal.code, refusal.message, {
    balance,
    details: refusal.details,
    retryAfter: refusal.retryAfter,
    retryAfterS: refusal.retryAfter === undefined ? undefined : retryAfterSeconds(refusal.retryAfter, now),
  });
