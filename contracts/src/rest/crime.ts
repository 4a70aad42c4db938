import { z } from '../zod';
import { crimeCategories } from './crime-categories';
import { defineOperation } from './operation';
import { Month, PlaceLocation, placeQueryFields, radiusMetres } from './place';
import { sourcedEnvelope } from './sources';

// Street-level crime around a place (Location Intelligence). The specification names the operation and does not show
// it; this is its design, said again in the description and in docs/api/location-intelligence.md.

export const crimeCredits = 2;
/** The earliest month police.uk publishes street-level crime for. */
export const firstCrimeMonth = '2010-12';
export const maxCrimeMonths = 12;
export const nearestCrimesShown = 10;

/** Months from `from` to `to` inclusive, `YYYY-MM`. */
export const monthsBetween = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    months.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
};

export const CrimeQuery = z
  .strictObject({
    ...placeQueryFields,
    radiusMetres: radiusMetres(25, 2000, 500, 'Radius around the place, metres: 25 to 2000; default 500'),
    from: Month.optional().openapi({ description: 'First month (YYYY-MM); default: `to`, or the latest month held' }),
    to: Month.optional().openapi({ description: 'Last month (YYYY-MM); default: `from`, or the latest month held' }),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.from < firstCrimeMonth)
      ctx.addIssue({ code: 'custom', path: ['from'], message: `police.uk publishes street-level crime from ${firstCrimeMonth}` });
    if (q.from !== undefined && q.to !== undefined) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after `to`' });
      else if (monthsBetween(q.from, q.to).length > maxCrimeMonths)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${maxCrimeMonths} months from \`from\`` });
    }
  })
  .openapi('CrimeQuery');
export type CrimeQuery = z.output<typeof CrimeQuery>;

const slugs = Object.keys(crimeCategories);
const Counts = z.record(z.string(), z.number().int().nonnegative()).openapi({
  description:
    `police.uk category slug → crimes. Every current category is present (0 when none): ${slugs.slice(0, 14).join(', ')}; ` +
    'older months may also hold `public-disorder-weapons`.',
  example: { 'anti-social-behaviour': 41, burglary: 6, 'violent-crime': 38 },
});

const NearCrime = z
  .strictObject({
    crimeId: z.string().nullable().openapi({ description: "police.uk's persistent id; null for anti-social behaviour, which has none" }),
    category: z.string().openapi({ example: 'vehicle-crime' }),
    crimeType: z.string().openapi({ example: 'Vehicle crime', description: 'As police.uk names the category' }),
    month: z.string().openapi({ example: '2017-07' }),
    latitude: z.number().openapi({ description: 'The published, anonymised point (a snap point near the crime), not the address' }),
    longitude: z.number(),
    location: z.string().nullable().openapi({ example: 'On or near Park Row' }),
    lsoa: z
      .strictObject({ code: z.string(), name: z.string().nullable() })
      .nullable()
      .openapi({ description: 'As published; null from the live API' }),
    outcome: z
      .string()
      .nullable()
      .openapi({ example: 'Investigation complete; no suspect identified', description: 'Last outcome category' }),
    distanceMetres: z.number().int().nonnegative().openapi({ description: 'Great-circle distance from the place, whole metres' }),
  })
  .openapi('NearbyCrime');

