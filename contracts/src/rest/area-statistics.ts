import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { sourcedEnvelope } from './sources';

// Area statistics (Location Intelligence): a postcode's 2021 small areas (LSOA, MSOA) and their local authority in the
// Census 2021 tables, as ONS publishes them through Nomis. The specification names the operation and does not show
// it; this is its design, said again in the description and in docs/api/location-intelligence.md.

export const areaStatisticsCredits = 2;

export const AreaStatisticsQuery = z
  .strictObject({
    postcode: Postcode.openapi({
      type: 'string',
      example: 'RG30 1AA',
      description: 'A full postcode in England or Wales; spaces and case do not matter',
    }),
  })
  .openapi('AreaStatisticsQuery');
export type AreaStatisticsQuery = z.output<typeof AreaStatisticsQuery>;

/**
 * A named schema or null. A union, not `.nullable()`: the OpenAPI generator would make the named component itself
 * nullable (and carry this field's description to every other use of it).
 */
const orNull = <T extends z.ZodTypeAny>(schema: T, description?: string) =>
  z.union([schema, z.null()]).openapi(description === undefined ? {} : { description });

const sharePercent = z.number().nullable().openapi({
  example: 40.3,
  description: "`count` as a percentage of this table's own `total` for the area, one decimal (half up); null when the total is 0",
});

const CategoryCount = z.strictObject({
  key: z.string().openapi({ example: 'owns_outright', description: 'A stable name of the category' }),
  label: z.string().openapi({ example: 'Owned: Owns outright', description: 'The category as the published column names it' }),
  count: z.number().int().nonnegative().openapi({ example: 337 }),
  sharePercent,
});

const Category = CategoryCount.extend({
  parts: z
    .array(CategoryCount)
    .openapi({ description: 'The published sub-categories of this one (empty when it has none); they add up to its count' }),
}).openapi('CensusCategory');

const Breakdown = z
  .strictObject({
    table: z.string().openapi({ example: 'TS054', description: 'The Census 2021 table the figures are from' }),
    total: z.number().int().nonnegative().openapi({ example: 837, description: "The table's published total for the area" }),
    categories: z.array(Category).openapi({ description: 'The categories in the order published; they add up to `total`' }),
  })
  .openapi('CensusBreakdown');

const AgeBands = z
  .strictObject({
    table: z.literal('TS007A'),
    total: z.number().int().nonnegative().openapi({ example: 1_545, description: 'All usual residents' }),
    bands: z.array(
      z.strictObject({
        label: z.string().openapi({ example: 'Aged 5 to 9 years', description: 'As published' }),
        minAge: z.number().int().nonnegative().openapi({ example: 5 }),
        maxAge: z.number().int().nonnegative().nullable().openapi({ example: 9, description: 'null for the open band, 85 and over' }),
        count: z.number().int().nonnegative().openapi({ example: 96 }),
        sharePercent,
      }),
    ),
  })
  .openapi('CensusAgeBands', { description: 'Usual residents by five-year age band (TS007A), youngest first' });

// One shape for both kinds of area, spread rather than `.extend`ed: an extended named schema is an `allOf` in OpenAPI,
// where the base's `additionalProperties: false` would refuse the added field.
const areaFields = {
  code: z.string().openapi({ example: 'E01016360', description: 'The 2021 GSS code' }),
  name: z.string().openapi({ example: 'Reading 007D', description: 'As the Census tables name it' }),
  population: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .openapi({ example: 1_545, description: 'Usual residents: the total of TS007A; null when TS007A is not loaded for the area' }),
  households: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .openapi({ example: 837, description: 'Households: the total of TS054; null when TS054 is not loaded for the area' }),
  ageBands: orNull(AgeBands),
  tenure: orNull(
    Breakdown,
    'Households by tenure (TS054): owned (outright; with a mortgage or loan), shared ownership, social rented (from the council ' +
      'or local authority; other), private rented (private landlord or letting agency; other), lives rent free; null unless ' +
      'TS054 is loaded for the area',
  ),
  accommodationType: orNull(
    Breakdown,
    'Households by accommodation type (TS044): detached, semi-detached, terraced, flats …; null unless TS044 is loaded for the area',
  ),
  residenceType: orNull(
    Breakdown,
    'Usual residents living in a household or a communal establishment (TS001); null unless TS001 is loaded for the area',
  ),
};

const AreaFigures = z.strictObject(areaFields).openapi('CensusArea');

const via = z.enum(['onspd', 'unchanged_since_2011']).openapi({
  description:
    "How the postcode's 2021 area was found: `onspd`, the ONS Postcode Directory's own; `unchanged_since_2011`, the postcode " +
    "lookup's 2011 area, whose code ONS kept for 2021 because the area did not change",
});

const SmallArea = z.strictObject({ ...areaFields, via }).openapi('CensusSmallArea');

