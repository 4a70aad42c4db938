import { IsoDate } from '../epc/certificate';
import { z } from '../zod';
import { TitleNumber } from './land-registry';
import { defineOperation } from './operation';
import { Postcode } from './postcode';
import { sourcedEnvelope } from './sources';

// Ownership (Property Due Diligence; named by the specification, not shown): the companies and corporate bodies HM
// Land Registry's two open company datasets name as registered owners of a title. A private individual is never named
// by those datasets: the answer points to property_registered_proprietors, which asks the registry itself.

export const ownershipCredits = 1;
export const maxOwnershipTitles = 100;

export const OwnershipQuery = z
  .strictObject({
    titleNumber: TitleNumber.optional().openapi({
      type: 'string',
      example: 'BK999901',
      description: 'A registered title; or give `postcode`',
    }),
    postcode: Postcode.optional().openapi({
      type: 'string',
      example: 'RG30 2AN',
      description: 'Every company-owned title in the postcode',
    }),
  })
  .openapi('OwnershipQuery');

const Proprietor = z
  .object({
    name: z.string().openapi({ example: 'SYNTHETIC HOMES LIMITED' }),
    companyRegistrationNo: z
      .string()
      .nullable()
      .openapi({ example: '99999901', description: 'As registered; not checked by the registry' }),
    category: z.string().nullable().openapi({ example: 'Limited Company or Public Limited Company' }),
    countryIncorporated: z.string().nullable().openapi({ example: 'BRITISH VIRGIN ISLANDS', description: 'Overseas companies only' }),
    address: z.array(z.string()).openapi({ description: 'The correspondence address lines registered' }),
  })
  .openapi('CompanyProprietor');

export const OwnershipResult = z
  .object({
    query: z.object({ titleNumber: z.string().nullable(), postcode: z.string().nullable() }),
    titles: z.array(
      z.object({
        titleNumber: z.string(),
        tenure: z.enum(['freehold', 'leasehold']),
        propertyAddress: z.string().nullable(),
        postcode: z.string().nullable(),
        ownerKind: z.enum(['uk-company', 'overseas-company']).openapi({ description: 'Which dataset names the owners' }),
        proprietors: z.array(Proprietor),
        otherProprietorsNotNamed: z.boolean().openapi({
          description: 'The register has other proprietors these datasets leave out (private individuals, charities): not named here',
        }),
        dateProprietorAdded: IsoDate.nullable(),
        pricePaid: z.number().int().nullable(),
        multipleAddresses: z.boolean(),
      }),
    ),
    companyOwned: z.boolean().openapi({ description: 'Whether any title asked about is owned by a company in the datasets imported' }),
    note: z.string().openapi({ description: 'What an answer without a company means, and where to read the register' }),
  })
  .openapi('Ownership');
export type OwnershipResult = z.infer<typeof OwnershipResult>;

export const propertyOwnership = defineOperation({
  operationId: 'property_ownership',
  method: 'get',
  path: '/property/ownership',
  tag: 'Property Due Diligence',
  summary: 'The companies registered as owners of a title, or of the titles in a postcode',
  description:
    "From HM Land Registry's " +
    '"UK companies that own property in England and Wales" (CCOD) and "Overseas companies that own property in England ' +
    'and Wales" (OCOD), imported monthly (the full file, or the change-only file applied to it): by `titleNumber`, or ' +
    `every company-owned title of a \`postcode\` (at most ${maxOwnershipTitles}; exactly one of the two).\n\n` +
    '**Private individuals are never named.** The datasets leave out titles owned only by individuals or charities, ' +
    'and leave their names out of titles they share with a company (`otherProprietorsNotNamed`). A title with no company ' +
    'owner answers `companyOwned: false`. To name every proprietor of a title, private individuals included, ask ' +
    'HM Land Registry through `property_registered_proprietors` (`GET /property/ownership/registered-proprietors`, ' +
    "the registry's Registered Proprietor Names service); the register itself is read in an official copy ordered by " +
    '`POST /land-registry/title-orders`.',
  cost: { kind: 'per_call', credits: ownershipCredits, charging: 'reserve_first' },
  chargedFor: 'lookup, also when no company owns it',
  request: { query: OwnershipQuery },
  response: {
    status: 200,
    description: 'The company owners',
    mediaType: 'application/json',
    schema: sourcedEnvelope(OwnershipResult).openapi('OwnershipResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'Neither or both of `titleNumber` and `postcode`, or an invalid value; nothing charged',
    SERVICE_UNAVAILABLE: 'Neither company dataset is imported; nothing charged',
    UPSTREAM_TIMEOUT: 'The lookup was not answered in time; nothing charged',
  },
});
