import { z } from '../zod';
import { defineOperation } from './operation';
import { Month } from './place';
import { Postcode } from './postcode';
import { isCalendarDate } from './purchase-tax';
import { sourcedEnvelope } from './sources';

// Market Data: series as their publishers give them, read from the imported files (HM Land Registry's UK House Price
// Index, the Bank of England's database). The specification names the group and shows no operation: parameters,
// answers, costs (1 credit each, like a comparable lookup) and codes are designed here and said in each description.

export const marketCredits = 1;

const isoDate = (description: string, example: string) =>
  z.string().trim().refine(isCalendarDate, 'must be a date, YYYY-MM-DD').openapi({ type: 'string', format: 'date', description, example });

// House price index

export const hpiPropertyTypes = ['all', 'detached', 'semi-detached', 'terraced', 'flat'] as const;

export const HousePriceIndexQuery = z
  .strictObject({
    area: z.string().trim().min(2).max(100).optional().openapi({
      example: 'Reading',
      description: "The UK HPI's area: its name as published (any case) or its GSS code (E06000038); or give `postcode`",
    }),
    postcode: Postcode.optional().openapi({
      type: 'string',
      example: 'RG30 1AA',
      description: "A full postcode: its local authority's series; or give `area`",
    }),
    from: Month.optional().openapi({ description: 'First month (YYYY-MM); default 11 months before `to`' }),
    to: Month.optional().openapi({ description: 'Last month (YYYY-MM); default the latest month held for the area' }),
    propertyType: z.enum(hpiPropertyTypes).optional().default('all').openapi({ default: 'all', example: 'flat' }),
  })
  .openapi('HousePriceIndexQuery');

const HpiMonth = z
  .strictObject({
    month: z.string().openapi({ example: '2024-12' }),
    averagePrice: z.number().int().nullable().openapi({ example: 319044, description: 'Pounds, as published rounded to the pound' }),
    index: z.number().nullable().openapi({ example: 101.6, description: 'January 2015 = 100' }),
    change1mPercent: z.number().nullable().openapi({ example: -0.5 }),
    change12mPercent: z.number().nullable().openapi({ example: 4.2 }),
    salesVolume: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Sales in the month, for all property types only; null where not (yet) published' }),
  })
  .openapi('HousePriceIndexMonth');

export const HousePriceIndexResult = z
  .strictObject({
    area: z.strictObject({
      code: z.string().openapi({ example: 'E06000038' }),
      name: z.string().nullable().openapi({ example: 'Reading' }),
    }),
    propertyType: z.enum(hpiPropertyTypes),
    from: z.string(),
    to: z.string(),
    series: z.array(HpiMonth).openapi({ description: 'The months held between `from` and `to`, in order (a month not held is left out)' }),
  })
  .openapi('HousePriceIndexResult');

export const housePriceIndex = defineOperation({
  operationId: 'market_house_price_index',
  method: 'get',
  path: '/market/house-price-index',
  tag: 'Market Data',
  summary: 'The UK House Price Index of an area, month by month',
  description:
    "HM Land Registry's UK House Price Index for a country, region, " +
    "county, local authority or London borough (named as the index names it, or by GSS code), or for a postcode's local " +
    'authority: for each month, the average price, the index (January 2015 = 100), the 1- and 12-month changes and the sales ' +
    'volume, for all property types or for detached, semi-detached, terraced or flat (sales volumes are published for all ' +
    'types only). From the imported full file; a newer release replaces the months it holds. Default: the 12 months to the ' +
    'latest month held for the area.',
  cost: { kind: 'per_call', credits: marketCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: HousePriceIndexQuery },
  response: {
    status: 200,
    description: 'The series',
    mediaType: 'application/json',
    schema: sourcedEnvelope(HousePriceIndexResult).openapi('HousePriceIndexResponse'),
  },
  errors: {
    INVALID_PARAMETERS:
      'Neither or both of `area` and `postcode`, a month that is not YYYY-MM, or an unknown property type; nothing charged',
    INVALID_POSTCODE: '`postcode` is not a full UK postcode; nothing charged',
    INVALID_DATE_RANGE: '`from` is after `to`; nothing charged',
    UNKNOWN_AREA: 'The index holds no area of that name or code (or none for the postcode’s local authority); nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving holds the postcode; nothing charged',
    DATABASE_ERROR: 'The series could not be read; nothing charged; retry',
    UPSTREAM_TIMEOUT: 'The location service, which holds the series, did not answer in time; nothing charged; retry',
  },
  parameterErrors: { postcode: { code: 'INVALID_POSTCODE', message: '`postcode` must be a full UK postcode, such as RG30 1AA.' } },
});

