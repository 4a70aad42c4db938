import { z } from '../zod';
import { defineOperation } from './operation';
import { PlaceLocation, placeQueryFields, radiusMetres } from './place';
import { schoolPhaseSlugs, schoolPhases, schoolStatuses } from './school-values';
import { sourcedEnvelope } from './sources';

// Schools and other establishments near a place (Location Intelligence), from DfE's Get Information About Schools
// (GIAS) establishments file and its links file. The specification names "nearby schools" and does not show the
// operation; this is its design, said again in the description and in docs/api/location-intelligence.md. Examples are from the demo region's
// SYNTHETIC schools (services/location/demo-data).

export const schoolsCredits = 2;
export const maxSchoolsShown = 100;

const phaseList = z
  .string()
  .trim()
  .transform((text) => text.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(schoolPhaseSlugs, { message: `each phase must be one of ${schoolPhaseSlugs.join(', ')}` })).min(1))
  .transform((phases) => [...new Set(phases)])
  .openapi({
    type: 'string',
    example: 'primary,all-through',
    description:
      'Only establishments of these phases of education, comma-separated: ' +
      `${Object.entries(schoolPhases)
        .map(([slug, { name }]) => `\`${slug}\` (${name})`)
        .join(', ')}. Default: every phase.`,
  });

const includeClosed = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true')
  .openapi({
    type: 'boolean',
    default: false,
    example: false,
    description: 'false (default): establishments open today only (`open`, `open-proposed-to-close`); true: every status',
  });

const limit = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1').max(maxSchoolsShown, `must be at most ${maxSchoolsShown}`))
  .optional()
  .transform((v) => v ?? 20)
  .openapi({
    type: 'integer',
    minimum: 1,
    maximum: maxSchoolsShown,
    default: 20,
    example: 20,
    description: `The most establishments listed, nearest first: 1 to ${maxSchoolsShown}; default 20`,
  });

export const SchoolsQuery = z
  .strictObject({
    ...placeQueryFields,
    radiusMetres: radiusMetres(100, 5000, 1000, 'Radius around the place, metres: 100 to 5000; default 1000'),
    phase: phaseList.optional(),
    includeClosed,
    limit,
  })
  .openapi('SchoolsQuery');
export type SchoolsQuery = z.output<typeof SchoolsQuery>;

const date = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ example: '2015-09-01', description: `${description} (YYYY-MM-DD); null when not published` });

const SchoolLink = z
  .strictObject({
    urn: z.string().openapi({ example: '990007', description: 'The linked establishment' }),
    name: z.string().nullable().openapi({ example: 'Synthetic Primary School 7', description: 'As the links file names it' }),
    linkType: z.string().openapi({ example: 'Predecessor', description: 'The `LinkType` as published' }),
    establishedOn: date('When the link was made, as published'),
  })
  .openapi('SchoolLink');

export const School = z
  .strictObject({
    urn: z.string().openapi({ example: '990008', description: "The establishment's Unique Reference Number" }),
    name: z.string().openapi({ example: 'Synthetic Primary Academy 8' }),
    type: z.string().nullable().openapi({ example: 'Academy converter', description: 'TypeOfEstablishment as published' }),
    typeGroup: z.string().nullable().openapi({ example: 'Academies', description: 'EstablishmentTypeGroup as published' }),
    phase: z.string().openapi({
      example: 'primary',
      description: `The phase's slug: ${schoolPhaseSlugs.join(', ')}; \`unknown\` when the file gives none`,
    }),
    phaseName: z.string().nullable().openapi({ example: 'Primary', description: 'PhaseOfEducation as published' }),
    statutoryAgeRange: z
      .strictObject({ low: z.number().int().nullable(), high: z.number().int().nullable() })
      .openapi({ example: { low: 4, high: 11 }, description: 'Statutory low and high ages, years; null when not published' }),
    gender: z.string().nullable().openapi({ example: 'Mixed', description: 'Boys, Girls or Mixed as published; null when empty' }),
    religiousCharacter: z.string().nullable().openapi({
      example: 'Church of England',
      description: 'As published; null when the file gives none (empty, `None` or `Does not apply`)',
    }),
    status: z.string().openapi({ example: 'open', description: `The status's slug: ${Object.keys(schoolStatuses).join(', ')}` }),
    statusName: z.string().nullable().openapi({ example: 'Open', description: 'EstablishmentStatus as published' }),
    openedOn: date('Opening date'),
    closedOn: date('Closing date, past or planned'),
    localAuthority: z
      .strictObject({ code: z.string().nullable(), name: z.string().nullable() })
      .openapi({ example: { code: '869', name: 'West Berkshire' } }),
    address: z
      .strictObject({
        street: z.string().nullable(),
        locality: z.string().nullable(),
        address3: z.string().nullable(),
        town: z.string().nullable(),
        county: z.string().nullable(),
        postcode: z.string().nullable(),
      })
      .openapi({
        example: { street: 'Synthetic Road', locality: null, address3: null, town: 'Reading', county: 'Berkshire', postcode: 'RG30 3TP' },
      }),
    latitude: z.number().openapi({ example: 51.415803, description: "WGS84, from the file's National Grid easting and northing (OSTN15)" }),
    longitude: z.number().openapi({ example: -1.055019 }),
    distanceMetres: z.number().int().nonnegative().openapi({ description: 'Great-circle distance from the place, whole metres' }),
    ofsted: z
      .strictObject({
        rating: z.string().nullable().openapi({ example: 'Good', description: 'OfstedRating as published; null when empty' }),
        lastInspectionDate: date('OfstedLastInsp'),
      })
      .nullable()
      .openapi({ description: 'From files up to January 2025 only; null when the file imported carries no Ofsted columns' }),
    predecessors: z.array(SchoolLink).openapi({ description: 'Links whose LinkType begins `Predecessor`' }),
    successors: z.array(SchoolLink).openapi({ description: 'Links whose LinkType begins `Successor`' }),
    otherLinks: z
      .array(SchoolLink)
      .openapi({ description: 'Every other link (amalgamation, sixth-form centre, merger, …), its type as published' }),
  })
  .openapi('School');
