import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { comparablePropertyTypes } from './sold-comparables';
import { sourcedEnvelope } from './sources';

// Property analysis (`property_analysis`), with the specification's parameters: an asking or agreed price read against
// the answers of the operations that already exist (valuation, sold comparables, crime, the house price index,
// deprivation and area statistics), each asked as itself and composed here, never recomputed. The specification
// leaves `data` "not shown"; what it holds is said in the description.

export const analysisCredits = 1;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,13}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const PropertyAnalysisQuery = z
  .strictObject({
    postcode: Postcode.openapi({ type: 'string', example: 'RG30 2AN', description: "The property's full postcode" }),
    price: z
      .string()
      .trim()
      .regex(/^\d{1,13}(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().min(1).max(1e12))
      .openapi({ type: 'number', minimum: 1, example: 650000, description: 'The asking or agreed price, GBP' }),
    propertyType: z.enum(comparablePropertyTypes).optional().openapi({ example: 'detached' }),
    bedrooms: wholeNumber(0, 100).optional().openapi({ type: 'integer', minimum: 0, maximum: 100, example: 5 }),
    squareFeet: wholeNumber(1, 1e7).optional().openapi({ type: 'integer', minimum: 1, maximum: 1e7, example: 2271 }),
    squareMeters: wholeNumber(1, 1e6).optional().openapi({ type: 'integer', minimum: 1, maximum: 1e6, example: 211 }),
    portal: z
      .string()
      .trim()
      .max(100)
      .optional()
      .openapi({ example: 'rightmove', description: 'Where the listing was seen; kept as given' }),
    address: z.string().trim().min(2).max(300).optional().openapi({
      example: '60 Western Elms Avenue',
      description: 'The address (house number or flat, and street): with it the home itself is valued',
    }),
  })
  .openapi('PropertyAnalysisQuery');

const Part = z.record(z.string(), z.unknown()).nullable();

export const PropertyAnalysisResult = z
  .object({
    postcode: z.string().openapi({ example: 'RG30 2AN' }),
    price: z.number(),
    listing: z.object({
      propertyType: z.string().nullable(),
      bedrooms: z.number().int().nullable(),
      floorArea: z.number().nullable().openapi({ description: 'm², from `squareMeters`, else `squareFeet` converted' }),
      pricePerSqM: z.number().int().nullable().openapi({ description: 'The price over the floor area given' }),
      portal: z.string().nullable(),
    }),
    valuationContext: z
      .object({
        estimatedValue: z.number().int(),
        range: z.object({ low: z.number().int(), high: z.number().int() }),
        confidenceScore: z.number().int(),
        priceDifference: z.number().int().openapi({ description: 'Price less the estimate, GBP' }),
        priceDifferencePercent: z.number().openapi({ description: 'Of the estimate, one decimal' }),
        position: z.enum(['below-range', 'within-range', 'above-range']),
      })
      .nullable()
      .openapi({ description: 'The price against the valuation of the home (with `address`); null when it could not be valued' }),
    comparablesContext: z
      .object({
        count: z.number().int(),
        ofType: z.number().int().openapi({ description: 'Those of `propertyType`, when given' }),
        medianPrice: z.number().int().nullable(),
        medianPricePerSqM: z.number().int().nullable().openapi({ description: 'Of those with a floor area (of the type, when given)' }),
      })
      .nullable(),
    valuation: Part.openapi({ description: 'The valuation operation’s `data`' }),
    comparables: Part.openapi({ description: 'The sold comparables operation’s `data` (36 months)' }),
    crime: Part.openapi({ description: 'The crime operation’s `data` (500 m, its latest month)' }),
    housePriceIndex: Part.openapi({ description: "The house price index operation's `data` for the postcode's local authority" }),
    deprivation: Part,
    areaStatistics: Part,
    councilTax: Part.openapi({
      description: "The council tax operation's `data`: the authority's charges by band, and the home's estimated band with `address`",
    }),
    unavailable: z
      .array(z.object({ part: z.string(), code: z.string(), message: z.string() }))
      .openapi({ description: 'Each part that could not be had, with the code and message its own operation gave' }),
  })
  .openapi('PropertyAnalysis');
export type PropertyAnalysisResult = z.infer<typeof PropertyAnalysisResult>;

export const propertyAnalysis = defineOperation({
  operationId: 'property_analysis',
  method: 'get',
  path: '/property/analyse',
  tag: 'Property Analysis',
  summary: 'An asking or agreed price read against valuation, comparables, crime, prices and the area',
  description:
    'Charged when at least one part is answered. Each part is the ' +
    'answer of an operation of this API, asked as that operation and composed here (no part is charged on its own): ' +
    '`valuation` (with `address`), `comparables` (36 months), `crime` (500 m, the latest month held), ' +
    "`housePriceIndex` (the postcode's local authority, the 12 months to the latest held, `propertyType`'s series), " +
    '`deprivation`, `areaStatistics` and `councilTax` (the council tax operation for the home with `address`, else the ' +
    'postcode). A part that cannot be had is null and named in `unavailable` with its own code ' +
    'and message; with none answered, 503 `SERVICE_UNAVAILABLE`.\n\n' +
    '**Context.** `valuationContext`: the price against the estimate and its 80% range (`position`). `comparablesContext`: ' +
    "the comparables' median price and median price per m² (of `propertyType`'s when given), beside `listing.pricePerSqM` " +
    '(the price over `squareMeters`, else `squareFeet` converted at 1 ft² = 0.09290304 m²). `bedrooms` and `portal` are ' +
    'kept as given.',
  cost: { kind: 'per_call', credits: analysisCredits, charging: 'reserve_first' },
  chargedFor: 'analysis',
  request: { query: PropertyAnalysisQuery },
  response: {
    status: 200,
    description: 'The analysis',
    mediaType: 'application/json',
    schema: sourcedEnvelope(PropertyAnalysisResult).openapi('PropertyAnalysisResponse'),
  },
  parameterErrors: {
    postcode: { code: 'INVALID_POSTCODE', message: '`postcode` is required: a full UK postcode. Nothing was charged.' },
    price: { code: 'INVALID_PRICE', message: '`price` is required: the asking or agreed price in GBP, 1 or more. Nothing was charged.' },
  },
  errors: {
    INVALID_POSTCODE: 'Missing, or not a full UK postcode; nothing charged',
    INVALID_PRICE: 'Missing, or less than 1; nothing charged',
    SERVICE_UNAVAILABLE: 'No part of the analysis could be had; nothing charged',
    UPSTREAM_TIMEOUT: 'The analysis service did not answer in time; nothing charged; retry',
  },
});
