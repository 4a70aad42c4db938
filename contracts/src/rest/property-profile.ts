import { z } from '../zod';
import { TitleMatchRequest } from './land-registry';
import { defineOperation } from './operation';
import { sourcedEnvelope } from './sources';

// `property_profile`: one property's title, facts and the enquiries they raise, as the specification's "Property
// profile" table gives it (no additional properties at any level). Each part comes from the service that owns it,
// asked at once and each within a time budget; what could not be had is named in `unavailable`, never guessed.

export const profileCredits = 100;

/** The parts of a profile, as `unavailable` names them. */
export const profileParts = ['title', 'energyCertificate', 'planningConstraints', 'registeredArea'] as const;
export type ProfilePart = (typeof profileParts)[number];

export const titleStatuses = ['matched', 'multiple_titles', 'no_match', 'delayed', 'unavailable'] as const;
export const enquiryPriorities = ['high', 'medium', 'low'] as const;

export const PropertyProfileRequest = z
  .strictObject({
    property: TitleMatchRequest.openapi({
      description: 'Exactly one of `{uprn}` (alternative A), or `{address, postcode}` (alternative B); no other properties',
    }),
  })
  .openapi('PropertyProfileRequest', { example: { property: { uprn: '993262081585' } } });
export type PropertyProfileRequest = z.infer<typeof PropertyProfileRequest>;

const ProfileTitleCandidate = z.strictObject({
  titleNumber: z.string().optional().openapi({ example: 'BK302250' }),
  tenure: z.string().optional().openapi({ example: 'freehold' }),
  matchedAddress: z.string().optional().openapi({ example: '250 Oxford Road, Reading RG30 1AB' }),
});

export const ProfileTitle = z
  .strictObject({
    status: z.enum(titleStatuses).openapi({
      description:
        "`matched`: one title is the property's (`titleNumber`); `multiple_titles`: the registry holds several and none " +
        "can be told to be the property's own (`candidates`); `no_match`: the registry holds none (the land may be " +
        'unregistered); `delayed`: the registry asked us to wait (`retryAfter`); `unavailable`: the registry failed or did ' +
        'not answer within the budget (`reason`)',
    }),
    titleNumber: z.string().optional().openapi({ example: 'BK301194' }),
    tenure: z.string().optional().openapi({ example: 'freehold', description: "As the registry records the title's estate" }),
    matchedAddress: z.string().optional().openapi({ example: '194 Oxford Road, Reading RG30 1AA' }),
    reason: z.string().optional().openapi({
      example: 'LAND_REGISTRY_DELAYED',
      description: 'Why there is no one title: a code (`NO_REGISTERED_TITLE`, `LAND_REGISTRY_DELAYED`, `LAND_REGISTRY_ERROR`, …)',
    }),
    message: z.string().optional(),
    retryAfter: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'When the registry will answer again (`delayed`)' }),
    candidates: z
      .array(ProfileTitleCandidate)
      .optional()
      .openapi({ description: 'Every title the registry holds for the property, when it holds more than one' }),
  })
  .openapi('ProfileTitle');
export type ProfileTitle = z.infer<typeof ProfileTitle>;

export const ProfileFacts = z
  .strictObject({
    legalTenure: z
      .string()
      .optional()
      .openapi({
        example: 'freehold',
        description:
          "The registered estate's tenure, from HM Land Registry only: present when the matched title (or every candidate) " +
          'has one. The occupancy an energy assessor records (owner-occupied, rented) is never used for it',
      }),
    builtForm: z.string().optional().openapi({ example: 'Semi-Detached', description: "The latest energy certificate's built form" }),
    councilTaxBand: z.string().optional().openapi({
      description: 'Never present: no documented source gives a property’s band (an enquiry says where to read it)',
    }),
    propertyType: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .openapi({ example: 'House', description: "The latest energy certificate's property type" }),
    numberOfFloors: z.number().optional().openapi({ description: 'Never present: no source held records it' }),
    floorAreaSqM: z
      .number()
      .optional()
      .openapi({ example: 86, description: 'Total floor area of the latest certificate that records one' }),
    registeredAreaSqM: z
      .number()
      .optional()
      .openapi({
        example: 148.2,
        description:
          "The area of HM Land Registry's INSPIRE index polygon under the property's point (general boundaries), for a " +
          'freehold title only: a leasehold flat has no polygon of its own',
      }),
    buildingAge: z
      .strictObject({
        year: z.union([z.string(), z.number()]).optional().openapi({ example: 2012, description: 'When the certificate gives one year' }),
        period: z.string().optional().openapi({ example: '1930-1949', description: "The certificate's construction age band" }),
      })
      .optional(),
    planningConstraintCount: z
      .number()
      .int()
      .nonnegative()
      .openapi({
        example: 1,
        description:
          "The planning constraints that apply at the property's point (areas it lies in; listed buildings within 10 m). " +
          'England only: 0 in Wales, where an enquiry says so',
      }),
  })
  .openapi('ProfileFacts');
export type ProfileFacts = z.infer<typeof ProfileFacts>;