export type School = z.infer<typeof School>;

export const SchoolsResult = z
  .strictObject({
    location: PlaceLocation.extend({ radiusMetres: z.number().int().openapi({ example: 1000 }) }),
    filters: z.strictObject({
      phases: z
        .array(z.string())
        .nullable()
        .openapi({ example: ['primary'], description: 'The phases asked for; null for every phase' }),
      includeClosed: z.boolean(),
      limit: z.number().int(),
    }),
    totalWithinRadius: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: 'Establishments within the radius that pass the filters, also those beyond `limit`' }),
    schools: z.array(School).openapi({ description: 'Nearest first (ties by URN), at most `limit`' }),
  })
  .openapi('Schools');
export type SchoolsResult = z.infer<typeof SchoolsResult>;

export const areaSchools = defineOperation({
  operationId: 'area_schools',
  method: 'get',
  path: '/area/schools',
  tag: 'Location Intelligence',
  summary: 'Schools near a place: type, phase, ages, status, address, distance, predecessors and successors',
  description:
    'Establishments ' +
    "listed by the Department for Education's Get Information About Schools (GIAS) around a postcode or a latitude and " +
    'longitude: schools, academies, nurseries, colleges and other establishments in England (and some in Wales).\n\n' +
    "**Distance.** An establishment counts when its position (the file's National Grid easting and northing, converted " +
    'to WGS84 by OSTN15) lies within `radiusMetres` of the place by great-circle distance (PostGIS spherical distance, ' +
    'radius 6,371,008.8 m); establishments the file gives no position for are never listed. Nearest first.\n\n' +
    '**Filters.** `phase`: one or more phases of education by slug (middle schools are their own phases: ask ' +
    '`primary,middle-deemed-primary` for both). `includeClosed`: by default only establishments open today (`open` ' +
    'and `open-proposed-to-close`); `true` adds closed and proposed ones, with their dates.\n\n' +
    '**Ofsted.** GIAS files up to January 2025 carried the last Ofsted rating and inspection date; files published ' +
    'since late January 2025 carry no Ofsted grade or date, so `ofsted` is null when such a file serves.\n\n' +
    '**Links.** From the GIAS links file (`gias-links` in `sources`): predecessors and successors as its `LinkType` ' +
    'says (amalgamations, academy conversions, splits); empty when no links file is loaded.',
  cost: { kind: 'per_call', credits: schoolsCredits, charging: 'on_answer' },
  chargedFor: 'answer, also when no establishment is near',
  request: { query: SchoolsQuery },
  response: {
    status: 200,
    description: 'The establishments near the place',
    mediaType: 'application/json',
    schema: sourcedEnvelope(SchoolsResult).openapi('SchoolsResponse'),
  },
  errors: {
    INVALID_PARAMETERS:
      'Neither or both of `postcode` and `latitude`/`longitude`, another parameter, or an invalid value (`details` names each); nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving places this postcode; nothing charged',
    UPSTREAM_TIMEOUT: 'The schools were not found in time; nothing charged',
    SERVICE_UNAVAILABLE: 'No GIAS establishments file is loaded; nothing charged',
  },
});
