import { IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { isCalendarDate } from './purchase-tax';
import { maxAreaM2, queryDecimal } from './renovation-calculator';
import { comparablePropertyTypes, LookBackMonths } from './sold-comparables';
import { sourcedEnvelope } from './sources';

// Valuation (Property Analysis): the specification's parameters, and `asOf` for a valuation as it would have been made
// on a past date. The specification leaves `data` "not shown" (automated valuation with confidence score and comparable
// context); what it holds, and how the model works, is said in the description and in docs/api/property-analysis.md.

export const valuationCredits = 1;
export const defaultValuationMonths = 36;

export const ValuationQuery = z
  .strictObject({
    postcode: Postcode.openapi({
      type: 'string',
      example: 'RG30 2AN',
      description: "The property's full postcode; spaces and case do not matter",
    }),
    address: z
      .string()
      .trim()
      .min(2)
      .max(300)
      .openapi({ example: '60 Western Elms Avenue', description: 'The address, or house number (or flat) and street' }),
    city: z.string().trim().max(100).optional().openapi({
      example: 'Reading',
      description: 'City or town; accepted and not needed (the postcode places the property)',
    }),
    months: LookBackMonths.optional().openapi({ type: 'integer', minimum: 1, maximum: 120, default: defaultValuationMonths, example: 36 }),
    extensionArea: queryDecimal('Extension area in m²; 0 or more; default 0 (needs the floor area of a certificate)')
      .pipe(z.number().min(0).max(maxAreaM2))
      .optional()
      .openapi({ example: 20, minimum: 0, maximum: maxAreaM2, default: 0 }),
    renovationUplift: queryDecimal('Renovation uplift in percent, 0 to 50; default 0')
      .pipe(z.number().min(0).max(50))
      .optional()
      .openapi({ example: 10, minimum: 0, maximum: 50, default: 0 }),
    asOf: z.string().trim().refine(isCalendarDate).optional().openapi({
      type: 'string',
      format: 'date',
      example: '2020-06-30',
      description: 'Value the property as on this date (today or earlier, UK): only sales transferred and certificates lodged before it',
    }),
  })
  .openapi('ValuationQuery');

const percent = z.number().openapi({ example: 42.5 });
const identifiedBy = ['price-paid', 'energy-certificate', 'address-dataset', 'postcode-street'] as const;
const missingFacts = ['own-sale', 'floor-area', 'property-type', 'postcode-sales'] as const;

export const ValuationResult = z
  .object({
    property: z.object({
      address: z.string().openapi({ example: '60 WESTERN ELMS AVENUE, READING' }),
      postcode: z.string().openapi({ example: 'RG30 2AN' }),
      propertyType: z.enum(comparablePropertyTypes).openapi({
        example: 'detached',
        description:
          "Its last sale's, else its certificate's, else the address dataset's classification, else `flat` when its address " +
          'names a flat; `unknown` when none says (valued over the comparables of every kind)',
      }),
      floorArea: z.number().nullable().openapi({ example: 210.98, description: 'm², from its latest certificate before the date' }),
      identifiedBy: z.array(z.enum(identifiedBy)).openapi({
        example: ['price-paid', 'energy-certificate', 'address-dataset'],
        description:
          'Where the home was found: its own sales, its certificates, the address dataset, or (`postcode-street`, where the ' +
          "address dataset lists nothing in the postcode) its house number on a street of the postcode's known homes",
      }),
    }),
    valuationDate: IsoDate.openapi({ example: '2024-01-15' }),
    estimatedValue: z.number().int().openapi({ example: 655000, description: 'GBP, whole' }),
    range: z.object({ low: z.number().int(), high: z.number().int() }).openapi({
      description: "The estimate × exp(±1.2816 σ): an 80% interval by the model's own error estimate σ",
    }),
    confidence: z
      .object({
        score: z.number().int().openapi({ example: 62, description: '100 × exp(−σ / 0.25): 67 ≈ 10%, 55 ≈ 15%, 45 ≈ 20% standard error' }),
        standardErrorPercent: z.number().openapi({ example: 4.8, description: 'σ, the model’s standard error of ln(value), in percent' }),
      })
      .openapi({ description: 'What the score has been worth in practice is measured by a back-test over real sales' }),
    missing: z.array(z.enum(missingFacts)).openapi({
      example: ['floor-area'],
      description:
        'What the valuation did without, each widening its range: `own-sale` (no earlier sale of the home), `floor-area` (no ' +
        'certificate gives it), `property-type` (its kind unknown) and `postcode-sales` (no comparable in its postcode, only ' +
        'in its sector or district)',
    }),
    lookBack: z.object({ months: z.number().int(), from: IsoDate, to: IsoDate }),
    index: z.object({
      method: z.enum(['uk-hpi', 'repeat-sales']).openapi({
        description: "`uk-hpi`: the UK House Price Index of the local authority for the home's kind; `repeat-sales`: the district's own",
      }),
      area: z.string().openapi({ example: 'RG30', description: 'The local authority (GSS code) or the postcode district' }),
      pairs: z.number().int().nullable().openapi({ description: 'Repeat sales: the pairs of sales of one home it was solved from' }),
      lastMonth: z.string().nullable().openapi({ example: '2023-11', description: 'UK HPI: the last month known on the date' }),
    }),
    ownSale: z
      .object({
        transactionDate: IsoDate,
        price: z.number().int(),
        indexedPrice: z.number().int().openapi({ description: 'Its price brought to the valuation date by the index' }),
        weightPercent: percent,
      })
      .nullable()
      .openapi({ description: "The home's last sale before the date, and its share of the estimate" }),
    comparables: z.array(
      z.object({
        address: z.string(),
        postcode: z.string(),
        price: z.number().int(),
        transactionDate: IsoDate,
        propertyType: z.enum(comparablePropertyTypes),
        floorArea: z.number().nullable(),
        adjustedPrice: z
          .number()
          .int()
          .openapi({ description: 'Indexed to the valuation date, and scaled to the floor area where both are known' }),
        weightPercent: percent,
      }),
    ),
    adjustments: z
      .object({
        baseValue: z.number().int(),
        extensionArea: z.number(),
        renovationUplift: z.number(),
        adjustedValue: z.number().int(),
      })
      .optional()
      .openapi({ description: 'With `extensionArea` or `renovationUplift`: the renovation calculator applied to the estimate' }),
  })
  .openapi('Valuation');
export type ValuationResult = z.infer<typeof ValuationResult>;

export const propertyValuation = defineOperation({
  operationId: 'property_valuation',
  method: 'get',
  path: '/property/valuation',
  tag: 'Property Analysis',
  summary: 'An automated valuation with a measured confidence, its comparables and its own last sale',
  description:
    "England and Wales (HM Land Registry's Price Paid).\n\n" +
    '**The home** is placed by `address` within `postcode`: in the address dataset (the one property resolver), or among ' +
    "the district's registered sales and energy certificates (the EPC lookup's address rules), or, where the address " +
    "dataset lists nothing in the postcode, by its house number on a street of the postcode's known homes (within the " +
    'numbers known there); else 404 `PROPERTY_NOT_FOUND`. A home the address dataset classes as something else (land, ' +
    'commercial, a garage, an institution) is 422 `PROPERTY_NOT_RESIDENTIAL`. Its kind (detached, semi-detached, ' +
    "terraced, flat) is its last sale's, else its certificate's, else the address dataset's classification (RD02 to " +
    'RD06), else a flat when its address names one (`Flat`, `Apartment`); else unknown, and it is valued over the ' +
    "comparables of every kind. Its floor area is its latest certificate's. `missing` lists what it was valued " +
    'without.\n\n' +
    '**The index.** Prices are brought to the valuation date with the UK House Price Index of the local authority for the ' +
    "home's kind where it holds every month needed (the months known on the date: to two months before it), else with " +
    'a repeat-sales index of the postcode district (solved by quarter from every pair of sales of one home, as HM Land ' +
    "Registry's former index was). `index` says which.\n\n" +
    '**The model.** Two kinds of evidence, each indexed and each ' +
    "with its own standard error σ, combined by inverse variance: the home's last sale, indexed (σ ≈ 7% plus 1.2% a " +
    'year since), and comparables: sales of the same kind in the district within `months` (default 36), indexed, scaled ' +
    "to the home's floor area where both are known (price ∝ area^0.7), weighted by place (postcode 1, sector 0.4, " +
    'district 0.15), recency (halving every 18 months) and tenure and new-build likeness; their weighted median, σ from ' +
    'their spread (with the kind unknown, the comparables of every kind, σ adding the spread between the kinds). ' +
    'Standard sales only (category A).\n\n' +
    '**Confidence.** σ is widened by what the back-test measured for the kind of evidence (its own sale; comparables in ' +
    'its postcode; only in its sector or district; of every kind when its kind is unknown), so that each holds ' +
    'about 80% of prices in its range; `range` is then an 80% interval by σ (±1.2816 σ) and ' +
    '`confidence.score` is 100 × exp(−σ / 0.25). What it is worth is ' +
    'measured: a back-test values real sales as of the day before each and compares the estimate with the price paid, ' +
    'score by score.\n\n' +
    '**`asOf`** values the home as on that date: only sales whose date of transfer is before it (Price Paid gives no ' +
    'registration date) and certificates lodged before it, the index included. Default today (UK).\n\n' +
    '**`extensionArea`, `renovationUplift`**: the renovation calculator applied to the estimate (its floor area from the ' +
    'certificate; with an extension and no certificate, 404 `FLOOR_AREA_NOT_FOUND`). `city` is accepted and not needed.',
  cost: { kind: 'per_call', credits: valuationCredits, charging: 'on_answer' },
  chargedFor: 'valuation',
  request: { query: ValuationQuery },
  response: {
    status: 200,
    description: 'The valuation',
    mediaType: 'application/json',
    schema: sourcedEnvelope(ValuationResult).openapi('ValuationResponse'),
  },
  parameterErrors: {
    postcode: { code: 'INVALID_POSTCODE', message: '`postcode` is required: a full UK postcode such as RG30 2AN. Nothing was charged.' },
    address: {
      code: 'INVALID_ADDRESS',
      message: '`address` is required: 2 to 300 characters (house number or flat, and street). Nothing was charged.',
    },
    months: { code: 'INVALID_MONTHS', message: '`months` must be a whole number from 1 to 120 (default 36). Nothing was charged.' },
    extensionArea: { code: 'INVALID_EXTENSION_AREA', message: '`extensionArea` must be a number of m², 0 or more. Nothing was charged.' },
    renovationUplift: {
      code: 'INVALID_RENOVATION_UPLIFT',
      message: '`renovationUplift` must be a percentage from 0 to 50. Nothing was charged.',
    },
    asOf: { code: 'INVALID_AS_OF', message: '`asOf` must be a date, YYYY-MM-DD, today or earlier. Nothing was charged.' },
  },
  errors: {
    INVALID_POSTCODE: 'Missing, or not a full UK postcode; nothing charged',
    INVALID_ADDRESS: 'Missing, or not 2 to 300 characters; nothing charged',
    INVALID_MONTHS: '`months` outside 1 to 120; nothing charged',
    INVALID_EXTENSION_AREA: '`extensionArea` negative or not a number; nothing charged',
    INVALID_RENOVATION_UPLIFT: '`renovationUplift` outside 0 to 50; nothing charged',
    INVALID_AS_OF: '`asOf` not a date, or after today; nothing charged',
    PROPERTY_NOT_FOUND: 'The address is not in the address dataset and no sale or certificate of it is known; nothing charged',
    PROPERTY_NOT_RESIDENTIAL: 'The address dataset classes the address as something other than a home; nothing charged',
    VALUATION_NOT_POSSIBLE: 'No earlier sale of the home and no comparable in the look-back; nothing charged',
    FLOOR_AREA_NOT_FOUND: 'An extension was asked for and the home has no certificate giving its floor area; nothing charged',
    SERVICE_UNAVAILABLE: 'No Price Paid Data is imported yet; nothing charged',
    UPSTREAM_TIMEOUT: 'The valuation was not ready in time; nothing charged',
    INTERNAL_ERROR: 'The renovation calculation failed; nothing charged',
  },
});
