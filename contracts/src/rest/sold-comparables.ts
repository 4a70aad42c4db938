import { EnergyRating, IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { isCalendarDate } from './purchase-tax';
import { sourcedEnvelope } from './sources';

// Sold comparables (Property Analysis), exactly as the specification gives it: the registered sales of one postcode over
// a look-back, most recent first, each with what its energy certificate says of the home. What the specification
// leaves open is decided here and said in the description: the look-back's start, which sales count, and how a sale
// is matched to its certificate. `asOf` is ours: the same answer as it stood on a past date, for reports.

export const soldComparablesCredits = 1;
export const defaultComparableMonths = 36;
/** The first date of HM Land Registry's Price Paid Data: no sale is recorded before it. */
export const pricePaidFirstDate = '1995-01-01';

/** A look-back in whole months, 1 to 120, as query text. */
export const LookBackMonths = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(120));

export const SoldComparablesQuery = z
  .strictObject({
    postcode: Postcode.openapi({
      type: 'string',
      example: 'RG30 2AN',
      description: 'A full UK postcode; space optional (normalised by a space before the last three characters), any case',
    }),
    months: LookBackMonths.optional().openapi({
      type: 'integer',
      minimum: 1,
      maximum: 120,
      default: defaultComparableMonths,
      example: 36,
    }),
    // Not after today is checked by the analysis service, on the UK business clock.
    asOf: z
      .string()
      .trim()
      .refine(isCalendarDate)
      .refine((date) => date >= pricePaidFirstDate)
      .optional()
      .openapi({
        type: 'string',
        format: 'date',
        example: '2022-08-04',
        description: `The sales as they stood on this date (${pricePaidFirstDate} to today, UK): transferred before it, within \`months\` of it`,
      }),
  })
  .openapi('SoldComparablesQuery');

export const comparablePropertyTypes = ['detached', 'semi-detached', 'terraced', 'flat', 'unknown'] as const;
export const comparableEstateTypes = ['freehold', 'leasehold', 'unknown'] as const;

const Comparable = z
  .strictObject({
    address: z.string().openapi({ example: '60 WESTERN ELMS AVENUE, READING', description: 'As HM Land Registry records it' }),
    postcode: z.string().openapi({ example: 'RG30 2AN' }),
    price: z.number().int().openapi({ example: 420000, description: 'Sale price in GBP' }),
    transactionDate: IsoDate.openapi({ example: '2019-01-14', description: 'The date of transfer (completion)' }),
    propertyType: z.enum(comparablePropertyTypes).openapi({ example: 'detached' }),
    newBuild: z.boolean(),
    estateType: z.enum(comparableEstateTypes).openapi({ example: 'freehold' }),
    floorArea: z.number().nullable().openapi({ example: 210.98, description: 'm², from the energy certificate matched; null without one' }),
    energyRating: EnergyRating.nullable(),
    estimatedBedrooms: z.number().int().nullable().openapi({ example: 6, description: "From the certificate's habitable rooms" }),
    pricePerSqM: z.number().int().nullable().openapi({ example: 1991, description: 'GBP per m², whole; null without a floor area' }),
    pricePerSqFt: z.number().int().nullable().openapi({ example: 185, description: 'GBP per ft², whole; null without a floor area' }),
  })
  .openapi('SoldComparable');

export const SoldComparablesResult = z
  .strictObject({
    postcode: z.string().openapi({ example: 'RG30 2AN', description: 'Normalised' }),
    period: z.string().openapi({ example: '36 months', description: 'The look-back as `<months> months`' }),
    totalResults: z.number().int().openapi({ example: 1 }),
    comparables: z.array(Comparable).openapi({ description: 'Most recent sale first' }),
  })
  .openapi('SoldComparables');

