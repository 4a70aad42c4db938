import { z } from '../zod';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { sourcedEnvelope } from './sources';

// Area deprivation (Location Intelligence), as the specification gives it: a full English postcode → its 2021 LSOA →
// the English Indices of Deprivation 2025. Its credit cost is "not shown"; 1 credit is decided here (a lookup of one
// published row, like sold comparables), and said in the description and in docs/api/location-intelligence.md.

export const deprivationCredits = 1;

export const DeprivationQuery = z.strictObject({ postcode: Postcode }).openapi('DeprivationQuery');

const Measure = z
  .strictObject({
    score: z.number().openapi({ example: 21.437, description: 'As published (rates for income, employment, IDACI and IDAOPI)' }),
    rank: z.number().int().openapi({ example: 12_044, description: '1 = the most deprived of the 33,755 LSOAs in England' }),
    decile: z.number().int().openapi({ example: 4, description: '1 = the most deprived tenth of LSOAs in England, 10 = the least' }),
  })
  .openapi('DeprivationMeasure');

export const deprivationDomains = [
  ['income', 'Income'],
  ['employment', 'Employment'],
  ['education', 'Education, Skills and Training'],
  ['health', 'Health Deprivation and Disability'],
  ['crime', 'Crime'],
  ['barriersToHousingAndServices', 'Barriers to Housing and Services'],
  ['livingEnvironment', 'Living Environment'],
  ['incomeDeprivationAffectingChildren', 'Income Deprivation Affecting Children Index (IDACI), supplementary'],
  ['incomeDeprivationAffectingOlderPeople', 'Income Deprivation Affecting Older People Index (IDAOPI), supplementary'],
] as const;

export const deprivationSubDomains = [
  ['childrenAndYoungPeople', 'Children and Young People (Education)'],
  ['adultSkills', 'Adult Skills (Education)'],
  ['geographicalBarriers', 'Geographical Barriers (Barriers to Housing and Services)'],
  ['widerBarriers', 'Wider Barriers (Barriers to Housing and Services)'],
  ['indoors', 'Indoors (Living Environment)'],
  ['outdoors', 'Outdoors (Living Environment)'],
] as const;

const measures = <const K extends readonly (readonly [string, string])[]>(keys: K) =>
  z.strictObject(
    Object.fromEntries(keys.map(([key, name]) => [key, Measure.openapi({ description: name })])) as { [P in K[number][0]]: typeof Measure },
  );

export const DeprivationResult = z
  .strictObject({
    postcode: z.string().openapi({ example: 'RG30 1AA' }),
    lsoa: z
      .strictObject({
        code: z.string().openapi({ example: 'E01016360' }),
        name: z.string().openapi({ example: 'Reading 007D' }),
        via: z.enum(['onspd', 'unchanged_since_2011']).openapi({
          description:
            "How the postcode's 2021 LSOA was found: `onspd`, the ONS Postcode Directory's own; `unchanged_since_2011`, the postcode " +
            "lookup's 2011 LSOA, whose code ONS kept for 2021 because the area did not change",
        }),
      })
      .openapi({ description: 'The 2021 lower layer super output area (small area) the postcode lies in' }),
    localAuthority: z.strictObject({ code: z.string(), name: z.string() }).openapi({ example: { code: 'E06000038', name: 'Reading' } }),
    overall: Measure.openapi({ description: 'The Index of Multiple Deprivation (IMD)' }),
    domains: measures(deprivationDomains),
    subDomains: measures(deprivationSubDomains),
    population: z
      .strictObject({
        total: z.number().int().nullable(),
        children0to15: z.number().int().nullable(),
        olderPeople60Plus: z.number().int().nullable(),
        workingAge18to66: z.number().int().nullable(),
      })
      .openapi({ description: 'The mid-2022 population denominators the indices were computed with' }),
  })
  .openapi('Deprivation');
export type DeprivationResult = z.infer<typeof DeprivationResult>;

export const areaDeprivation = defineOperation({
  operationId: 'area_deprivation',
  method: 'get',
  path: '/area/deprivation',
  tag: 'Location Intelligence',
  summary: "A postcode's small area in the English Indices of Deprivation 2025",
  description:
    'The English Indices of Deprivation 2025 (MHCLG) for the ' +
    "2021 lower layer super output area (LSOA) the postcode lies in: the Index of Multiple Deprivation's score, rank and " +
    'decile, each of the seven domains and the two supplementary indices (income deprivation affecting children and older ' +
    'people), the six sub-domains, and the mid-2022 population denominators. Rank 1 is the most deprived of the 33,755 ' +
    "LSOAs in England and decile 1 the most deprived tenth; the indices rank areas relative to each other, they don't " +
    'measure absolute deprivation, and MHCLG advise they are not comparable with the 2019 release.\n\n' +
    "**The 2021 LSOA.** The ONS Postcode Directory's, where it is imported; otherwise the postcode lookup's 2011 LSOA when " +
    'ONS kept its code for 2021 (unchanged areas keep their codes; split, merged or redrawn ones were given new codes). A ' +
    'postcode in a changed area without the directory is 404 `AREA_2021_UNKNOWN`.\n\n' +
    '**England only.** The indices cover England: a postcode in Wales, Scotland or Northern Ireland is 400 `OUTSIDE_ENGLAND` ' +
    '(Wales, Scotland and Northern Ireland publish their own indices, which are not comparable).',
  cost: { kind: 'per_call', credits: deprivationCredits, charging: 'on_answer' },
  chargedFor: 'answer',
  request: { query: DeprivationQuery },
  response: {
    status: 200,
    description: 'The postcode in the indices',
    mediaType: 'application/json',
    schema: sourcedEnvelope(DeprivationResult).openapi('DeprivationResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message: '`postcode` must be a full postcode in England, such as RG30 1AA (spaces and case do not matter). Nothing was charged.',
    },
  },
  errors: {
    INVALID_POSTCODE: 'Missing, or not a full UK postcode; nothing charged',
    OUTSIDE_ENGLAND: 'The postcode is in Wales, Scotland or Northern Ireland; nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving holds this postcode; nothing charged',
    AREA_2021_UNKNOWN: "The postcode's 2011 LSOA changed for 2021 and the ONS Postcode Directory is not imported; nothing charged",
    DEPRIVATION_NOT_FOUND: "The indices imported hold no row for the postcode's LSOA; nothing charged",
    UPSTREAM_TIMEOUT: 'The answer was not ready in time; nothing charged',
  },
});
