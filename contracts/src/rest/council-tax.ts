import { IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { defineOperation } from './operation';
import { propertyQueryFields } from './property';
import { sourcedEnvelope } from './sources';

// Council tax (Property Due Diligence; named by the specification, not shown): the billing authority of a property or
// postcode, its Band D and the charge of every band by the nation's own ratios, the authority's dwellings by band, and
// an estimated band for a property. The official band of one property is published only through the Valuation Office
// Agency's and the Scottish Assessors' search pages (no documented interface, no open file), so `officialBand` is null
// and `enquiry` says where to read it; the estimate is never presented as the band.

/** Priced as a valuation (1) and a lookup of the authority's published figures (1). */
export const councilTaxCredits = 2;

export const councilTaxBands = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export const CouncilTaxBand = z.enum(councilTaxBands);
export type CouncilTaxBand = z.infer<typeof CouncilTaxBand>;

export const CouncilTaxQuery = z
  .strictObject(propertyQueryFields)
  .openapi('CouncilTaxQuery', { description: 'A property (`uprn`, or `address` with `postcode`) or a postcode alone' });

const Pounds = z.number().openapi({ description: 'GBP, to the penny' });

export const CouncilTaxResult = z
  .object({
    property: z
      .object({
        uprn: z.string().nullable(),
        address: z.string(),
        placed: z.boolean().openapi({ description: 'Whether the address dataset holds the property (false: the address as given)' }),
      })
      .nullable()
      .openapi({ description: 'Null when a postcode alone was asked' }),
    postcode: z.string().openapi({ example: 'RG30 2AN' }),
    billingAuthority: z.object({
      code: z.string().openapi({ example: 'E06000038', description: 'GSS code of the local authority' }),
      name: z.string().openapi({ example: 'Reading' }),
      nation: z.enum(['England', 'Wales', 'Scotland']),
    }),
    year: z.string().openapi({ example: '2026-27', description: 'The financial year the Band D is set for' }),
    bandD: Pounds.openapi({
      example: 2612.77,
      description:
        "The authority's average Band D including precepts (parish, town or community councils, police, fire); a parish's own may differ",
    }),
    valuationDate: IsoDate.openapi({ description: 'The date bands are valued at: 1991-04-01 (England, Scotland), 2003-04-01 (Wales)' }),
    bands: z.array(
      z.object({
        band: CouncilTaxBand,
        ratio: z.string().openapi({ example: '6/9', description: "The band's proportion of Band D in law" }),
        valuedAbove: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Value at the valuation date above which a home is in the band (GBP)' }),
        valuedUpTo: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Value up to and including which it is in the band; null for the top band' }),
        annualCharge: Pounds.openapi({ description: 'Band D × ratio, rounded to the penny (half up)' }),
        dwellings: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "The VOA's count of dwellings in the band (rounded to 10); null in Scotland" }),
      }),
    ),
    dwellingsCountedOn: IsoDate.nullable().openapi({ description: 'The date of the VOA count; null where there is none (Scotland)' }),
    officialBand: z.null().openapi({ description: "Always null: no documented source of one property's band exists; see `enquiry`" }),
    enquiry: z.object({
      message: z.string(),
      url: z.string().url().openapi({ example: 'https://www.gov.uk/council-tax-bands' }),
    }),
    estimatedBand: z
      .object({
        band: CouncilTaxBand,
        annualCharge: Pounds,
        method: z.literal('value-rank'),
        confidence: z
          .number()
          .int()
          .min(0)
          .max(100)
          .openapi({ description: 'Probability (%) that the band is `band`, see the description' }),
        probabilities: z.array(z.object({ band: CouncilTaxBand, percent: z.number().int() })).openapi({
          description: 'Each band at least 1%, most likely first',
        }),
        basis: z.object({
          estimatedValue: z.number().int().openapi({ description: "Today's value of the home, the valuation operation's estimate" }),
          valuationConfidence: z.number().int(),
          valueRankPercent: z.number().openapi({ description: "Share of the authority's homes held valued below it" }),
          homesCompared: z.number().int().openapi({ description: 'Homes of the authority whose value is known from a sale' }),
          coveragePercent: z.number().openapi({
            description:
              "Those homes as a share of the authority's dwellings counted by the VOA: a low share may not stand for the whole stock",
          }),
          bandBoundariesToday: z
            .array(z.object({ band: CouncilTaxBand, from: z.number().int().nullable(), to: z.number().int().nullable() }))
            .openapi({ description: "Each band's range in today's money, read off the homes compared at the VOA's band shares" }),
        }),
      })
      .nullable()
      .openapi({ description: 'Null for a postcode alone, and when the home cannot be valued or the nation has no band counts' }),
    estimateUnavailable: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .openapi({ description: 'Why there is no estimate, when there is none' }),
  })
  .openapi('CouncilTax');
