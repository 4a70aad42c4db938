import { pricing, TitleOrderRequest } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';
import type { Checked } from '../../operations/handler';
import { readIdempotencyKey } from '../placement';

export interface OrderPlacement {
  idempotencyKey: string;
  request: TitleOrderRequest;
  price: pricing.OrderPrice;
}

/**
 * An order placement's key and body, or the first reason to refuse it, checked in the order the caller should fix
 * them: the key (without which a retry could order twice), the body, then the rules that span fields.
 */
export const checkOrderPlacement = (idempotencyKeyHeader: string | undefined, body: unknown): Checked<OrderPlacement> => {
  const key = readIdempotencyKey(idempotencyKeyHeader, 'order');
  if (!key.ok) return key;
  const parsed = TitleOrderRequest.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message:
        'The order body is invalid: it needs `titleNumber`, `documentType` and `purchaseAuthorisation.maximumChargePence`, and no other properties.',
      details: issueDetails(parsed.error.issues),
    };
  }
  const request = parsed.data;
  if (request.extractRegisterText && request.documentType === 'plan') {
    return {
      ok: false,
      code: 'EXTRACTION_NOT_AVAILABLE_FOR_PLAN',
      message: 'Register text extraction needs the register: order `register` or `both`, or leave `extractRegisterText` false for a plan.',
    };
  }
  const price = pricing.priceOf(request.documentType, request.extractRegisterText);
  if (request.purchaseAuthorisation.maximumChargePence !== price.totalPence) {
    return {
      ok: false,
      code: 'PURCHASE_AUTHORISATION_MISMATCH',
      message:
        `\`purchaseAuthorisation.maximumChargePence\` must be exactly ${price.totalPence} for documentType \`${request.documentType}\` ` +
        `(${price.registryPence} p registry fee + ${price.servicePence} p service); ${price.totalCredits} credits are billed separately.`,
      details: `purchaseAuthorisation.maximumChargePence: must be ${price.totalPence}`,
    };
  }
  return { ok: true, value: { idempotencyKey: key.value, request, price } };
};
