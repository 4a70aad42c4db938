import type { TitleOrderRequest } from '@pds/contracts';
import { createHash, randomBytes } from 'node:crypto';

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * One order per account and Idempotency-Key: the id is derived from both, so every retry (and every concurrent twin)
 * of a request lands on the same order stream, and the event store lets only one of them create it.
 */
export const orderIdFor = (accountId: string, idempotencyKey: string): string => {
  const digest = createHash('sha256').update(`${accountId}\u0000${idempotencyKey}`).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += base32[(digest[i] ?? 0) % 32];
  return `ord_${id}`;
};

/** The request as validated (defaults applied), in a fixed key order: a retry must ask for exactly the same thing. */
export const requestHashOf = (r: TitleOrderRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        r.titleNumber.toUpperCase(),
        r.documentType,
        r.extractRegisterText,
        r.purchaseAuthorisation.maximumChargePence,
        r.backdatedCopyConfirmed,
      ]),
    )
    .digest('hex');

/** 128 random bits: a document URL cannot be guessed from any other. */
export const newDocumentId = () => `doc_${randomBytes(16).toString('base64url')}`;

export const reservationIdFor = (orderId: string) => `rsv_${orderId}`;
