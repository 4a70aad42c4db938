import { z } from '../zod';
import { Postcode } from './postcode';

// How a caller names a place for the Location Intelligence operations: a full postcode, or a WGS84 latitude and
// longitude. One definition for every operation that takes a place, and for the command that carries it to the
// location service.

/** Query strings carry text: a coordinate is a number only when the whole text is a decimal number. */
const coordinate = (name: string, min: number, max: number, example: number) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, 'must be a decimal number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .openapi({
      type: 'number',
      minimum: min,
      maximum: max,
      example,
      description: `WGS84 ${name} in decimal degrees; with \`${name === 'latitude' ? 'longitude' : 'latitude'}\`, when \`postcode\` is absent`,
    });

/** A whole number of metres within bounds, with a default. */
export const radiusMetres = (min: number, max: number, defaultMetres: number, description: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of metres')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((v) => v ?? defaultMetres)
    .openapi({ type: 'integer', minimum: min, maximum: max, default: defaultMetres, example: defaultMetres, description });

export const placeQueryFields = {
  postcode: Postcode.optional().openapi({
    type: 'string',
    example: 'LS1 4AP',
    description: 'A full postcode; or give `latitude` and `longitude`',
  }),
  latitude: coordinate('latitude', -90, 90, 53.797).optional(),
  longitude: coordinate('longitude', -180, 180, -1.5474).optional(),
};

/** A place as the location service is asked about it. */
export const PlaceRef = z.union([
  z.object({ postcode: z.string().min(5).max(8) }),
  z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
]);
export type PlaceRef = z.infer<typeof PlaceRef>;

/** The place the query names, or why it names none (a message that says what to send instead). */
export const placeRefOf = (q: { postcode?: string; latitude?: number; longitude?: number }): PlaceRef | { invalid: string } => {
  const point = q.latitude !== undefined || q.longitude !== undefined;
  if (q.postcode !== undefined)
    return point ? { invalid: 'give `postcode`, or `latitude` with `longitude`, not both' } : { postcode: q.postcode };
  if (q.latitude !== undefined && q.longitude !== undefined) return { latitude: q.latitude, longitude: q.longitude };
  return { invalid: point ? 'give `latitude` with `longitude`' : 'give `postcode`, or `latitude` with `longitude`' };
};

/** Where an answer about a place was made: the point used and, for a postcode, the postcode. */
export const PlaceLocation = z
  .strictObject({
    postcode: z
      .string()
      .nullable()
      .openapi({ example: 'LS1 4AP', description: 'The postcode asked about; null for a latitude and longitude' }),
    latitude: z.number().openapi({ example: 53.797, description: "WGS84; a postcode's position as the postcode datasets give it" }),
    longitude: z.number().openapi({ example: -1.5474 }),
  })
  .openapi('PlaceLocation');
export type PlaceLocation = z.infer<typeof PlaceLocation>;

/** A calendar month, `YYYY-MM`. */
export const Month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
  .openapi({ type: 'string', example: '2017-07', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
