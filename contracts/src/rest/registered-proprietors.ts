import { z } from '../zod';
import { successEnvelope } from './billing';
import { TitleNumber } from './land-registry';
import { defineOperation } from './operation';
import { registryServices } from './registry-services';

// The registered proprietors of a title as HM Land Registry names them (Business Gateway's Registered Proprietor Names
// service): private individuals as well as companies, which the ownership lookup's open company datasets cannot name.
// Asked of the registry each time, never stored; the registry charges for it, so it costs more than a dataset lookup.

export const registeredProprietorsCredits = 20;

export const RegisteredProprietorsQuery = z
  .strictObject({
    titleNumber: TitleNumber.openapi({ type: 'string', example: 'BK509231', description: 'A registered title in England and Wales' }),
  })
  .openapi('RegisteredProprietorsQuery');

const PrivateIndividual = z
  .strictObject({
    kind: z.literal('private_individual'),
    name: z
      .string()
      .nullable()
      .openapi({ example: 'Mr Joe Bloggs OBE', description: 'The name as registered; null when the registry cannot give it' }),
    title: z.string().nullable().openapi({ example: 'Mr' }),
    forenames: z.string().nullable().openapi({ example: 'Joe' }),
    surname: z.string().nullable().openapi({ example: 'Bloggs' }),
    decoration: z.string().nullable().openapi({ example: 'OBE', description: 'Honours, or peerage particulars' }),
  })
  .openapi('RegisteredProprietorIndividual');

const Organisation = z
  .strictObject({
    kind: z.literal('organisation'),
    name: z.string().nullable().openapi({ example: 'CSDA PLC' }),
    organisationType: z.string().nullable().openapi({
      example: 'CORPORATE_BODY',
      description: "HM Land Registry's code, e.g. `LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY`, `LOCAL_AUTHORITY`",
    }),
    companyLocation: z
      .string()
      .nullable()
      .openapi({ example: 'ENGLAND_OR_WALES', description: '`ENGLAND_OR_WALES`, `SCOTLAND`, `NORTHERN_IRELAND` or `OVERSEAS`' }),
  })
  .openapi('RegisteredProprietorOrganisation');

export const RegisteredProprietor = z.discriminatedUnion('kind', [PrivateIndividual, Organisation]);

export const registeredTitleStatuses = ['open', 'closed', 'closed_and_continued', 'pending_new_title'] as const;

export const RegisteredProprietors = z
  .strictObject({
    titleNumber: z.string(),
    titleStatus: z.enum(registeredTitleStatuses).openapi({
      description: 'A closed title, or a pending new one, names no proprietors: for a continued title ask `continuedUnderTitleNumber`',
    }),
    continuedUnderTitleNumber: z.string().nullable(),
    proprietors: z.array(RegisteredProprietor).openapi({ description: 'In the order the register lists them' }),
  })
  .openapi('RegisteredProprietors');
export type RegisteredProprietors = z.infer<typeof RegisteredProprietors>;

export const propertyRegisteredProprietors = defineOperation({
  operationId: 'property_registered_proprietors',
  method: 'get',
  path: '/property/ownership/registered-proprietors',
  tag: 'Property Due Diligence',
  summary: 'The registered proprietors of a title, private individuals included, as HM Land Registry names them',
  description:
    "England and Wales only. Asks HM Land Registry's Business Gateway (its Registered Proprietor Names service) for the " +
    'names and kind of every registered proprietor of `titleNumber`: private individuals (title, forenames, surname, ' +
    'decoration) and organisations (type and where incorporated). Nothing is stored. Companies alone, and every ' +
    'company-owned title of a postcode, come cheaper from `property_ownership`.\n\n' +
    '**Use.** HM Land Registry provides these names to support applications to change the register (to check the ' +
    'proprietors before lodging one); use them for that purpose.\n\n' +
    '**Hours.** The registry answers from 06:30 to 23:00 UK time; outside them (and when it is busy) the answer is 503 ' +
    '`LAND_REGISTRY_DELAYED` with `error.retryAfter` and `Retry-After`, and nothing is charged.\n\n' +
    registryServices.proprietorNames,
  cost: { kind: 'per_call', credits: registeredProprietorsCredits, charging: 'reserve_first' },
  chargedFor: 'answer from the registry (also one naming no proprietor, as for a closed title)',
  request: { query: RegisteredProprietorsQuery },
  response: {
    status: 200,
    description: 'The registered proprietors',
    mediaType: 'application/json',
    schema: successEnvelope(RegisteredProprietors).openapi('RegisteredProprietorsResponse'),
  },
  errors: {
    INVALID_PARAMETERS: 'No `titleNumber`, or not 3 to 20 characters; nothing charged',
    INSUFFICIENT_CREDITS: `Not enough credits (${registeredProprietorsCredits}); nothing charged`,
    TITLE_NOT_FOUND: 'HM Land Registry has no such title; nothing charged',
    LAND_REGISTRY_DELAYED: 'Outside the registry’s hours (06:30 to 23:00 UK time) or busy: retry after `error.retryAfter`; nothing charged',
    LAND_REGISTRY_ERROR: 'The registry or its service failed; nothing charged',
    UPSTREAM_TIMEOUT: 'The lookup was not answered in time; nothing charged',
  },
});