// Bank Rate

export const bankRateSeries = 'IUDBEDR';

export const BankRateQuery = z
  .strictObject({
    date: isoDate('The day (YYYY-MM-DD) whose rate is wanted; default today in the UK. Or give `from` and `to`', '2025-08-07').optional(),
    from: isoDate('With `to`: every change of Bank Rate from this day…', '2025-01-01').optional(),
    to: isoDate('…to this day, inclusive', '2025-12-31').optional(),
  })
  .openapi('BankRateQuery');

const RateChange = z
  .strictObject({
    date: z.string().openapi({ example: '2025-12-18' }),
    ratePercent: z.number().openapi({ example: 3.75 }),
    changePercentagePoints: z
      .number()
      .nullable()
      .openapi({ example: -0.25, description: 'From the rate before; null for the first observation' }),
  })
  .openapi('BankRateChange');

export const BankRateResult = z
  .strictObject({
    seriesCode: z.literal(bankRateSeries),
    date: z.string().nullable().openapi({ description: 'The day asked about; null for a range' }),
    ratePercent: z.number().nullable().openapi({ example: 3.75, description: 'The rate in force on `date` (for a range: on `from`)' }),
    inForceSince: z.string().nullable().openapi({ example: '2025-12-18', description: 'The day that rate took effect' }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    changes: z.array(RateChange).openapi({ description: 'For a range: every change from `from` to `to`, in order; empty for a day' }),
    latestObservation: z.string().openapi({ description: 'The last day the imported series holds: later changes are not known' }),
  })
  .openapi('BankRateResult');
export type BankRateResult = z.infer<typeof BankRateResult>;

export const bankRate = defineOperation({
  operationId: 'market_bank_rate',
  method: 'get',
  path: '/market/bank-rate',
  tag: 'Market Data',
  summary: 'Bank Rate on a day, or every change between two days',
  description:
    "The Bank of England's Bank Rate (series IUDBEDR of its " +
    'database), as imported: the rate in force on `date` and the day it took effect, or, with `from` and `to`, the rate on ' +
    '`from` and every change up to `to` with its size in percentage points. A day after the series ends is answered with ' +
    'the last rate held; `latestObservation` says how far the series goes.',
  cost: { kind: 'per_call', credits: marketCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: BankRateQuery },
  response: {
    status: 200,
    description: 'The rate',
    mediaType: 'application/json',
    schema: sourcedEnvelope(BankRateResult).openapi('BankRateResponse'),
  },
  errors: {
    INVALID_PARAMETERS: '`date` with `from`/`to`, or only one of `from` and `to`, or a day that is not YYYY-MM-DD; nothing charged',
    INVALID_DATE_RANGE: '`from` is after `to`; nothing charged',
    DATE_OUT_OF_RANGE: 'Before the first day the series holds; nothing charged',
    SERVICE_UNAVAILABLE: 'No Bank Rate series is imported; nothing charged',
    DATABASE_ERROR: 'The series could not be read; nothing charged; retry',
    UPSTREAM_TIMEOUT: 'The location service, which holds the series, did not answer in time; nothing charged; retry',
  },
});

// Quoted mortgage rates

/** The Bank of England's quoted household mortgage rate series (monthly, %, not seasonally adjusted). */
export const mortgageProducts = {
  'two-year-fixed-60-ltv': ['IUMZICQ', '2 year (60% LTV) fixed rate mortgage'],
  'two-year-fixed-75-ltv': ['IUMBV34', '2 year (75% LTV) fixed rate mortgage'],
  'two-year-fixed-85-ltv': ['IUMZICR', '2 year (85% LTV) fixed rate mortgage'],
  'two-year-fixed-90-ltv': ['IUMB482', '2 year (90% LTV) fixed rate mortgage'],
  'two-year-fixed-95-ltv': ['IUM2WTL', '2 year (95% LTV) fixed rate mortgage'],
  'two-year-fixed-95-ltv-building-societies': ['IUM2WBS', '2 year (95% LTV) fixed rate mortgage, building societies (end-month average)'],
  'two-year-fixed-95-ltv-banks': ['IUM2WCB', '2 year (95% LTV) fixed rate mortgage, banks (end-month average)'],
  'three-year-fixed-75-ltv': ['IUMBV37', '3 year (75% LTV) fixed rate mortgage'],
  'five-year-fixed-75-ltv': ['IUMBV42', '5 year (75% LTV) fixed rate mortgage'],
  'five-year-fixed-95-ltv': ['IUM5WTL', '5 year (95% LTV) fixed rate mortgage'],
  'ten-year-fixed-75-ltv': ['IUMBV45', '10 year (75% LTV) fixed rate mortgage'],
  'two-year-variable-75-ltv': ['IUMBV48', '2 year variable rate mortgage (75% LTV)'],
  'two-year-variable-90-ltv': ['IUMB479', '2 year variable rate mortgage (90% LTV)'],
  'lifetime-tracker': ['IUMBV24', 'lifetime tracker variable rate mortgage'],
  'standard-variable-rate': ['IUMTLMV', 'revert-to (standard variable) rate mortgage'],
} as const;
export type MortgageProduct = keyof typeof mortgageProducts;
const productNames = Object.keys(mortgageProducts) as [MortgageProduct, ...MortgageProduct[]];
export const defaultMortgageProducts: MortgageProduct[] = [
  'two-year-fixed-75-ltv',
  'two-year-fixed-90-ltv',
  'five-year-fixed-75-ltv',
  'five-year-fixed-95-ltv',
  'lifetime-tracker',
  'standard-variable-rate',
];

export const MortgageRatesQuery = z
  .strictObject({
    from: Month.optional().openapi({ description: 'First month (YYYY-MM); default 11 months before `to`' }),
    to: Month.optional().openapi({ description: 'Last month (YYYY-MM); default the latest month held' }),
    products: z
      .string()
      .trim()
      .transform((s) => s.split(',').map((p) => p.trim()))
      .pipe(z.array(z.enum(productNames)).min(1))
      .optional()
      .openapi({
        type: 'string',
        example: 'two-year-fixed-75-ltv,five-year-fixed-75-ltv',
        description: `Comma-separated, of: ${productNames.join(', ')}; default ${defaultMortgageProducts.join(', ')}`,
      }),
  })
  .openapi('MortgageRatesQuery');

export const MortgageRatesResult = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    products: z.array(
      z
        .strictObject({
          product: z.enum(productNames),
          seriesCode: z.string().openapi({ example: 'IUMBV34' }),
          description: z.string().openapi({ example: '2 year (75% LTV) fixed rate mortgage' }),
          months: z.array(z.strictObject({ month: z.string(), ratePercent: z.number() })).openapi({
            description:
              'Each month held, in order; a month the Bank did not publish (fewer than three lenders quoting; `n/a`, `..` or ' +
              '`0` in its files) is left out',
          }),
        })
        .openapi('MortgageRateSeries'),
    ),
  })
  .openapi('MortgageRatesResult');

