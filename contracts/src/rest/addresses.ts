import { z } from '../zod';
import { freeSourcedEnvelope, sourcedEnvelope } from './sources';
import { defineOperation } from './operation';
import { propertyQueryFields } from './property';

// Address and Identity: autocomplete (find, then retrieve the one chosen) and the UPRN ↔ address lookup, all from the
// address dataset. The specification leaves the data shapes "not shown"; they are decided here and in docs/api/address-and-identity.md.

export const addressLookupCredits = 35;
export const retrieveCredits = 35;
/** A selection id's life, on the business clock. */
export const selectionLifetimeMinutes = 30;

const Coordinates = {
  latitude: z.number().openapi({ example: 51.4560637, description: 'WGS84 (ETRS89), degrees' }),
  longitude: z.number().openapi({ example: -0.9907207 }),
  eastings: z.number().openapi({ example: 470220.61, description: 'British National Grid (EPSG:27700), metres' }),
  northings: z.number().openapi({ example: 173492.02 }),
};

const PostalAddress = z
  .strictObject({
    lines: z
      .array(z.string())
      .min(1)
      .openapi({ example: ['194 Oxford Road'], description: 'The lines above the post town' }),
    town: z.string().openapi({ example: 'Reading', description: 'The post town' }),
    postcode: z.string().openapi({ example: 'RG30 1AA' }),
    singleLine: z.string().openapi({ example: '194 Oxford Road, Reading, RG30 1AA' }),
  })
  .openapi('PostalAddress');

// ---- uprn_address_lookup ------------------------------------------------------------------------------------------

export const AddressLookupResult = z
  .strictObject({
    uprn: z.string().openapi({ example: '993262081585', description: 'The canonical UPRN (no leading zeros)' }),
    address: PostalAddress,
    postcode: z.string().openapi({ example: 'RG30 1AA' }),
    direction: z
      .enum(['uprn_to_address', 'address_to_uprn'])
      .openapi({ description: '`uprn_to_address` when `uprn` was given; `address_to_uprn` when `address` and `postcode` were' }),
    matchType: z.enum(['uprn', 'exact', 'partial']).openapi({
      description:
        '`uprn`: the UPRN given. `exact`: every word of the address given is in one address of the postcode, with its numbers ' +
        '(order, case, punctuation and Rd/Road-style abbreviations aside). `partial`: the address names a building but not ' +
        'which of its flats, and the building has one flat in the dataset: that one',
    }),
    classification: z
      .string()
      .nullable()
      .openapi({ example: 'RD04', description: "AddressBase's classification code (RD04: terraced house)" }),
    country: z.string().openapi({ example: 'E', description: "AddressBase's country code: E, W, S" }),
    ...Coordinates,
  })
  .openapi('AddressLookup');
export type AddressLookupResult = z.infer<typeof AddressLookupResult>;

export const AddressLookupQuery = z
  .strictObject({
    ...propertyQueryFields,
    postcode: propertyQueryFields.postcode.openapi({
      type: 'string',
      example: 'RG30 1AA',
      description: 'A full Great Britain postcode; with `address`',
    }),
  })
  .openapi('AddressLookupQuery');