export const propertySoldComparables = defineOperation({
  operationId: 'property_sold_comparables',
  method: 'get',
  path: '/property/sold-comparables',
  tag: 'Property Analysis',
  summary: "A postcode's registered sales over a look-back, with floor areas and prices per m²",
  description:
    'The sales HM Land Registry ' +
    'has registered in the postcode (Price Paid Data), most recent first; one postcode per call, no radius.\n\n' +
    "**The look-back.** Sales whose date of transfer is on or after the same day `months` months before today's date in " +
    'the UK (Europe/London), to today. Price Paid is published monthly and about two months behind; `sources` gives the ' +
    'latest sale the imported data holds.\n\n' +
    '**`asOf`** gives the answer as it stood on that date (from 1995-01-01, when Price Paid begins, to today in the UK), ' +
    "as the valuation's `asOf` does: sales whose date of transfer is before it (the date itself excluded: Price Paid " +
    'gives no registration date, so a sale counts as known from its transfer date) and on or after the same day ' +
    '`months` months before it. Without it the look-back ends today, today included.\n\n' +
    "**Which sales.** Standard price-paid sales (HM Land Registry's category A): sales of a whole home at full market value " +
    'to a private individual. Category B (repossessions, buy-to-let purchases identified by a mortgage, buyers that are ' +
    'companies or other bodies, and property type Other) is imported but left out: those prices are not comparable with ' +
    "an open-market sale. `propertyType` maps Price Paid's D, S, T and F (`unknown`: O); `estateType` its duration F and L " +
    '(`unknown`: U, in old records).\n\n' +
    "**Energy certificate.** Each sale's address (SAON, PAON, street) is matched to the certificates of the same postcode " +
    'by the rules of the EPC lookup (flat and house numbers equal, `2A` never `2`, a named house by every word of its ' +
    'name, the street by its distinctive words); Price Paid carries no UPRN, so the address decides. Of the matched ' +
    "home's certificates the one lodged last on or before the sale is used, or, with none before it, the first lodged " +
    'after. No match, or an address matching more than one home, leaves `floorArea`, `energyRating`, ' +
    '`estimatedBedrooms` and both prices per area null. `estimatedBedrooms`: habitable rooms less one reception room up ' +
    'to 4 rooms, two up to 7, three above. Prices per area are rounded to whole pounds (1 ft² = 0.09290304 m²).',
  cost: { kind: 'per_call', credits: soldComparablesCredits, charging: 'on_answer' },
  chargedFor: 'call, also when no sale is found',
  unauthenticatedCode: 'AUTHENTICATION_REQUIRED',
  request: { query: SoldComparablesQuery },
  response: {
    status: 200,
    description: "The postcode's sales over the look-back",
    mediaType: 'application/json',
    schema: sourcedEnvelope(SoldComparablesResult).openapi('SoldComparablesResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message: '`postcode` must be a full UK postcode, such as RG30 2AN (spaces and case do not matter). Nothing was charged.',
      missing: { code: 'MISSING_POSTCODE', message: '`postcode` is required. Nothing was charged.' },
    },
    months: { code: 'INVALID_MONTHS', message: '`months` must be a whole number from 1 to 120 (default 36). Nothing was charged.' },
    asOf: {
      code: 'INVALID_AS_OF',
      message: `\`asOf\` must be a date, YYYY-MM-DD, from ${pricePaidFirstDate} to today (UK). Nothing was charged.`,
    },
  },
  errors: {
    MISSING_POSTCODE: '`postcode` absent; nothing charged',
    INVALID_POSTCODE: '`postcode` is not a full UK postcode; nothing charged',
    INVALID_MONTHS: '`months` outside 1 to 120; nothing charged',
    INVALID_AS_OF: '`asOf` not a date, before 1995-01-01 or after today; nothing charged',
    SERVICE_UNAVAILABLE: 'No Price Paid Data is imported yet; nothing charged',
    UPSTREAM_TIMEOUT: 'The sales were not found in time; nothing charged',
  },
});

export type SoldComparablesResult = z.infer<typeof SoldComparablesResult>;
