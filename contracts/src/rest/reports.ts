import { reportTypes, sectionNames } from '../reports/sections';
import { z } from '../zod';
import { freeEnvelope, successEnvelope } from './billing';
import { Postcode } from './postcode';
import { isCalendarDate } from './purchase-tax';

// Property Reports: a branded PDF pack of what the API knows about one property or one postcode's area, assembled
// from the API's own answers and rendered asynchronously; the caller polls the status (or takes a webhook) and
// downloads the document.

export const ReportId = z
  .string()
  .regex(/^rep_[a-z0-9]{26}$/, 'must be rep_ and 26 lower-case letters and digits')
  .openapi({ example: 'rep_k3v9x2m4q8w1z7c5b6n0p2r4t8' });

export const maxLogoBytes = 200 * 1024;
/** A 200 kB logo as base64 (4 characters per 3 bytes), with room for the rest of the request. */
export const reportBodyLimitBytes = 300 * 1024;

/** The logo's format, from its first bytes: PNG's signature or JPEG's start-of-image marker. */
export const logoMediaType = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
};

const Logo = z
  .string()
  .max(Math.ceil(maxLogoBytes / 3) * 4 + 4)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 (no data: prefix, no line breaks)')
  .refine((text) => Buffer.from(text, 'base64').length <= maxLogoBytes, 'must be at most 200 kB once decoded')
  .refine((text) => logoMediaType(Buffer.from(text, 'base64')) !== undefined, 'must be a PNG or a JPEG')
  .openapi({ description: 'A PNG or JPEG, base64-encoded, at most 200 kB decoded; drawn on the cover, at most 160 × 60 pt' });

export const Branding = z
  .strictObject({
    companyName: z.string().trim().min(1).max(80).openapi({ example: 'Thames Valley Conveyancing' }),
    primaryColour: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'must be #RRGGBB')
      .transform((c) => c.toUpperCase())
      .optional()
      .default('#1F3A5F')
      .openapi({ example: '#0B6E4F', default: '#1F3A5F', description: 'The cover band, headings and charts' }),
    logo: Logo.optional(),
    footerText: z.string().trim().max(200).optional().openapi({ example: 'Prepared for our client. Not a survey.' }),
  })
  .openapi('ReportBranding');
export type Branding = z.output<typeof Branding>;

const AsOf = z
  .string()
  .trim()
  .refine(isCalendarDate, 'must be a date, YYYY-MM-DD')
  .openapi({
    example: '2025-06-30',
    description:
      'The date the figures are as of (default: today in the UK): the valuation and sold prices use sales before it, ' +
      'purchase tax its rules on that day, series end at its month. Registers (EPC, boundary, titles, schools, crime ' +
      'categories, planning, deprivation, census) are as held when the report is assembled. Not after today; not before 1995-01-01',
  });

const PropertySubject = z
  .union([
    z.strictObject({
      uprn: z
        .string()
        .regex(/^\d{1,12}$/, 'must be 1 to 12 digits')
        .openapi({ example: '310056789' }),
    }),
    z.strictObject({
      address: z.string().trim().min(2).max(300).openapi({ example: '194 Oxford Road' }),
      postcode: Postcode,
    }),
  ])
  .openapi('ReportPropertySubject', { description: 'Exactly one of: `{uprn}`, or `{address, postcode}`' });

export const ReportRequest = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('property-pack'),
      subject: PropertySubject,
      asOf: AsOf.optional(),
      branding: Branding,
    }),
    z.strictObject({
      type: z.literal('area-pack'),
      subject: z.strictObject({ postcode: Postcode }),
      asOf: AsOf.optional(),
      branding: Branding,
    }),
  ])
  .openapi('ReportRequest');
export type ReportRequest = z.output<typeof ReportRequest>;

export const reportStatuses = ['queued', 'assembling', 'rendering', 'completed', 'failed'] as const;
export const sectionStates = ['pending', 'assembled', 'unavailable'] as const;
export const reportPaymentStatuses = ['not_reserved', 'reserved', 'captured', 'released'] as const;

const Problem = z.strictObject({ code: z.string(), message: z.string() });

export const ReportSection = z
  .strictObject({
    section: z.enum(sectionNames),
    title: z.string().openapi({ example: 'Automated valuation' }),
    core: z.boolean().openapi({ description: 'A core section that cannot be made fails the report, free of charge' }),
    state: z.enum(sectionStates),
    source: z
      .strictObject({
        operationId: z.string().openapi({ example: 'property_valuation' }),
        input: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .nullable()
          .openapi({ description: "The call's query (or body, for a POST) giving the same figures; null until it can be made" }),
      })
      .openapi({ description: 'The API call whose answer this section is' }),
    reason: Problem.nullable().openapi({ description: 'Why the section is unavailable (its operation’s error)' }),
  })
  .openapi('ReportSection');

const ReportFields = {
  reportId: ReportId,
  type: z.enum(reportTypes),
  status: z.enum(reportStatuses).openapi({
    description:
      '`queued` (credits reserved, nothing assembled yet), `assembling` (sections being asked), `rendering` (the PDF being ' +
      'drawn), `completed` (download it) or `failed` (nothing charged; see `error`)',
  }),
  subject: z.strictObject({ uprn: z.string().nullable(), address: z.string().nullable(), postcode: z.string() }),
  asOf: z.string().openapi({ example: '2026-11-29' }),
  companyName: z.string(),
  requestedAt: z.string().datetime({ offset: true }),
  completedAt: z.string().datetime({ offset: true }).nullable(),
  progress: z.strictObject({
    sectionsDone: z.number().int().nonnegative(),
    sectionsTotal: z.number().int().positive(),
    percent: z.number().int().min(0).max(100).openapi({ description: 'Sections settled make 90; the rendered document the rest' }),
  }),
  unavailable: z.array(z.enum(sectionNames)).openapi({ description: 'Sections that could not be made; listed in the document too' }),
  downloadUrl: z.string().nullable().openapi({ example: '/api/v1/reports/rep_k3v9x2m4q8w1z7c5b6n0p2r4t8/document' }),
  document: z.strictObject({ pages: z.number().int().positive(), sizeBytes: z.number().int().positive(), sha256: z.string() }).nullable(),
  error: Problem.nullable(),
  priceCredits: z.number().int().positive().openapi({ description: 'The fixed price of the type' }),
  creditsCharged: z.number().int().nonnegative().openapi({ description: 'The price once completed; 0 before, and 0 for a failed report' }),
  paymentStatus: z.enum(reportPaymentStatuses),
};

export const Report = z.strictObject({ ...ReportFields, sections: z.array(ReportSection) }).openapi('Report');
export type Report = z.infer<typeof Report>;
export const ReportSummary = z.strictObject(ReportFields).openapi('ReportSummary');
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ReportResponse = successEnvelope(Report).openapi('ReportResponse');
export const ReportStatusResponse = freeEnvelope(Report).openapi('ReportStatusResponse');
export const ReportListResponse = freeEnvelope(
  z.strictObject({
    reports: z.array(ReportSummary),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last' }),
  }),
).openapi('ReportListResponse');

export const ReportIdPath = z.object({ reportId: ReportId });

export const ReportListQuery = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: 'Reports a page, 1 to 100' }),
    cursor: z.string().max(200).optional().openapi({ description: 'The `nextCursor` of the page before' }),
  })
  .openapi('ReportListQuery');