export const mortgageRates = defineOperation({
  operationId: 'market_mortgage_rates',
  method: 'get',
  path: '/market/mortgage-rates',
  tag: 'Market Data',
  summary: "The Bank of England's quoted household mortgage rates, month by month",
  description:
    'Monthly averages of the mortgage rates lenders advertise, ' +
    'weighted by the Bank of England (its quoted household interest rates, not seasonally adjusted), by product, each with ' +
    'its series code: 2-year fixed at 60, 75, 85, 90 and 95% LTV (and at 95% from building societies and banks apart, an ' +
    'end-month average to 2007), 3-, 5- and 10-year fixed at 75%, 5-year fixed at 95%, 2-year variable rates at 75 and 90%, ' +
    'lifetime trackers and the revert-to (standard variable) rate. The Bank publishes no 5-year fixed rate at 90% LTV. Each ' +
    'series reaches back as far as the files imported do (the 2-year fixed at 75% LTV to January 1995). Default: six ' +
    'products over the 12 months to the latest month held.',
  cost: { kind: 'per_call', credits: marketCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: MortgageRatesQuery },
  response: {
    status: 200,
    description: 'The rates',
    mediaType: 'application/json',
    schema: sourcedEnvelope(MortgageRatesResult).openapi('MortgageRatesResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'A month that is not YYYY-MM, or an unknown product; nothing charged',
    INVALID_DATE_RANGE: '`from` is after `to`; nothing charged',
    SERVICE_UNAVAILABLE: 'None of the mortgage rate series asked for is imported; nothing charged',
    DATABASE_ERROR: 'The series could not be read; nothing charged; retry',
    UPSTREAM_TIMEOUT: 'The location service, which holds the series, did not answer in time; nothing charged; retry',
  },
});

// Inflation

/**
 * The ONS series (dataset MM23) of each measure: the 12-month rate and the index (CPI and CPIH 2015 = 100, RPI January
 * 1987 = 100). The RPI is no longer a National Statistic but leases and ground rents are still reviewed by it.
 */
export const inflationSeries = {
  cpi: { annualRate: 'D7G7', index: 'D7BT' },
  cpih: { annualRate: 'L55O', index: 'L522' },
  rpi: { annualRate: 'CZBH', index: 'CHAW' },
} as const;

export const InflationQuery = z
  .strictObject({
    from: Month.optional().openapi({ description: 'First month (YYYY-MM); default 11 months before `to`' }),
    to: Month.optional().openapi({ description: 'Last month (YYYY-MM); default the latest month held' }),
  })
  .openapi('InflationQuery');

const Measure = z
  .strictObject({
    annualRatePercent: z.number().nullable().openapi({ example: 3.8, description: 'The 12-month rate, as published (one decimal)' }),
    index: z.number().nullable().openapi({ example: 138.9, description: 'CPI and CPIH: 2015 = 100; RPI: January 1987 = 100' }),
  })
  .openapi('InflationMeasure');

export const InflationResult = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    series: z
      .strictObject({
        cpi: z.strictObject({ annualRate: z.literal('D7G7'), index: z.literal('D7BT') }),
        cpih: z.strictObject({ annualRate: z.literal('L55O'), index: z.literal('L522') }),
        rpi: z.strictObject({ annualRate: z.literal('CZBH'), index: z.literal('CHAW') }),
      })
      .openapi({ description: 'The ONS series codes (dataset MM23) each figure comes from' }),
    months: z
      .array(z.strictObject({ month: z.string().openapi({ example: '2025-06' }), cpi: Measure, cpih: Measure, rpi: Measure }))
      .openapi({ description: 'Each month between `from` and `to` that any series holds, in order; a figure not held is null' }),
  })
  .openapi('InflationResult');

