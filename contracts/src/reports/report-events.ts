import { Source } from '../rest/sources';
import { z } from '../zod';
import { reportTypes, sectionNames } from './sections';

/**
 * Events of a report, on the stream `report-<reportId>`: the request, the ledger's answers, each section as it is
 * assembled (its answer stored beside the stream, its SHA-256 here: a comparables list or a polygon is too large to
 * relay), the rendering, and how it ended. Who and why travel in metadata.
 */
export const reportStreamCategory = 'report';
export const reportStreamId = (reportId: string) => `${reportStreamCategory}-${reportId}`;

const at = z.string().datetime({ offset: true });
const problem = { code: z.string(), message: z.string() };
const event = <T extends string, D extends z.ZodRawShape>(type: T, data: D) => z.object({ type: z.literal(type), data: z.object(data) });
const section = z.enum(sectionNames);

export const ReportRequested = event('ReportRequested', {
  reportId: z.string(),
  accountId: z.string(),
  idempotencyKey: z.string(),
  /** SHA-256 of the request as validated (the logo by its own hash): a retry with the key must carry the same request. */
  requestHash: z.string(),
  type: z.enum(reportTypes),
  subject: z.object({ uprn: z.string().nullable(), address: z.string().nullable(), postcode: z.string() }),
  asOf: z.string(),
  asOfIsToday: z.boolean(),
  branding: z.object({
    companyName: z.string(),
    primaryColour: z.string(),
    footerText: z.string().nullable(),
    /** The logo is stored by its SHA-256, once. */
    logo: z.object({ sha256: z.string(), mediaType: z.string() }).nullable(),
  }),
  priceCredits: z.number().int().positive(),
  reservationId: z.string(),
  requestedAt: at,
});
export const ChargesReserved = event('ChargesReserved', { at });
export const ChargesRefused = event('ChargesRefused', { ...problem, at });
export const SectionAssembled = event('SectionAssembled', {
  section,
  input: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  sha256: z.string(),
  sources: z.array(Source),
  at,
});
export const SectionAttemptFailed = event('SectionAttemptFailed', {
  section,
  ...problem,
  attempt: z.number().int().positive(),
  retryAt: at,
  at,
});
export const SectionUnavailable = event('SectionUnavailable', {
  section,
  input: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
  ...problem,
  at,
});
export const ReportAbandoned = event('ReportAbandoned', { ...problem, at });
export const RenderingStarted = event('RenderingStarted', { attempt: z.number().int().positive(), at });
export const RenderingFailed = event('RenderingFailed', { attempt: z.number().int().positive(), message: z.string(), at });
export const ReportRendered = event('ReportRendered', {
  sha256: z.string(),
  sizeBytes: z.number().int().positive(),
  pages: z.number().int().positive(),
  at,
});
export const ChargesCaptured = event('ChargesCaptured', { at });
export const ChargesReleased = event('ChargesReleased', { at });
/** The ledger had settled the reservation otherwise (an operator, or its expiry) before the report got there. */
export const ChargesSettledAtLedger = event('ChargesSettledAtLedger', { outcome: z.enum(['captured', 'released']), at });
export const ReportCompleted = event('ReportCompleted', { accountId: z.string(), creditsCharged: z.number().int().nonnegative(), at });
export const ReportFailed = event('ReportFailed', { accountId: z.string(), ...problem, at });

export const ReportEvent = z.discriminatedUnion('type', [
  ReportRequested,
  ChargesReserved,
  ChargesRefused,
  SectionAssembled,
  SectionAttemptFailed,
  SectionUnavailable,
  ReportAbandoned,
  RenderingStarted,
  RenderingFailed,
  ReportRendered,
  ChargesCaptured,
  ChargesReleased,
  ChargesSettledAtLedger,
  ReportCompleted,
  ReportFailed,
]);
export type ReportEvent = z.infer<typeof ReportEvent>;