export const areaStatisticsLevels = ['lsoa', 'msoa', 'localAuthority'] as const;

export const AreaStatisticsResult = z
  .strictObject({
    postcode: z.string().openapi({ example: 'RG30 1AA' }),
    lsoa: orNull(SmallArea, 'The 2021 lower layer super output area (about 1,500 people); null when not available (see `unavailable`)'),
    msoa: orNull(SmallArea, 'The 2021 middle layer super output area (about 8,000 people); null when not available (see `unavailable`)'),
    localAuthority: orNull(
      AreaFigures,
      'The local authority the small areas lie in, for comparison; null when its figures are not loaded (see `unavailable`)',
    ),
    unavailable: z
      .array(
        z.strictObject({
          area: z.enum(areaStatisticsLevels),
          code: z.enum(['AREA_2021_UNKNOWN', 'AREA_STATISTICS_NOT_FOUND']),
          message: z.string(),
        }),
      )
      .openapi({ description: 'Why each area that is null is not answered' }),
  })
  .openapi('AreaStatistics');
export type AreaStatisticsResult = z.infer<typeof AreaStatisticsResult>;
export type CensusAreaFigures = z.infer<typeof AreaFigures>;
export type CensusBreakdown = z.infer<typeof Breakdown>;
export type CensusAgeBands = z.infer<typeof AgeBands>;

export const areaStatistics = defineOperation({
  operationId: 'area_statistics',
  method: 'get',
  path: '/area/statistics',
  tag: 'Location Intelligence',
  summary: "A postcode's small areas in the Census 2021: population by age, households by tenure, and the local authority",
  description:
    'The Census 2021 of England and Wales (ONS, through ' +
    "Nomis's bulk tables) for the postcode's 2021 lower and middle layer super output areas (LSOA, MSOA), with the local " +
    'authority they lie in for comparison: usual residents by five-year age band (TS007A, whose total is `population`), ' +
    'households by tenure (TS054, whose total is `households`), and, where imported, households by accommodation type ' +
    "(TS044) and residents by residence type (TS001). Counts are as published; each share is of its own table's total.\n\n" +
    "**Totals differ between tables, and between an area and its parts.** ONS protects the census's confidentiality by small " +
    'random adjustments to the counts (cell key perturbation) and by swapping some records between nearby areas, so a total ' +
    'in one table may differ by a few from the same total in another (households in TS054 and TS044), and the LSOAs of an ' +
    "MSOA need not add up to the MSOA's figure. They are given as published, not reconciled.\n\n" +
    "**The 2021 areas.** The ONS Postcode Directory's, where it is imported; otherwise the postcode lookup's 2011 area when " +
    'ONS kept its code for 2021 (unchanged areas kept their codes; split, merged or redrawn ones were given new codes). `via` ' +
    'says which. Each area is answered when it can be: an area that cannot is null, and `unavailable` says why ' +
    '(`AREA_2021_UNKNOWN`: its 2011 area changed for 2021 and the directory is not imported; `AREA_STATISTICS_NOT_FOUND`: ' +
    'the tables imported do not cover it). When neither the LSOA nor the MSOA can be answered the call is refused with that ' +
    'code (404), and nothing is charged. The local authority is the one the areas are named for (ONS names each LSOA and ' +
    'MSOA for it: Reading 007D lies in Reading).\n\n' +
    "**England and Wales only.** The Census 2021 covers both; Scotland's census (2022) and Northern Ireland's (2021) are " +
    'published separately, so a postcode there is 400 `OUTSIDE_ENGLAND_AND_WALES`.',
  cost: { kind: 'per_call', credits: areaStatisticsCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: AreaStatisticsQuery },
  response: {
    status: 200,
    description: "The postcode's areas in the Census 2021",
    mediaType: 'application/json',
    schema: sourcedEnvelope(AreaStatisticsResult).openapi('AreaStatisticsResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message:
        '`postcode` must be a full postcode in England or Wales, such as RG30 1AA (spaces and case do not matter). Nothing was charged.',
    },
  },
  errors: {
    INVALID_POSTCODE: 'Missing, or not a full UK postcode; nothing charged',
    INVALID_PARAMETERS: 'A parameter other than `postcode`; nothing charged',
    OUTSIDE_ENGLAND_AND_WALES: 'The postcode is in Scotland or Northern Ireland, whose censuses are published separately; nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving holds this postcode; nothing charged',
    AREA_2021_UNKNOWN:
      "Neither small area can be answered, and the postcode's 2011 area changed for 2021 while the ONS Postcode Directory is not imported; nothing charged",
    AREA_STATISTICS_NOT_FOUND: "The census tables imported cover neither of the postcode's small areas; nothing charged",
    UPSTREAM_TIMEOUT: 'The answer was not ready in time; nothing charged',
  },
});
