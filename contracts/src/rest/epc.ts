import { CertificateOrigin, EnergyRating, IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { defineOperation } from './operation';
import { PropertyQuery } from './property';
import { sourcedEnvelope } from './sources';

// Energy performance certificates (England and Wales) and the floor area they record: two Property Due Diligence
// lookups. The specification names them and leaves their shape "not shown"; what is decided here is said in the
// descriptions and in docs/api/property-due-diligence.md.

export const epcLookupCredits = 5;
export const floorAreaLookupCredits = 3;

/** 1 m² = 10.7639104 ft² (1 ft = 0.3048 m exactly). */
export const squareFeetPerSquareMetre = 1 / (0.3048 * 0.3048);

// The property is named as for every property operation (./property.ts): `uprn`, or `address` with `postcode`.

const Property = z
  .strictObject({
    uprn: z.string().nullable().openapi({ description: 'Null when no certificate of the property carries one' }),
    address: z.string().openapi({ example: '10 Oxford Road', description: 'As the latest certificate gives it' }),
    postcode: z.string().openapi({ example: 'RG30 1AA' }),
  })
  .openapi('EpcProperty');

const lookupFields = {
  property: Property,
  matchedBy: z
    .enum(['uprn', 'address'])
    .openapi({ description: '`uprn`: certificates carrying the UPRN asked for; `address`: the address matched within the postcode' }),
  origin: CertificateOrigin,
};

const CurrentCertificate = z
  .strictObject({
    certificateNumber: z.string().openapi({ example: '8417-6290-5136-4802-7953' }),
    currentRating: EnergyRating.nullable(),
    currentEfficiency: z.number().int().nullable().openapi({ example: 68, description: 'SAP energy efficiency score, 1 to 100+' }),
    potentialRating: EnergyRating.nullable(),
    potentialEfficiency: z.number().int().nullable().openapi({ example: 81 }),
    floorAreaSqM: z.number().nullable().openapi({ example: 86, description: 'Total floor area, m²' }),
    lodgementDate: IsoDate.openapi({ example: '2019-03-14' }),
    inspectionDate: IsoDate.nullable().openapi({ example: '2019-03-11' }),
    expiresOn: IsoDate.openapi({ example: '2029-03-14', description: 'Ten years after lodgement' }),
    expired: z.boolean().openapi({ description: 'Whether `expiresOn` has passed (UK date)' }),
    propertyType: z.string().nullable().openapi({ example: 'House' }),
    builtForm: z.string().nullable().openapi({ example: 'Semi-Detached' }),
    constructionAgeBand: z.string().nullable().openapi({ example: 'England and Wales: 1930-1949' }),
    mainFuel: z.string().nullable().openapi({ example: 'mains gas (not community)' }),
    mainHeating: z.string().nullable().openapi({ example: 'Boiler and radiators, mains gas' }),
    transactionType: z.string().nullable().openapi({ example: 'marketed sale', description: 'Why the certificate was made' }),
    assessorRecordedTenure: z
      .string()
      .nullable()
      .openapi({
        example: 'owner-occupied',
        description:
          "The occupancy the energy assessor recorded (owner-occupied, rented (social), rented (private)). It is the assessor's " +
          'record of who lived there, not legal tenure (freehold or leasehold), and must never be used as such.',
      }),
  })
  .openapi('EnergyCertificate');

const EarlierCertificate = z
  .strictObject({
    certificateNumber: z.string(),
    currentRating: EnergyRating.nullable(),
    currentEfficiency: z.number().int().nullable().openapi({ description: 'Null where the source gives only the band' }),
    lodgementDate: IsoDate,
    inspectionDate: IsoDate.nullable(),
    floorAreaSqM: z.number().nullable(),
  })
  .openapi('EarlierEnergyCertificate');

export const PropertyEpcResult = z
  .strictObject({
    ...lookupFields,
    latest: CurrentCertificate.openapi({ description: 'The certificate lodged last' }),
    history: z.array(EarlierCertificate).openapi({ description: "The property's earlier certificates, newest first; empty when none" }),
  })
  .openapi('PropertyEpc');
export type PropertyEpcResult = z.infer<typeof PropertyEpcResult>;

export const FloorAreaResult = z
  .strictObject({
    ...lookupFields,
    floorArea: z
      .strictObject({
        squareMetres: z.number().openapi({ example: 86, description: 'As the certificate records it' }),
        squareFeet: z.number().int().openapi({ example: 926, description: 'squareMetres × 10.7639104, rounded to a whole number' }),
      })
      .openapi({ description: 'Total floor area' }),
    certificate: z
      .strictObject({
        certificateNumber: z.string(),
        lodgementDate: IsoDate,
        inspectionDate: IsoDate.nullable(),
        latest: z.boolean().openapi({ description: 'False when the latest certificate records no floor area and an earlier one was used' }),
      })
      .openapi({ description: 'The certificate the floor area comes from' }),
    habitableRooms: z
      .number()
      .int()
      .nullable()
      .openapi({ example: 5, description: "Habitable rooms as that certificate's assessor counted them" }),
    estimatedBedrooms: z
      .number()
      .int()
      .nullable()
      .openapi({ example: 3, description: 'Estimated from `habitableRooms`: see the rule above' }),
  })
  .openapi('FloorArea');
export type FloorAreaResult = z.infer<typeof FloorAreaResult>;

const queryRules =
  'Give `uprn` alone, or `address` with `postcode` (400 `INVALID_PARAMETERS` otherwise, nothing charged). England and Wales only: ' +
  "Scotland's certificates are held by the Scottish EPC Register and Northern Ireland's by its own register, so postcodes in " +
  'areas AB, DD, DG, EH, FK, G, HS, IV, KA, KW, KY, ML, PA, PH, ZE and BT are refused with 400 `OUTSIDE_ENGLAND_AND_WALES` ' +
  'before anything is reserved.';

const sourcesRule =
  '**Where the certificates come from.** The imported bulk download of the register first (`origin: bulk`, named in ' +
  '`sources` with its release); when it holds no certificate for the property, the live register API is asked, within a ' +
  'few seconds (`origin: live_register`). A property the bulk holds is answered from the bulk alone, so a certificate ' +
  'lodged since the bulk release is not shown until the next import. When the live register is needed and fails (an ' +
  'error, a refusal of our credentials, its rate limit, an unreadable answer or no answer in time) the answer is 502 ' +
  '`EPC_SERVICE_ERROR` and nothing is charged.';

const matchingRule =
  '**Matching an address.** Within the postcode: the flat (Flat, Apartment, Apt, Unit, Maisonette; `2, 10 Oxford Road` ' +
  'reads as flat 2 of number 10), the house numbers with their letters (`2A` = `2 a`, never `2`) and, for a named house, ' +
  'its name must agree; a street word must agree for a numbered house. Case, punctuation and the common abbreviations ' +
  '(Rd, St, Ave, …) do not matter. Two certificates are of one property when both carry the same UPRN, or when one ' +
  'carries none and their addresses agree. An address that matches more than one property is 409 `EPC_ADDRESS_AMBIGUOUS` ' +
  '(the candidates in `error.candidates` and `details`), nothing charged.';

const lookupErrors = {
  INVALID_PARAMETERS: 'Neither or both alternatives, another parameter, or an invalid value (`details` names each); nothing charged',
  OUTSIDE_ENGLAND_AND_WALES:
    'The postcode is in Scotland or Northern Ireland, whose certificates are held by other registers; nothing charged',
  EPC_ADDRESS_AMBIGUOUS:
    'The address matches more than one property in the postcode; `error.candidates` lists them (and `details`); nothing charged',
  EPC_SERVICE_ERROR: 'The live register was needed and failed or did not answer in time; nothing charged',
  UPSTREAM_TIMEOUT: 'The lookup was not answered in time; nothing charged',
} as const;

export const propertyEpc = defineOperation({
  operationId: 'property_epc',
  method: 'get',
  path: '/property/epc',
  tag: 'Property Due Diligence',
  summary: "A property's energy performance certificate, with its earlier ones",
  description:
    `A property with no certificate is 404 \`EPC_NOT_FOUND\`, charged nothing. ${queryRules}\n\n` +
    'The latest certificate (by lodgement date): current and potential rating and efficiency score, floor area, lodgement ' +
    'and inspection dates, expiry (ten years after lodgement) and whether it has passed, property type and built form, ' +
    'construction age band, main fuel and heating, why it was made, and the occupancy tenure the assessor recorded ' +
    '(`assessorRecordedTenure`: never legal tenure). `history`: the earlier certificates of the same property, newest ' +
    `first.\n\n${sourcesRule}\n\n${matchingRule}`,
  cost: { kind: 'per_call', credits: epcLookupCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { query: PropertyQuery },
  response: {
    status: 200,
    description: 'The certificates',
    mediaType: 'application/json',
    schema: sourcedEnvelope(PropertyEpcResult).openapi('PropertyEpcResponse'),
  },
  errors: { ...lookupErrors, EPC_NOT_FOUND: 'No certificate of the property in the bulk download or the live register; nothing charged' },
});

export const propertyFloorArea = defineOperation({
  operationId: 'property_floor_area',
  method: 'get',
  path: '/property/floor-area',
  tag: 'Property Due Diligence',
  summary: "A property's floor area, from its energy performance certificates",
  description:
    `A property with no certificate recording a floor area is 404 \`FLOOR_AREA_NOT_FOUND\`, charged nothing. ${queryRules}\n\n` +
    "The total floor area (m² as recorded, and ft²) of the latest certificate that records one, with that certificate's " +
    'number, dates and source, and its habitable rooms with an estimated bedroom count. **Bedrooms** are estimated as ' +
    'habitable rooms less the reception rooms a home of that size usually has: one up to 4 habitable rooms, two for 5 to 7, ' +
    'three for 8 or more (1 → 0, 2 → 1, 3 → 2, 4 → 3, 5 → 3, 6 → 4, 7 → 5, 8 → 5); an estimate, since an assessor counts ' +
    `bedrooms and living rooms alike as habitable rooms.\n\n${sourcesRule}\n\n${matchingRule}`,
  cost: { kind: 'per_call', credits: floorAreaLookupCredits, charging: 'reserve_first' },
  chargedFor: 'completed lookup',
  request: { query: PropertyQuery },
  response: {
    status: 200,
    description: 'The floor area',
    mediaType: 'application/json',
    schema: sourcedEnvelope(FloorAreaResult).openapi('FloorAreaResponse'),
  },
  errors: {
    ...lookupErrors,
    FLOOR_AREA_NOT_FOUND: 'No certificate of the property records a floor area (or none exists); nothing charged',
  },
});