export const inflation = defineOperation({
  operationId: 'market_inflation',
  method: 'get',
  path: '/market/inflation',
  tag: 'Market Data',
  summary: 'Price inflation (CPI, CPIH and RPI), month by month',
  description:
    "The Office for National Statistics' consumer price " +
    'inflation: for each month, the 12-month rate and the index (2015 = 100) of the CPI (series D7G7, D7BT) and of the ' +
    "CPIH, which adds owner occupiers' housing costs and council tax (L55O, L522), and of the RPI (CZBH, CHAW; January " +
    '1987 = 100), by which leases and ground rents are still reviewed, from the imported ONS time series downloads ' +
    '(dataset MM23). A series not imported, or a month it does not hold, is null. Default: the 12 months to the latest ' +
    'month held.',
  cost: { kind: 'per_call', credits: marketCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: InflationQuery },
  response: {
    status: 200,
    description: 'The figures',
    mediaType: 'application/json',
    schema: sourcedEnvelope(InflationResult).openapi('InflationResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'A month that is not YYYY-MM; nothing charged',
    INVALID_DATE_RANGE: '`from` is after `to`; nothing charged',
    SERVICE_UNAVAILABLE: 'No inflation series is imported; nothing charged',
    DATABASE_ERROR: 'The series could not be read; nothing charged; retry',
    UPSTREAM_TIMEOUT: 'The location service, which holds the series, did not answer in time; nothing charged; retry',
  },
});
