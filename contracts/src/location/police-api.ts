import { z } from '../zod';

// The police.uk API as it documents itself (https://data.police.uk/docs/): the location service's adapter reads these
// shapes and the test environment (infra/src/open-data-simulator) writes them. No authentication. Production:
// https://data.police.uk/api
//
// - Street-level crimes in a custom area: `/crimes-street/all-crime` with `poly=lat,lng:lat,lng:…` (the ring need not be
//   closed) and `date=YYYY-MM`; a GET longer than 4,094 characters is 400, so the polygon is POSTed form-encoded; an
//   area holding more than 10,000 crimes is 503 (https://data.police.uk/docs/method/crime-street/).
// - `/crime-last-updated`: `{"date": "YYYY-MM-DD"}`, the month of the latest data.
// - Rate limit: 15 requests a second, bursts of 30; over it, 429 (https://data.police.uk/docs/api-call-limits/).

export const policeApiPaths = {
  streetCrimes: '/crimes-street/all-crime',
  lastUpdated: '/crime-last-updated',
} as const;

/** At most this many crimes in one custom area: more is a 503. */
export const policeApiMaxCrimes = 10_000;

/** A street-level crime as the API gives it; coordinates are strings. */
export const PoliceApiCrime = z.object({
  category: z.string().min(1),
  persistent_id: z.string(),
  location_type: z.string().nullable().optional(),
  location_subtype: z.string().nullable().optional(),
  id: z.number().int(),
  location: z.object({
    latitude: z.string().regex(/^-?\d+(\.\d+)?$/),
    longitude: z.string().regex(/^-?\d+(\.\d+)?$/),
    street: z.object({ id: z.number().int(), name: z.string() }),
  }),
  context: z.string().nullable().optional(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  outcome_status: z.object({ category: z.string(), date: z.string() }).nullable(),
});
export type PoliceApiCrime = z.infer<typeof PoliceApiCrime>;

export const PoliceApiStreetCrimes = z.array(PoliceApiCrime);

export const PoliceApiLastUpdated = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}/) });
