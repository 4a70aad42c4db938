import { IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { defineOperation } from './operation';
import { PlanningConstraint } from './planning-constraints';
import { PropertyQuery } from './property';
import { sourcedEnvelope } from './sources';

// Lettings compliance (Property Due Diligence; named by the specification, not shown): what the data held says of the
// checks a landlord in England and Wales must make, each saying whether it was checked. "Checked and clear" and "not
// checked" are different answers and never merged.

export const complianceCredits = 5;
/** How far from the property's position a listed building published as a point is taken to be the property. */
export const listedBuildingRadiusMetres = 10;

const notChecked = z.literal('not-checked');
const checkFields = {
  checked: z.boolean().openapi({ description: 'False when the data to check was not available; `reason` says why' }),
  reason: z.string().nullable().openapi({ description: 'Why it was not checked, or the rule a finding rests on' }),
};

export const ComplianceResult = z
  .object({
    property: z.object({
      uprn: z.string().nullable(),
      address: z.string().nullable(),
      postcode: z.string(),
      position: z.object({ latitude: z.number(), longitude: z.number() }).nullable().openapi({
        description: "The property's own position from the address dataset; null when it does not hold the property",
      }),
    }),
    checkedOn: IsoDate,
    minimumEnergyEfficiency: z.object({
      ...checkFields,
      status: z.enum(['meets-minimum', 'below-minimum', 'no-certificate']).or(notChecked),
      rating: z.string().nullable(),
      certificateNumber: z.string().nullable(),
      expiresOn: IsoDate.nullable(),
      certificateValid: z.boolean().nullable().openapi({ description: 'Whether the certificate had not expired on the day' }),
    }),
    listedBuilding: z.object({
      ...checkFields,
      status: z.enum(['listed', 'not-listed']).or(notChecked),
      entries: z.array(PlanningConstraint),
    }),
    conservationArea: z.object({
      ...checkFields,
      status: z.enum(['in-conservation-area', 'not-in-conservation-area']).or(notChecked),
      entries: z.array(PlanningConstraint),
    }),
    floodZone: z.object({
      ...checkFields,
      status: z.enum(['flood-zone-3', 'flood-zone-2', 'flood-zone-1']).or(notChecked),
      entries: z.array(PlanningConstraint),
    }),
    notChecked: z.array(z.string()).openapi({ description: 'The checks that could not be made' }),
  })
  .openapi('Compliance');
export type ComplianceResult = z.infer<typeof ComplianceResult>;

export const propertyCompliance = defineOperation({
  operationId: 'property_compliance',
  method: 'get',
  path: '/property/compliance',
  tag: 'Property Due Diligence',
  summary: "A let property's checks: minimum energy efficiency, listed building, conservation area, flood zone",
  description:
    'Charged when at least one check was made; nothing when none could be. ' +
    'England and Wales (a Scottish or Northern Irish postcode is 400 `OUTSIDE_ENGLAND_AND_WALES`). The property is named ' +
    'as for every property lookup: `uprn`, or `address` with `postcode`; its position is its own, from the address ' +
    'dataset (an address matching several is 409 `ADDRESS_AMBIGUOUS` with the candidates).\n\n' +
    'Each check says whether it was made (`checked`) and, when not, why: **checked and clear is a different answer from ' +
    'not checked**.\n\n' +
    '- `minimumEnergyEfficiency`: the Energy Efficiency (Private Rented Property) (England and Wales) Regulations 2015 ' +
    '(since 1 April 2020 a let home must be rated E or better unless an exemption is registered): from the latest ' +
    'certificate (the EPC lookup). A property with no certificate is `no-certificate` (checked: a let needs one).\n' +
    `- \`listedBuilding\`: a listed building published as a point within ${listedBuildingRadiusMetres} m of the position, or ` +
    'an outline containing it (planning.data.gov.uk, Historic England).\n' +
    '- `conservationArea`: a conservation area containing the position.\n' +
    '- `floodZone`: the Environment Agency flood zones containing the position: zone 3 or 2; neither is `flood-zone-1` ' +
    '(low probability of flooding from rivers and the sea).\n\n' +
    'The planning checks are made only where planning.data.gov.uk applies (England) and only with the dataset imported; ' +
    'each part comes from the operations of this API (EPC lookup, planning constraints), asked as themselves.',
  cost: { kind: 'per_call', credits: complianceCredits, charging: 'reserve_first' },
  chargedFor: 'answer',
  request: { query: PropertyQuery },
  response: {
    status: 200,
    description: 'The checks',
    mediaType: 'application/json',
    schema: sourcedEnvelope(ComplianceResult).openapi('ComplianceResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'Neither or both of `uprn` and `address` with `postcode`, or an invalid value; nothing charged',
    OUTSIDE_ENGLAND_AND_WALES: 'The postcode is in Scotland or Northern Ireland; nothing charged',
    ADDRESS_AMBIGUOUS: 'The address matches several in the address dataset; `error.candidates`; nothing charged',
    SERVICE_UNAVAILABLE: 'No check could be made; nothing charged',
    UPSTREAM_TIMEOUT: 'The analysis service, which makes the checks, did not answer in time; nothing charged; retry',
  },
});
