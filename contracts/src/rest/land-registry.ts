import { ExtractionData } from '../land-registry/extraction';
import { documentTypes, pdfKinds } from '../land-registry/pricing';
import { z } from '../zod';
import { freeEnvelope, successEnvelope } from './billing';

// REST shapes of the Land Registry group (England and Wales only). Every object is strict, as the spec requires.

/**
 * Title numbers are normalised once, here, before validation, lookup, ordering and file names: surrounding and inner
 * spaces go and letters are upper-cased (` bk 509231` is `BK509231`). What is left is 3 to 20 letters and digits.
 */
export const normaliseTitleNumber = (text: string) => text.replace(/\s+/g, '').toUpperCase();
export const TitleNumber = z
  .string()
  .transform(normaliseTitleNumber)
  .pipe(
    z
      .string()
      .min(3)
      .max(20)
      .regex(/^[A-Z0-9]+$/, 'letters and digits only'),
  )
  .openapi({ type: 'string', minLength: 3, maxLength: 20, example: 'BK509231', description: 'Spaces are ignored and letters upper-cased' });
const titleNumber = TitleNumber;
const isoDateTime = z.string().datetime({ offset: true });

// ---- title lookup ----------------------------------------------------------------------------------------------

export const TitleMatchRequest = z
  .union([
    z.strictObject({
      uprn: z
        .string()
        .regex(/^\d{1,12}$/, 'must be 1 to 12 digits')
        .openapi({ example: '100081043512' }),
    }),
    z.strictObject({
      // Trimmed before the lengths are checked: an address of spaces is no address.
      address: z.string().trim().min(2).max(300).openapi({ example: '14 Larkspur Close, Wokingham' }),
      postcode: z.string().trim().min(5).max(12).openapi({ example: 'RG40 9ZZ' }),
    }),
  ])
  .openapi('TitleMatchRequest', { description: 'Exactly one of: `{uprn}`, or `{address, postcode}`. No other properties.' });
export type TitleMatchRequest = z.infer<typeof TitleMatchRequest>;

export const titleMatchStatuses = ['matched', 'no_match'] as const;

export const TitleCandidate = z.strictObject({
  titleNumber: z.string(),
  tenure: z.string().optional().openapi({ example: 'freehold' }),
  matchedAddress: z.string().optional(),
});
export type TitleCandidate = z.infer<typeof TitleCandidate>;

export const TitleCandidates = z
  .strictObject({
    status: z
      .enum(titleMatchStatuses)
      .openapi({ description: '`matched` with one or more titles, or `no_match` (still a completed lookup)' }),
    count: z.number().int().nonnegative(),
    titles: z.array(TitleCandidate),
    reason: z.string().optional(),
    retryAfter: isoDateTime.optional(),
    message: z.string().optional(),
  })
  .openapi('TitleCandidates');
export type TitleCandidates = z.infer<typeof TitleCandidates>;
export const TitleCandidatesResponse = successEnvelope(TitleCandidates).openapi('TitleCandidatesResponse');

// ---- document availability -------------------------------------------------------------------------------------

export const TitleNumberPath = z.object({ titleNumber });

const DocumentAvailability = z.strictObject({
  status: z.enum(['available', 'unavailable']),
  backdated: z.boolean().openapi({ description: 'A copy issued now predates pending applications' }),
});

/** A price in pence of Purchase Balance and in credits; the order's cost has this shape too. */
export const Price = z.strictObject({
  registryPence: z.number().int(),
  servicePence: z.number().int(),
  totalPence: z.number().int(),
  documentCredits: z.number().int(),
  extractionCredits: z.number().int(),
  totalCredits: z.number().int(),
});

export const TitleAvailability = z
  .strictObject({
    title: z.strictObject({
      titleNumber: z.string(),
      applicationsPending: z.boolean(),
      status: z.enum(['open', 'closed']).optional(),
      message: z.string().optional(),
      continuedUnderTitleNumber: z.string().optional(),
    }),
    documents: z.strictObject({
      register: DocumentAvailability,
      plan: DocumentAvailability,
      referred: z.array(
        z.strictObject({
          type: z.string().optional(),
          date: z.string().optional(),
          entryNumbers: z.array(z.string()).optional(),
          status: z.enum(['available', 'unavailable']),
          planOnly: z.boolean(),
        }),
      ),
    }),
    pricing: z.strictObject({
      currency: z.literal('GBP'),
      register: Price,
      plan: Price,
      both: Price,
      registerWithExtraction: Price,
      bothWithExtraction: Price,
    }),
  })
  .openapi('TitleAvailability');
export type TitleAvailability = z.infer<typeof TitleAvailability>;
export const TitleAvailabilityResponse = successEnvelope(TitleAvailability).openapi('TitleAvailabilityResponse');