export const CrimeResult = z
  .strictObject({
    location: PlaceLocation.extend({ radiusMetres: z.number().int().openapi({ example: 500 }) }),
    period: z.strictObject({
      from: z.string().openapi({ example: '2017-07' }),
      to: z.string().openapi({ example: '2017-07' }),
      monthsAnswered: z.array(z.string()).openapi({ description: 'The months counted' }),
      monthsNotHeld: z.array(z.string()).openapi({ description: 'Months asked for that no data held covers at this place (not counted)' }),
    }),
    origin: z.enum(['bulk', 'live_api']).openapi({
      description: '`bulk`: the imported street-level files; `live_api`: the police.uk API, asked because no import covers the place',
    }),
    totalCrimes: z.number().int().nonnegative(),
    byCategory: Counts,
    byMonth: z.array(z.strictObject({ month: z.string(), totalCrimes: z.number().int().nonnegative(), byCategory: Counts })),
    nearest: z
      .array(NearCrime)
      .openapi({ description: `The ${nearestCrimesShown} records nearest the place within the radius, nearest first` }),
    comparison: z
      .strictObject({
        widerRadiusMetres: z.number().int().openapi({ example: 2000 }),
        widerTotalCrimes: z.number().int().nonnegative(),
        crimesPerSqKm: z.number().openapi({ description: 'Within the radius, over the months answered; one decimal' }),
        widerCrimesPerSqKm: z.number(),
        ratio: z
          .number()
          .nullable()
          .openapi({ description: 'crimesPerSqKm / widerCrimesPerSqKm, two decimals; null when the wider area has none' }),
        relative: z.enum(['higher', 'similar', 'lower', 'none']).openapi({
          description: '`higher`: ratio above 1.2; `lower`: below 0.8; `similar` between; `none`: no crime in the wider area either',
        }),
      })
      .nullable()
      .openapi({ description: 'The density of crime here against the wider area around it; null for an answer from the live API' }),
  })
  .openapi('Crime');
export type CrimeResult = z.infer<typeof CrimeResult>;

export const areaCrime = defineOperation({
  operationId: 'area_crime',
  method: 'get',
  path: '/area/crime',
  tag: 'Location Intelligence',
  summary: 'Street-level crime around a place: counts by category and month, the nearest records, the wider area',
  description:
    'police.uk street-level crime ' +
    '(England, Wales and Northern Ireland, and British Transport Police in Scotland) around a postcode or a latitude and ' +
    'longitude.\n\n' +
    '**Counting.** A record counts when its published point lies within `radiusMetres` of the place by great-circle ' +
    "distance (PostGIS's spherical distance, radius 6,371,008.8 m). police.uk publishes each record at an anonymised " +
    '"snap point" near where it happened, never the address; records the police could not place are never counted. ' +
    '`byCategory` uses police.uk\'s category slugs (`violent-crime` is "Violence and sexual offences").\n\n' +
    `**Months.** \`from\` and \`to\` (YYYY-MM, at most ${maxCrimeMonths} months, from ${firstCrimeMonth}); either alone is ` +
    'that one month; neither is the latest month held for the place. A month counts as held at the place when the ' +
    'imported data holds a record of that month within 10 km of it; months asked for that are not held are listed in ' +
    '`period.monthsNotHeld` and not counted, and when none is held the answer is 404 `CRIME_DATA_NOT_HELD` (nothing ' +
    'charged) — unless the live police.uk API is configured, which is then asked for the months (`origin: live_api`).\n\n' +
    `**Nearest and comparison.** The ${nearestCrimesShown} nearest records within the radius, nearest first. The ` +
    'comparison sets the crime per km² within the radius against a wider circle (4 × the radius, between 1 and 8 km) ' +
    'over the same months.',
  cost: { kind: 'per_call', credits: crimeCredits, charging: 'reserve_first' },
  chargedFor: 'answer, also when it counts no crime',
  request: { query: CrimeQuery },
  response: {
    status: 200,
    description: 'The crime counted around the place',
    mediaType: 'application/json',
    schema: sourcedEnvelope(CrimeResult).openapi('CrimeResponse'),
  },
  errors: {
    INVALID_PARAMETERS:
      'Neither or both of `postcode` and `latitude`/`longitude`, another parameter, or an invalid value (`details` names each); nothing charged',
    POSTCODE_NOT_FOUND: 'No postcode dataset serving places this postcode; nothing charged',
    CRIME_DATA_NOT_HELD: 'No month asked for is held for this place (and no live API is configured); nothing charged',
    CRIME_SERVICE_ERROR: 'The live police.uk API was needed and failed or did not answer in time; nothing charged',
    UPSTREAM_TIMEOUT: 'The crime was not counted in time; nothing charged',
  },
});
