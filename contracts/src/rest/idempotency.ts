import type { ResponseHeaderDoc } from './operation';
import { IdempotencyKey } from './land-registry';

// The optional Idempotency-Key of a per-call operation: how it is sent, and how a replayed answer says it is one.
// The gateway reads and honours it (services/gateway/src/idempotency/); the OpenAPI document describes it from here.

export const idempotencyHeaders = {
  key: 'Idempotency-Key',
  /** On an answer that repeats an earlier call's: `true`. */
  replayed: 'Idempotent-Replayed',
} as const;

/** The header as a per-call operation takes it: optional, the same key rules as an order's. */
export const KeyedCallHeader = IdempotencyKey.optional().openapi({
  description:
    'Optional. A key of yours for this request (8 to 128 printable ASCII characters), unique per request: within 24 hours, ' +
    'a repeat with the same key and the same parameters gets the first answer again and is charged nothing more; ' +
    'the same key with other parameters or another operation is refused (422 `IDEMPOTENCY_KEY_REUSED`).',
  example: 'c0a8012e-7f3b-4a5e-9d1c-2b6f0e4a9d17',
});

export const replayedHeader: Record<string, ResponseHeaderDoc> = {
  [idempotencyHeaders.replayed]: {
    description:
      '`true` when this answer is the stored answer of an earlier call with the same `Idempotency-Key`: nothing was charged for ' +
      'this one; `X-Credits-Charged` and `billing.creditsCharged` repeat what the first call was charged',
    schema: { type: 'string' },
  },
};