export type CouncilTaxResult = z.infer<typeof CouncilTaxResult>;

export const propertyCouncilTax = defineOperation({
  operationId: 'property_council_tax',
  method: 'get',
  path: '/property/council-tax',
  tag: 'Property Due Diligence',
  summary: "A property's billing authority, the charge of every band, and an estimated band",
  description:
    'England, Wales and Scotland (Northern Ireland has domestic rates, not council tax: 400 `OUTSIDE_GREAT_BRITAIN`). Name ' +
    'a property as for every property lookup (`uprn`, or `address` with `postcode`), or give `postcode` alone for the ' +
    'authority and its charges without an estimate.\n\n' +
    "**Charges.** `bandD` is the authority's average Band D for `year` including precepts (England: MHCLG; Wales: Welsh " +
    "Government; Scotland: Scottish Government, one year behind the others). Each band's charge is Band D times the band's " +
    'ratio in law, to the penny (half up): England and Wales A 6/9, B 7/9, C 8/9, D 9/9, E 11/9, F 13/9, G 15/9, H 18/9, ' +
    'Wales also I 21/9 (Local Government Finance Act 1992 s.5 and the Welsh order of 2003); Scotland since April 2017 ' +
    'A 240/360, B 280/360, C 320/360, D 360/360, E 473/360, F 585/360, G 705/360, H 882/360. Bands are valued at 1 April ' +
    "1991 (England, Scotland) and 1 April 2003 (Wales); `dwellings` is the VOA's count at 31 March (England and Wales).\n\n" +
    '**The band of the property** is not published in any documented form: `officialBand` is null and `enquiry` points to the ' +
    "VOA's search (England, Wales) or the Scottish Assessors' (Scotland). `estimatedBand` is an estimate, never the band: " +
    "the home is valued today (the valuation operation), placed among today's values of the authority's homes whose value " +
    "is known from a sale (each home's last sale moved to today by the authority's house price index), and the band read " +
    "off the VOA's counts: the home at the 30th percentile of an authority whose dwellings are 10% band A and 30% band B is " +
    "band B. `confidence` is the probability of that band given the valuation's uncertainty and the drift of homes' " +
    'relative values since the valuation date, measured on sales whose band is known (docs/api/property-due-diligence.md, council tax). With ' +
    'no estimate, `estimateUnavailable` says why.',
  cost: { kind: 'per_call', credits: councilTaxCredits, charging: 'reserve_first' },
  chargedFor: 'answer',
  request: { query: CouncilTaxQuery },
  response: {
    status: 200,
    description: 'The council tax of the property or postcode',
    mediaType: 'application/json',
    schema: sourcedEnvelope(CouncilTaxResult).openapi('CouncilTaxResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'Neither `uprn`, `postcode` nor `address` with `postcode`, or both `uprn` and an address; nothing charged',
    OUTSIDE_GREAT_BRITAIN: 'The postcode is in Northern Ireland (domestic rates, not council tax); nothing charged',
    POSTCODE_NOT_FOUND: 'No such postcode in the postcode datasets, or one they place in no local authority; nothing charged',
    PROPERTY_NOT_FOUND: 'The UPRN is not in the address dataset; nothing charged',
    ADDRESS_AMBIGUOUS: 'The address matches several in the address dataset; `error.candidates`; nothing charged',
    SERVICE_UNAVAILABLE: "The council tax figures are not imported, or hold nothing for the postcode's authority; nothing charged",
    UPSTREAM_TIMEOUT: 'The analysis service did not answer in time; nothing charged; retry',
  },
});
