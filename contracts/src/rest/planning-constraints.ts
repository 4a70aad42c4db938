import { z } from '../zod';
import { defineOperation } from './operation';
import { PlaceLocation, placeQueryFields, radiusMetres } from './place';
import { sourcedEnvelope } from './sources';

// Planning constraints at a place (Location Intelligence; the property profile counts them): planning.data.gov.uk's
// datasets for England. The specification names planning constraints only through the profile's
// `facts.planningConstraintCount`; this operation is designed here and described below.

export const planningConstraintCredits = 2;

/** The planning.data.gov.uk datasets imported, by their names there, with what each is called in answers. */
export const planningConstraintNames = {
  'conservation-area': 'Conservation area',
  'listed-building': 'Listed building',
  'listed-building-outline': 'Listed building outline',
  'article-4-direction-area': 'Article 4 direction area',
  'tree-preservation-zone': 'Tree preservation zone',
  'flood-risk-zone': 'Flood risk zone',
  'green-belt': 'Green belt',
  'area-of-outstanding-natural-beauty': 'National landscape (area of outstanding natural beauty)',
  'scheduled-monument': 'Scheduled monument',
  'world-heritage-site': 'World heritage site',
  'world-heritage-site-buffer-zone': 'World heritage site buffer zone',
} as const;
export type PlanningConstraintType = keyof typeof planningConstraintNames;
export const planningConstraintTypes = Object.keys(planningConstraintNames) as PlanningConstraintType[];

export const PlanningConstraintsQuery = z
  .strictObject({
    ...placeQueryFields,
    radiusMetres: radiusMetres(
      0,
      500,
      25,
      'How far from the place a constraint may lie, metres: 0 to 500; default 25 (0: only areas the point lies in). ' +
        'Listed buildings and monuments published as points are found only within it',
    ),
  })
  .openapi('PlanningConstraintsQuery');

export const PlanningConstraint = z
  .strictObject({
    type: z.enum(planningConstraintTypes as [PlanningConstraintType, ...PlanningConstraintType[]]),
    typeName: z.string().openapi({ example: 'Conservation area' }),
    name: z.string().nullable().openapi({ example: 'Castle Hill' }),
    reference: z.string().nullable().openapi({ example: 'CA10', description: "The publisher's reference" }),
    entity: z.number().int().openapi({
      example: 44_000_834,
      description: "planning.data.gov.uk's entity number (https://www.planning.data.gov.uk/entity/{entity})",
    }),
    distanceMetres: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: '0 when the place lies in the area; otherwise how far it is, whole metres' }),
    startDate: z.string().nullable().openapi({ example: '1985-06-14', description: 'Designated, listed or in force from, as published' }),
    details: z.record(z.string(), z.string()).openapi({
      description:
        "The dataset's own fields as published, e.g. `listed-building-grade` (I, II*, II), `flood-risk-level` (2 or 3) and " +
        '`flood-risk-type`, `tree-preservation-zone-type`, `green-belt-core`, `documentation-url`',
      example: { 'documentation-url': 'https://www.reading.gov.uk/conservation-areas' },
    }),
  })
  .openapi('PlanningConstraint');

export const PlanningConstraintsResult = z
  .strictObject({
    location: PlaceLocation.extend({ radiusMetres: z.number().int() }),
    country: z.enum(['england', 'wales', 'scotland', 'northern-ireland', 'unknown']),
    applicable: z
      .boolean()
      .openapi({ description: 'False outside England, where these datasets do not apply: no constraint is returned there' }),
    count: z.number().int().nonnegative(),
    byType: z.record(z.string(), z.number().int().nonnegative()).openapi({ description: 'Every type imported, 0 when none applies' }),
    constraints: z.array(PlanningConstraint).openapi({ description: 'Nearest first' }),
  })
  .openapi('PlanningConstraints');
export type PlanningConstraintsResult = z.infer<typeof PlanningConstraintsResult>;

export const areaPlanningConstraints = defineOperation({
  operationId: 'area_planning_constraints',
  method: 'get',
  path: '/area/planning-constraints',
  tag: 'Location Intelligence',
  summary: 'Planning constraints at a place in England: conservation areas, listed buildings, flood zones, green belt, …',
  description:
    'The planning constraints of ' +
    "planning.data.gov.uk (MHCLG's Planning Data platform) in force at a postcode or a latitude and longitude: conservation " +
    'areas, listed buildings (points) and listed building outlines, article 4 direction areas, tree preservation zones, ' +
    'flood risk zones 2 and 3, green belt, national landscapes (areas of outstanding natural beauty), scheduled monuments, and ' +
    'world heritage sites and their buffer zones. A constraint applies when its area contains the place, or lies within ' +
    '`radiusMetres` of it; entries the platform has ended (`end-date` passed, UK date) are left out.\n\n' +
    '**England only.** These datasets cover England: a place in Wales, Scotland or Northern Ireland is answered with ' +
    '`applicable: false` and no constraint (not an error), so that a property profile can say so. The nation of a latitude ' +
    'and longitude is that of the nearest postcode within 10 km (`unknown` when none).\n\n' +
    'planning.data.gov.uk notes that some datasets are incomplete (listed building outlines), contain duplicates ' +
    "(conservation areas) or are snapshots (the flood zones are the Environment Agency's of August 2023): treat an answer " +
    'as a prompt for the local planning authority, not a search of its register.',
  cost: { kind: 'per_call', credits: planningConstraintCredits, charging: 'reserve_first' },
  chargedFor: 'answer, also when none applies',
  request: { query: PlanningConstraintsQuery },
  response: {
    status: 200,
    description: 'The constraints at the place',
    mediaType: 'application/json',
    schema: sourcedEnvelope(PlanningConstraintsResult).openapi('PlanningConstraintsResponse'),
  },
  errors: {
    INVALID_PARAMETERS:
      'Neither or both of `postcode` and `latitude`/`longitude`, another parameter, or an invalid value (`details` names each); nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving places this postcode; nothing charged',
    UPSTREAM_TIMEOUT: 'The answer was not ready in time; nothing charged',
  },
});