// ---- official-copy orders --------------------------------------------------------------------------------------

export const IdempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
  .openapi({ description: '8 to 128 printable ASCII characters; a retry with the same key and body returns the same order' });

export const TitleOrderRequest = z
  .strictObject({
    titleNumber,
    documentType: z.enum(documentTypes),
    extractRegisterText: z
      .boolean()
      .default(false)
      .openapi({ description: 'Adds a private transcription and structured data of the register; not with plan-only orders' }),
    purchaseAuthorisation: z.strictObject({
      maximumChargePence: z.literal([700, 1400]).openapi({
        type: 'integer',
        enum: [700, 1400],
        description: 'Must equal the Purchase Balance charge exactly: 700 for one PDF, 1400 for both',
      }),
    }),
    backdatedCopyConfirmed: z
      .boolean()
      .default(false)
      .openapi({ description: 'Permits a backdated copy when the registry reports pending applications' }),
  })
  .openapi('TitleOrderRequest');
export type TitleOrderRequest = z.infer<typeof TitleOrderRequest>;

/**
 * The order's life. `reserving` → `waiting_for_registry` (outside 06:30–23:00 UK) or `submitting` → `with_registry`
 * (the registry accepted; charges captured) → `extracting` (register text requested) → `completed`. Ends otherwise in
 * `rejected` (the ledger refused the charges: nothing taken), `failed` (the registry refused the order, or could not
 * fulfil it: everything given back) or `quarantined` (the submission's outcome is unknown: charges held until resolved).
 */
export const orderStatuses = [
  'reserving',
  'waiting_for_registry',
  'submitting',
  'with_registry',
  'extracting',
  'completed',
  'rejected',
  'failed',
  'quarantined',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Where each part of the charge stands. */
export const paymentStatuses = ['not_reserved', 'reserved', 'captured', 'released', 'quarantined', 'refunded', 'not_applicable'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const extractionStatuses = ['pending', 'processing', 'ready', 'failed', 'not_applicable'] as const;
export const documentStatuses = ['pending', 'available', 'failed'] as const;
export const textStatuses = ['not_requested', 'pending', 'ready', 'failed'] as const;

export const OrderDocument = z.strictObject({
  type: z.enum(pdfKinds),
  status: z.enum(documentStatuses),
  textStatus: z.enum(textStatuses),
  downloadUrl: z
    .string()
    .openapi({ description: "The PDF (owner's API key required); 409 DOCUMENT_NOT_READY until `status` is `available`" }),
  textUrl: z
    .string()
    .nullable()
    .openapi({ description: 'The register transcription as text/plain; null when extraction was not requested' }),
  extraction: z.strictObject({
    status: z.enum(extractionStatuses),
    text: z.string().optional(),
    data: ExtractionData.optional(),
    error: z.string().optional(),
  }),
});

export const TitleOrder = z
  .strictObject({
    id: z.string().openapi({ example: 'ord_3kq9x0c5m2h7t1v8w4y6z0a2b4' }),
    titleNumber: z.string(),
    documentType: z.enum(documentTypes),
    status: z.enum(orderStatuses),
    retryAfter: z.string().nullable().optional().openapi({ description: 'Next registry opening for queued orders' }),
    cost: z.strictObject({
      currency: z.literal('GBP'),
      registryPence: z.number().int(),
      servicePence: z.number().int(),
      totalPence: z.number().int(),
      paymentStatus: z.enum(paymentStatuses),
      documentCredits: z.number().int(),
      extractionCredits: z.number().int(),
      totalCredits: z.number().int(),
      documentCreditPaymentStatus: z.enum(paymentStatuses),
      extractionPaymentStatus: z.enum(paymentStatuses),
    }),
    documents: z.array(OrderDocument),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable().optional(),
    createdAt: z.string(),
    completedAt: z.string().nullable().optional(),
  })
  .openapi('TitleOrder');
export type TitleOrder = z.infer<typeof TitleOrder>;
export const TitleOrderResponse = successEnvelope(TitleOrder).openapi('TitleOrderResponse');
export const TitleOrderStatusResponse = freeEnvelope(TitleOrder).openapi('TitleOrderStatusResponse');
export const OrderIdPath = z.object({
  orderId: z
    .string()
    .regex(/^ord_[a-z0-9]{26}$/)
    .openapi({ example: 'ord_3kq9x0c5m2h7t1v8w4y6z0a2b4' }),
});

export const TestRegisterExtractionRequest = z.strictObject({}).openapi('TestRegisterExtractionRequest');

export const DocumentPath = OrderIdPath.extend({
  documentId: z.string().min(1).max(200).openapi({ description: "The last segment of the document's `downloadUrl`", example: 'doc_8f2k1' }),
});
