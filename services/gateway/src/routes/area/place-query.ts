import { placeRefOf, type Operation, type PlaceRef, type z } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';
import type { Checked, Input, RawInput } from '../../operations/handler';

// The query of a Location Intelligence operation that takes a place: `postcode`, or `latitude` with `longitude`. The
// alternative is told apart by the parameters given first, so that a caller who sent both, or neither, is told that
// rather than every failure of both; then the values are read by the operation's schema. All before any credit is
// reserved.

const placeParameters = ['postcode', 'latitude', 'longitude'] as const;

const alternativeProblem = (query: Record<string, unknown>): string | undefined => {
  const given = (name: string) => query[name] !== undefined;
  const ref = placeRefOf({
    postcode: given('postcode') ? 'given' : undefined,
    latitude: given('latitude') ? 0 : undefined,
    longitude: given('longitude') ? 0 : undefined,
  });
  return 'invalid' in ref ? ref.invalid : undefined;
};

/** The `read` of an operation whose query is a place (its schema's fields include the place's). */
export const readPlaceQuery =
  <O extends Operation>(schema: z.ZodTypeAny) =>
  (raw: RawInput): Checked<Input<O>> => {
    const query = (typeof raw.query === 'object' && raw.query !== null ? raw.query : {}) as Record<string, unknown>;
    const problem = alternativeProblem(query);
    if (problem) {
      return {
        ok: false,
        code: 'INVALID_PARAMETERS',
        message: `Name the place: ${problem}. Nothing was charged.`,
        details: placeParameters.filter((p) => query[p] !== undefined).join(', ') || 'query: no place given',
      };
    }
    const parsed = schema.safeParse(query);
    if (!parsed.success) {
      return {
        ok: false,
        code: 'INVALID_PARAMETERS',
        message: 'The request is invalid; `details` names each failing field. Nothing was charged.',
        details: issueDetails(parsed.error.issues, 'query'),
      };
    }
    return { ok: true, value: { query: parsed.data, params: undefined, headers: undefined, body: undefined } as Input<O> };
  };

/** The place of a query `readPlaceQuery` has read (it has refused any query that names none). */
export const placeOf = (query: { postcode?: string; latitude?: number; longitude?: number }): PlaceRef => {
  const ref = placeRefOf(query);
  if ('invalid' in ref) throw new Error(`a place query read without its place: ${ref.invalid}`);
  return ref;
};