export const ProfileEnquiry = z
  .strictObject({
    code: z.string().openapi({ example: 'CONSERVATION_AREA' }),
    priority: z.enum(enquiryPriorities).openapi({ description: '`high` ones need a person to look before exchange' }),
    message: z.string(),
  })
  .openapi('ProfileEnquiry');
export type ProfileEnquiry = z.infer<typeof ProfileEnquiry>;

export const PropertyProfile = z
  .strictObject({
    property: z
      .strictObject({
        uprn: z.string().optional().openapi({ example: '993262081585' }),
        address: z.string().optional().openapi({ example: '194 Oxford Road, Reading, RG30 1AA' }),
        postcode: z.string().optional().openapi({ example: 'RG30 1AA' }),
        coordinates: z.strictObject({ latitude: z.number(), longitude: z.number() }).optional(),
      })
      .openapi({ description: 'The property as the address dataset holds it' }),
    complete: z.boolean().openapi({ description: 'True when every part was had (`unavailable` is empty); only then is it charged' }),
    title: ProfileTitle,
    facts: ProfileFacts,
    manualReviewRequired: z.boolean().openapi({
      description: 'True when the title is not one matched title, or an enquiry is of `high` priority',
    }),
    enquiries: z.array(ProfileEnquiry),
    unavailable: z
      .array(z.enum(profileParts))
      .openapi({ description: 'The parts that could not be had this time; retrying may fill them' }),
  })
  .openapi('PropertyProfile');
export type PropertyProfile = z.infer<typeof PropertyProfile>;

export const PropertyProfileResponse = sourcedEnvelope(PropertyProfile).openapi('PropertyProfileResponse');

export const propertyProfile = defineOperation({
  operationId: 'property_profile',
  method: 'post',
  path: '/property/profile',
  tag: 'Property Due Diligence',
  summary: "A property's title, facts and the enquiries they raise",
  description:
    'A completed profile is one with `complete: true`. A profile missing a part ' +
    '(`complete: false`, the part named in `unavailable`) is answered 200 and charged nothing (`billing.creditsCharged` ' +
    '0), so asking again when the part is back costs only the complete one. Refusals charge nothing.\n\n' +
    'Body: `{property: {uprn}}` or `{property: {address, postcode}}`; no other properties at any level. The property is ' +
    'found in the address dataset (404 `PROPERTY_NOT_FOUND`; 409 `ADDRESS_AMBIGUOUS` with `error.candidates`). England ' +
    "is supported; Wales partly (planning.data.gov.uk's constraints are England's, so `planningConstraintCount` is 0 there " +
    'and an enquiry says so); Scotland and Northern Ireland are refused with 400 `OUTSIDE_ENGLAND_AND_WALES`.\n\n' +
    '**Parts**, asked at once, each within a time budget (a part not answered in it is `unavailable`, never a timeout of ' +
    'the whole): the **title** from HM Land Registry (by UPRN); the **energy certificate** (by UPRN, then by address); ' +
    "the **planning constraints** at the property's point; the **registered area** from the INSPIRE index polygon. " +
    '**Title:** one title is `matched` when the registry holds one, or when one alone has the tenure such a property ' +
    'holds (a leasehold for a flat, a freehold otherwise); else `multiple_titles` with `candidates`. A delay by the ' +
    "registry is `delayed` with `retryAfter`. **Facts:** `legalTenure` from the registry only (an energy assessor's " +
    'occupancy record is never legal tenure); property type, built form, floor area and age band from the latest ' +
    'energy certificate; `councilTaxBand` and `numberOfFloors` are never present (no source held gives them). ' +
    '**Enquiries:** what a conveyancer should raise, each with a code and `high`, `medium` or `low` priority ' +
    '(`NO_REGISTERED_TITLE`, `MULTIPLE_TITLES`, `LEASEHOLD`, `NO_ENERGY_CERTIFICATE`, `ENERGY_CERTIFICATE_EXPIRED`, ' +
    '`ENERGY_RATING_BELOW_MINIMUM`, one per planning constraint type found such as `LISTED_BUILDING`, ' +
    '`CONSERVATION_AREA` or `FLOOD_ZONE_3`, `PLANNING_NOT_COVERED_IN_WALES`, `COUNCIL_TAX_BAND`). Raw provider ' +
    'payloads and source metadata are left out of `data`; the datasets used are in `sources`.',
  cost: { kind: 'per_call', credits: profileCredits, charging: 'reserve_first' },
  chargedFor: 'completed profile',
  request: { body: PropertyProfileRequest },
  response: {
    status: 200,
    description: 'The profile (charged only when `complete`)',
    mediaType: 'application/json',
    schema: PropertyProfileResponse,
  },
  errors: {
    INVALID_PARAMETERS: 'No `property`, both alternatives or neither, other properties or invalid values (`details`); nothing charged',
    OUTSIDE_ENGLAND_AND_WALES: 'The property is in Scotland or Northern Ireland, which the profile does not cover; nothing charged',
    PROPERTY_NOT_FOUND: 'No address in the address dataset is the property given; nothing charged',
    ADDRESS_AMBIGUOUS: 'The address matches several in the postcode; `error.candidates` lists them; nothing charged',
    UPSTREAM_TIMEOUT: 'The analysis service, which makes the profile, did not answer in time; nothing charged; retry',
  },
});