export const uprnAddressLookup = defineOperation({
  operationId: 'uprn_address_lookup',
  method: 'get',
  path: '/property/address',
  tag: 'Property Due Diligence',
  summary: 'A UPRN to its postal address, or an address to its UPRN',
  description:
    'Give `uprn` alone, or `address` with `postcode` (400 `INVALID_PARAMETERS` otherwise). The address is matched within the postcode, ' +
    "forgivingly (word order, case, punctuation, Rd/Road) but never loosely on numbers: the house number and the flat's " +
    'number must be given ("Flat" itself may be left out).\n\n' +
    '**Ambiguity.** An address that matches more than one address of the postcode (typically a block named without its ' +
    'flat) is 409 `ADDRESS_AMBIGUOUS`, its `error.candidates` listing each address with its UPRN; the 409 is not a ' +
    'completed lookup and is free: retry with the `uprn` meant. A UPRN or address the dataset does not hold is 404 ' +
    '`PROPERTY_NOT_FOUND`, free. Northern Irish postcodes (BT) are 400 `OUTSIDE_GREAT_BRITAIN`: the address dataset ' +
    'covers Great Britain.',
  cost: { kind: 'per_call', credits: addressLookupCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { query: AddressLookupQuery },
  response: {
    status: 200,
    description: 'The address and its UPRN',
    mediaType: 'application/json',
    schema: sourcedEnvelope(AddressLookupResult).openapi('AddressLookupResponse'),
  },
  parameterErrors: {
    postcode: {
      code: 'INVALID_POSTCODE',
      message: '`postcode` must be a full postcode, such as RG30 1AA (spaces and case do not matter).',
    },
  },
  errors: {
    INVALID_PARAMETERS: 'Neither or both ways of naming the property, another parameter, or an invalid value; nothing charged',
    INVALID_POSTCODE: 'Not a full postcode; nothing charged',
    OUTSIDE_GREAT_BRITAIN: 'A Northern Irish postcode: the address dataset covers Great Britain; nothing charged',
    PROPERTY_NOT_FOUND: 'No address in the dataset has the UPRN, or matches the address in the postcode; nothing charged',
    ADDRESS_AMBIGUOUS: 'The address matches more than one address of the postcode (`error.candidates`); nothing charged',
    DATABASE_ERROR: 'The address dataset could not be read; nothing charged; retry',
  },
});

// ---- address_autocomplete_find -------------------------------------------------------------------------------------

export const AutocompleteResult = z
  .strictObject({
    query: z.string().openapi({ example: 'oxford rd 194' }),
    suggestions: z
      .array(
        z.strictObject({
          id: z
            .string()
            .min(20)
            .max(512)
            .openapi({
              description: `Signed selection id for \`GET /address/retrieve\`: bound to this address, valid ${selectionLifetimeMinutes} minutes`,
            }),
          text: z.string().openapi({ example: '194 Oxford Road, Reading, RG30 1AA' }),
        }),
      )
      .openapi({ description: 'Best first; empty when nothing matches' }),
  })
  .openapi('AutocompleteSuggestions');

export const addressAutocompleteFind = defineOperation({
  operationId: 'address_autocomplete_find',
  method: 'get',
  path: '/address/autocomplete',
  tag: 'Address and Identity',
  summary: 'Address suggestions as a user types, each with a signed selection id',
  description:
    '`query`: a full Great Britain postcode lists its addresses in street order; ' +
    'anything else is read as words of an address in any order (case, punctuation and Rd/Road-style abbreviations do ' +
    "not matter; the last words may be unfinished: `oxford ro 19` finds 194 Oxford Road), best first. Each suggestion's " +
    `\`id\` is signed, bound to its address, and expires ${selectionLifetimeMinutes} minutes after it was issued ` +
    '(business clock): `GET /address/retrieve` turns it into the full address, and may be called with it again within ' +
    'its life. No match is an empty list, not an error.',
  cost: { kind: 'free' },
  request: {
    query: z.strictObject({
      query: z.string().trim().min(3).max(200).openapi({ example: 'oxford rd 194', description: '3 to 200 characters' }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(10)
        .default(6)
        .openapi({ type: 'integer', minimum: 1, maximum: 10, default: 6, example: 6, description: '1 to 10; default 6' }),
    }),
  },
  response: {
    status: 200,
    description: 'The suggestions',
    mediaType: 'application/json',
    schema: freeSourcedEnvelope(AutocompleteResult).openapi('AutocompleteResponse'),
  },
  errors: {
    INVALID_PARAMETERS: '`query` shorter than 3 or longer than 200 characters, `limit` outside 1 to 10, or another parameter',
    DATABASE_ERROR: 'The address dataset could not be read; retry',
  },
});

// ---- address_autocomplete_retrieve ---------------------------------------------------------------------------------

export const RetrieveResult = z
  .strictObject({
    uprn: z.string().openapi({ example: '993262081585' }),
    address: PostalAddress,
    form: z
      .strictObject({
        line1: z.string().openapi({ example: '194 Oxford Road' }),
        line2: z.string().openapi({ example: '' }),
        line3: z.string().openapi({ example: '' }),
        town: z.string().openapi({ example: 'Reading' }),
        postcode: z.string().openapi({ example: 'RG30 1AA' }),
      })
      .openapi({ description: 'For an address form: three lines (empty when unused), post town, postcode' }),
    postcode: z.string(),
    ...Coordinates,
  })
  .openapi('RetrievedAddress');
export type RetrieveResult = z.infer<typeof RetrieveResult>;

export const addressAutocompleteRetrieve = defineOperation({
  operationId: 'address_autocomplete_retrieve',
  method: 'get',
  path: '/address/retrieve',
  tag: 'Address and Identity',
  summary: 'The full address of a suggestion: UPRN, lines, form fields and coordinates',
  description:
    `\`id\`: a suggestion's selection id ` +
    `from \`GET /address/autocomplete\`, within ${selectionLifetimeMinutes} minutes of its issue; it may be retrieved again ` +
    'in that time (each retrieval is charged). Refused, free: 400 `SELECTION_EXPIRED` (past its life), ' +
    '`SELECTION_INVALID` (not an id we issued, or altered), `SELECTION_UNKNOWN` (ours and in date, but its address is no ' +
    'longer in the dataset).',
  cost: { kind: 'per_call', credits: retrieveCredits, charging: 'reserve_first' },
  chargedFor: 'successful retrieval',
  request: {
    query: z.strictObject({ id: z.string().min(20).max(512).openapi({ description: 'A selection id: 20 to 512 characters' }) }),
  },
  response: {
    status: 200,
    description: 'The address',
    mediaType: 'application/json',
    schema: sourcedEnvelope(RetrieveResult).openapi('RetrieveResponse'),
  },
  parameterErrors: {
    id: { code: 'SELECTION_INVALID', message: '`id` must be a selection id from GET /address/autocomplete (20 to 512 characters).' },
  },
  errors: {
    SELECTION_INVALID: 'Not a selection id we issued, or altered; nothing charged',
    SELECTION_EXPIRED: `Issued more than ${selectionLifetimeMinutes} minutes ago; search again; nothing charged`,
    SELECTION_UNKNOWN: 'Its address is no longer in the dataset; search again; nothing charged',
    DATABASE_ERROR: 'The address dataset could not be read; nothing charged; retry',
  },
});
