import * as ledgerRefusals from '../billing/refusals';
import { errorStatus, type ErrorCode } from '../rest/errors';
import * as landRegistry from './commands';

/** A refusal as the REST API answers it; `retryAfter` (ISO 8601) for a delay. */
export type RegistryRefusal = { ok: false; code: ErrorCode; message: string; retryAfter?: string };

/** Codes the order service may refuse with that mean the same to the caller; anything else is its own failure. */
const passedThrough: ReadonlySet<string> = new Set([
  ...Object.values(landRegistry.landRegistryErrorCodes),
  ...ledgerRefusals.reservationRefusalCodes,
]);

const isErrorCode = (code: string): code is ErrorCode => passedThrough.has(code) && code in errorStatus;

const sentence = (text: string) => text.replace(/[.\s]*$/, '.');

/**
 * The REST refusal for a refused land-registry command. The order service says what happened at the registry; only
 * the asker knows what happened to the caller's money, so `charged` (e.g. "Nothing was charged.") is added by it, and
 * so is when to retry a delay.
 */
export const refusalOfReply = (error: { code: string; message: string; retryAfter?: string }, charged = ''): RegistryRefusal => {
  const suffix = charged ? ` ${charged}` : '';
  if (!isErrorCode(error.code)) {
    return { ok: false, code: 'LAND_REGISTRY_ERROR', message: `The Land Registry service failed (${error.code}).${suffix} Retry later.` };
  }
  const message = `${sentence(error.message)}${suffix}`;
  if (error.code === landRegistry.landRegistryErrorCodes.registryDelayed && error.retryAfter) {
    return { ok: false, code: error.code, message: `${message} Retry after ${error.retryAfter}.`, retryAfter: error.retryAfter };
  }
  return { ok: false, code: error.code, message };
};
