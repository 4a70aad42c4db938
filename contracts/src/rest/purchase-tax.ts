import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { sourcedEnvelope } from './sources';

// Property purchase tax (Property Finance): Stamp Duty Land Tax (England, Northern Ireland), Land Transaction Tax
// (Wales) and Land and Buildings Transaction Tax (Scotland) on any effective date since SDLT's slab system ended. The
// specification names the group and shows no operation: parameters, answer, cost and codes are designed here (the
// parameter names are the project's issue's), and said in the description and in docs/api/property-finance.md.

export const purchaseTaxCredits = 1;
/** SDLT's slice system began on 4 December 2014: no table before it is held. */
export const purchaseTaxFirstDate = '2014-12-04';
export const maxPurchasePrice = 1e12;

export const nations = ['england', 'northern-ireland', 'wales', 'scotland'] as const;
export type Nation = (typeof nations)[number];
export const buyerTypes = ['home-mover', 'first-time-buyer', 'additional-property'] as const;
export type BuyerType = (typeof buyerTypes)[number];

/** A calendar date, `YYYY-MM-DD`, that exists (no 30 February). */
export const isCalendarDate = (text: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

export const PurchaseTaxQuery = z
  .strictObject({
    price: z
      .string()
      .trim()
      .regex(/^\d{1,13}$/, 'must be a whole number of pounds')
      .transform(Number)
      .pipe(z.number().int().positive('must be more than 0').max(maxPurchasePrice, 'must be at most 10^12'))
      .openapi({
        type: 'integer',
        minimum: 1,
        maximum: maxPurchasePrice,
        example: 295000,
        description: 'The price (chargeable consideration) in whole pounds',
      }),
    country: z.enum(nations).optional().openapi({
      example: 'england',
      description: 'The nation the property is in, which decides the tax; or give `postcode` instead (exactly one of the two)',
    }),
    postcode: Postcode.optional().openapi({
      type: 'string',
      example: 'RG30 1AA',
      description: "The property's full postcode, resolved to its nation by the postcode datasets; or give `country` instead",
    }),
    transactionDate: z
      .string()
      .trim()
      .refine(isCalendarDate, 'must be a date, YYYY-MM-DD')
      .optional()
      .openapi({
        type: 'string',
        format: 'date',
        example: '2025-06-30',
        description: `The effective date (normally completion), from ${purchaseTaxFirstDate}; default today in the UK (Europe/London)`,
      }),
    buyerType: z.enum(buyerTypes).optional().default('home-mover').openapi({
      default: 'home-mover',
      description:
        '`home-mover`: no other dwelling owned after the purchase; `first-time-buyer`: every buyer a first-time buyer, buying their main residence; `additional-property`: a buyer will own more than one dwelling (a second home, a buy-to-let)',
    }),
    nonUkResident: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .openapi({
        type: 'boolean',
        default: false,
        description: 'A buyer is non-UK resident for SDLT (fewer than 183 days in the UK in the 12 months before)',
      }),
  })
  .openapi('PurchaseTaxQuery');
export type PurchaseTaxInput = z.output<typeof PurchaseTaxQuery>;

const pounds = z.number().int().openapi({ description: 'Whole pounds' });
const poundsAndPence = z.number().openapi({ description: 'Pounds and pence, rounded down to the penny' });

export const PurchaseTaxBand = z
  .strictObject({
    from: pounds.openapi({ example: 125000, description: 'The band is the part of the price above `from`…' }),
    to: pounds.nullable().openapi({ example: 250000, description: '…up to `to`; null for the top band' }),
    ratePercent: z.number().openapi({ example: 2 }),
    taxableAmount: pounds.openapi({ example: 125000, description: 'The part of the price in this band' }),
    tax: poundsAndPence.openapi({ example: 2500 }),
  })
  .openapi('PurchaseTaxBand');

export const PurchaseTaxSurcharge = z
  .strictObject({
    code: z.enum(['higher-rates-additional-dwellings', 'non-resident-surcharge', 'additional-dwelling-supplement']),
    name: z.string().openapi({ example: 'Higher rates for additional dwellings' }),
    ratePercent: z.number().openapi({ example: 5 }),
    basis: z.enum(['every-band', 'whole-price']).openapi({
      description:
        "`every-band`: percentage points added to the rate of every band (SDLT); `whole-price`: a flat percentage of the whole price (Scotland's ADS)",
    }),
    amount: poundsAndPence.openapi({ example: 14750 }),
  })
  .openapi('PurchaseTaxSurcharge');

export const PurchaseTaxRelief = z
  .strictObject({
    code: z.literal('first-time-buyers-relief'),
    name: z.string().openapi({ example: "First-time buyers' relief" }),
    applied: z.boolean(),
    saving: poundsAndPence.openapi({ example: 3750, description: 'What the relief saves; 0 when not applied' }),
    reason: z.string().openapi({ description: 'What the relief did, or why it does not apply (such as a price above its cap)' }),
  })
  .openapi('PurchaseTaxRelief');

export const PurchaseTaxResult = z
  .strictObject({
    input: z.strictObject({
      price: pounds,
      country: z.enum(nations),
      postcode: z.string().nullable().openapi({ description: 'The postcode asked about; null when `country` was given' }),
      transactionDate: z.string().openapi({ format: 'date', example: '2025-06-30' }),
      buyerType: z.enum(buyerTypes),
      nonUkResident: z.boolean(),
    }),
    tax: pounds.openapi({ example: 4750, description: 'The tax due: bands and surcharges, rounded down to the pound' }),
    taxName: z.enum(['SDLT', 'LTT', 'LBTT']).openapi({
      description:
        'SDLT in England and Northern Ireland (and in Wales before 1 April 2018, Scotland before 1 April 2015), LTT in Wales, LBTT in Scotland',
    }),
    taxTitle: z.string().openapi({ example: 'Stamp Duty Land Tax' }),
    authority: z.string().openapi({ example: 'HM Revenue & Customs' }),
    effectiveRate: z.number().openapi({ example: 1.6, description: 'Tax as a percentage of the price, one decimal' }),
    rateTable: z.enum(['standard', 'first-time-buyer', 'higher-rates']).openapi({
      description:
        "The table the bands come from: the standard residential rates, the first-time buyers' relief rates, or Wales's higher residential rates",
    }),
    bands: z
      .array(PurchaseTaxBand)
      .openapi({ description: 'The rate table applied to the price, before surcharges; bands above the price left out' }),
    surcharges: z.array(PurchaseTaxSurcharge),
    reliefs: z.array(PurchaseTaxRelief),
    ratesEffectiveFrom: z
      .string()
      .openapi({ format: 'date', example: '2025-04-01', description: 'The date the latest of the rate tables used took effect' }),
    notes: z.array(z.string()),
    references: z.array(z.string()).openapi({ description: 'The official sources of the rate tables used' }),
  })
  .openapi('PurchaseTaxResult');
export type PurchaseTaxResult = z.infer<typeof PurchaseTaxResult>;

export const PurchaseTaxResponse = sourcedEnvelope(PurchaseTaxResult).openapi('PurchaseTaxResponse');

export const purchaseTax = defineOperation({
  operationId: 'finance_purchase_tax',
  method: 'get',
  path: '/finance/purchase-tax',
  tag: 'Property Finance',
  summary: 'Purchase tax (SDLT, LTT or LBTT) on a residential purchase, on any date since 4 December 2014',
  description:
    'The tax due on a purchase of a residential property, ' +
    'worked out band by band from the rate tables in force on the effective date: Stamp Duty Land Tax in England and ' +
    'Northern Ireland (HMRC), Land Transaction Tax in Wales from 1 April 2018 (Welsh Revenue Authority), Land and ' +
    'Buildings Transaction Tax in Scotland from 1 April 2015 (Revenue Scotland); SDLT before those dates. Every table since ' +
    "SDLT's slab system ended on 4 December 2014 is held, temporary ones included (the 2020-21 holiday and its taper, " +
    'the 23 September 2022 to 31 March 2025 thresholds), each with its official source in `references`.\n\n' +
    "**Rules.** First-time buyers' relief (England and Northern Ireland from 22 November 2017) applies only up to its price " +
    'cap (£500,000; £625,000 from 23 September 2022 to 31 March 2025): above it there is no relief at all. Where the ' +
    "standard rates are no higher (the 2020-21 holiday) it is shown as not applied, saving nothing. SDLT's higher rates for " +
    'additional dwellings (3 points from 1 April 2016, 5 from 31 October 2024) and the non-UK resident surcharge (2 points ' +
    'from 1 April 2021) add to every band, first-time buyer rates included, from a price of £40,000. Wales has a separate ' +
    'higher-rates table (not a surcharge) from £40,000 and no first-time buyer relief. Scotland raises the nil-rate band to ' +
    '£175,000 for first-time buyers from 30 June 2018 (at most £600 saved) and charges the Additional Dwelling Supplement ' +
    'on the whole price from £40,000 (3% from 1 April 2016, 4% from 25 January 2019, 6% from 16 December 2022, 8% from 5 ' +
    'December 2024). Neither Scotland nor Wales has a non-resident surcharge.\n\n' +
    '**Rounding.** Band and surcharge amounts are exact pounds and pence; `tax` is their sum rounded down to the pound.\n\n' +
    "**Not modelled** (said in `notes` where relevant): companies' flat 15%/17% rate, multiple dwellings, mixed-use and " +
    'non-residential purchases, transitional rules for contracts exchanged before a change, and reliefs other than ' +
    "first-time buyers'. A date after today is worked with the tables known today.\n\n" +
    '**Sources.** With `postcode`, `sources` names the postcode datasets that placed it; with `country`, it is empty.',
  cost: { kind: 'per_call', credits: purchaseTaxCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: PurchaseTaxQuery },
  response: { status: 200, description: 'The tax due, band by band', mediaType: 'application/json', schema: PurchaseTaxResponse },
  errors: {
    INVALID_PRICE: 'No `price`, or not a whole number of pounds from 1 to 10^12; nothing charged',
    INVALID_TRANSACTION_DATE: '`transactionDate` is not a date (YYYY-MM-DD); nothing charged',
    TRANSACTION_DATE_OUT_OF_RANGE: `\`transactionDate\` is before ${purchaseTaxFirstDate}, the first rate table held; nothing charged`,
    INVALID_POSTCODE: '`postcode` is not a full UK postcode; nothing charged',
    INVALID_PARAMETERS: 'Neither or both of `country` and `postcode`, or another parameter invalid; nothing charged',
    OUTSIDE_UNITED_KINGDOM: 'The postcode is in the Channel Islands or the Isle of Man, outside these taxes; nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving holds the postcode; nothing charged',
    DATABASE_ERROR: 'The postcode datasets could not be read; nothing charged; retry',
    INTERNAL_ERROR: 'The calculation failed; nothing charged',
    UPSTREAM_TIMEOUT: 'The calculation was not answered in time; nothing charged; retry',
  },
  parameterErrors: {
    price: { code: 'INVALID_PRICE', message: '`price` is required: a whole number of pounds from 1 to 10^12.' },
    postcode: { code: 'INVALID_POSTCODE', message: '`postcode` must be a full UK postcode, such as RG30 1AA.' },
    transactionDate: { code: 'INVALID_TRANSACTION_DATE', message: '`transactionDate` must be a date, YYYY-MM-DD, such as 2025-06-30.' },
  },
});
