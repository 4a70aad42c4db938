import { Price } from '../rest/land-registry';
import { z } from '../zod';
import { ExtractionData } from './extraction';
import { documentTypes, pdfKinds } from './pricing';

/**
 * Events of an official-copy order, on the stream `titleorder-<orderId>`. Each records one thing that happened: the
 * request, what the ledger said, what the registry said, what the documents gave. Who and why travel in metadata.
 */
export const orderStreamCategory = 'titleorder';
export const orderStreamId = (orderId: string) => `${orderStreamCategory}-${orderId}`;

const at = z.string().datetime({ offset: true });
const problem = { code: z.string(), message: z.string() };

const event = <T extends string, D extends z.ZodRawShape>(type: T, data: D) => z.object({ type: z.literal(type), data: z.object(data) });

export const OrderRequested = event('OrderRequested', {
  orderId: z.string(),
  accountId: z.string(),
  idempotencyKey: z.string(),
  /** SHA-256 of the request body as validated: a retry with the same key must carry the same request. */
  requestHash: z.string(),
  titleNumber: z.string(),
  documentType: z.enum(documentTypes),
  extractRegisterText: z.boolean(),
  backdatedCopyConfirmed: z.boolean(),
  /** One per PDF; the id is unguessable, so a document URL cannot be guessed from another. */
  documents: z.array(z.object({ type: z.enum(pdfKinds), documentId: z.string() })),
  cost: Price,
  reservationId: z.string(),
  requestedAt: at,
});
export const ChargesReserved = event('ChargesReserved', { at });
export const ChargesRefused = event('ChargesRefused', { ...problem, at });
export const OrderQueued = event('OrderQueued', { retryAfter: at, at });
export const SubmissionStarted = event('SubmissionStarted', { attempt: z.number().int().positive(), at });
export const AcceptedByRegistry = event('AcceptedByRegistry', { registryReference: z.string(), at });
export const RejectedByRegistry = event('RejectedByRegistry', { ...problem, at });
export const SubmissionUncertain = event('SubmissionUncertain', { reason: z.string(), at });
/** An operator asked the registry about a quarantined order, and it holds the order: the submission was accepted. */
export const SubmissionConfirmed = event('SubmissionConfirmed', { registryReference: z.string(), at });
/** An operator asked the registry about a quarantined order, and it has no record of it: nothing was ordered. */
export const SubmissionLost = event('SubmissionLost', { ...problem, at });
export const ChargesCaptured = event('ChargesCaptured', { at });
export const ChargesReleased = event('ChargesReleased', { at });
export const ChargesQuarantined = event('ChargesQuarantined', { at });
export const DocumentsDelivered = event('DocumentsDelivered', {
  documents: z.array(
    z.object({ type: z.enum(pdfKinds), documentId: z.string(), sha256: z.string(), sizeBytes: z.number().int().positive() }),
  ),
  /**
   * The registry's own structured summary of the register, as the Register Extract Service gave it with the copies (an
   * order that asked for the register's text): kept as received, and compared with the parser's reading of the copy.
   */
  registerSummary: z.record(z.string(), z.unknown()).optional(),
  at,
});
export const FulfilmentFailed = event('FulfilmentFailed', { ...problem, at });
export const ChargesRefunded = event('ChargesRefunded', { credits: z.number().int(), pence: z.number().int(), at });
export const ExtractionSucceeded = event('ExtractionSucceeded', { documentId: z.string(), text: z.string(), data: ExtractionData, at });
export const ExtractionFailed = event('ExtractionFailed', { documentId: z.string(), error: z.string(), at });
export const ExtractionRefunded = event('ExtractionRefunded', { credits: z.number().int(), at });
export const OrderCompleted = event('OrderCompleted', { at });
/**
 * A failed order's end, recorded once its money is settled (nothing held, nothing owed back): with `OrderCompleted`,
 * the one terminal event a subscriber follows. Carries the account and why it failed, so a subscriber needs no fold.
 */
export const OrderFailed = event('OrderFailed', { accountId: z.string(), ...problem, at });

export const OrderEvent = z.discriminatedUnion('type', [
  OrderRequested,
  ChargesReserved,
  ChargesRefused,
  OrderQueued,
  SubmissionStarted,
  AcceptedByRegistry,
  RejectedByRegistry,
  SubmissionUncertain,
  SubmissionConfirmed,
  SubmissionLost,
  ChargesCaptured,
  ChargesReleased,
  ChargesQuarantined,
  DocumentsDelivered,
  FulfilmentFailed,
  ChargesRefunded,
  ExtractionSucceeded,
  ExtractionFailed,
  ExtractionRefunded,
  OrderCompleted,
  OrderFailed,
]);
export type OrderEvent = z.infer<typeof OrderEvent>;
