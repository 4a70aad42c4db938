import { z } from '@pds/contracts';
import { isOpen, nextOpening, toRegistryIso } from '../../opening-hours';
import {
  describeFailure,
  restErrorBodySchema,
  retryAfterOf,
  RestServiceError,
  titleSegment,
  type RestCaller,
  type RestReply,
} from './rest-answer';

// Registered Proprietor Names v1: who a title's registered proprietors are, person by person or organisation by
// organisation, for checking names before an application to change the register. GET
// /titles/{title_number}/registered-proprietor-names under /bg2test/api/v1 (test) or /bg2/api/v1 (live); open 06:30 to
// 23:00 London time (423 outside); 6 requests a minute per user (429 beyond).

export const proprietorNamesPath = (titleNumber: string): string => `/titles/${titleSegment(titleNumber)}/registered-proprietor-names`;

/**
 * The published pattern (up to three letters, then up to six digits or four and a Z) refuses the test service's own
 * stub titles, such as AB1208001, which it answers: a title number is read as up to nine letters and digits.
 */
const titleNumber = z.string().regex(/^[A-Za-z0-9]{1,9}$/);

export const proprietorTitleStatusCodes = ['VALID', 'CLOSED_OR_CANCELLED', 'CLOSED_AND_CONTINUED', 'PENDING_NEW_TITLE'] as const;

export const organisationTypes = [
  'PRIVATE_INDIVIDUAL',
  'LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY',
  'COUNTY_COUNCIL',
  'LOCAL_AUTHORITY',
  'CORPORATE_BODY',
  'INDUSTRIAL_AND_PROVIDENT_SOCIETY_(COMPANY)',
  'INDUSTRIAL_AND_PROVIDENT_SOCIETY_(CORPORATE_BODY)',
  'UNKNOWN_(USED_FOR_CUSTOMER_NAMES_ONLY)',
  'UNLIMITED_COMPANY',
  'LIMITED_LIABILITY_PARTNERSHIP',
  'HOUSING_ASSOCIATION/SOCIETY_(COMPANY)',
  'HOUSING_ASSOCIATION/SOCIETY_(CORPORATE_BODY)',
  'OFFICIAL_CUSTODIAN_FOR_CHARITIES',
  'OFFICIAL_CUSTODIAN_FOR_CHARITIES_(ON_BEHALF_OF_TRUSTEES)',
  'CO-OPERATIVE_SOCIETY_(COMPANY)',
  'CO-OPERATIVE_SOCIETY_(CORPORATE_BODY)',
  'COMMUNITY_BENEFIT_SOCIETY_(COMPANY)',
  'COMMUNITY_BENEFIT_SOCIETY_(CORPORATE_BODY)',
  'REGISTERED_SOCIETY_(COMPANY)',
  'REGISTERED_SOCIETY_(CORPORATE_BODY)',
  'HOUSING_ASSOCIATION_CO-OPERATIVE_SOCIETY_(COMPANY)',
  'HOUSING_ASSOCIATION_CO-OPERATIVE_SOCIETY_(CORPORATE_BODY)',
  'HOUSING_ASSOCIATION_COMMUNITY_BENEFIT_SOCIETY_(COMPANY)',
  'HOUSING_ASSOCIATION_COMMUNITY_BENEFIT_SOCIETY_(CORPORATE_BODY)',
  'HOUSING_ASSOCIATION_REGISTERED_SOCIETY_(COMPANY)',
  'HOUSING_ASSOCIATION_REGISTERED_SOCIETY_(CORPORATE_BODY)',
  'UNKNOWN_(PROPRIETOR_HAS_NO_IOPN_DELIMITERS)',
] as const;

/** Overseas includes the Isle of Man and the Channel Islands. */
export const companyLocations = ['ENGLAND_OR_WALES', 'SCOTLAND', 'NORTHERN_IRELAND', 'OVERSEAS'] as const;

/** Position in the list, from 1 (a 32-bit integer). */
const sequence = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

// No name field is required: on rare titles the names cannot be given and come blank. The type is what tells the
// two kinds apart, so it is required here although the published schema leaves it to its discriminator.
const privateIndividualSchema = z.object({
  sequence: sequence.optional(),
  proprietor_type: z.literal('PRIVATE_INDIVIDUAL'),
  /** The whole name as registered, e.g. "Mrs Sarah Louise Smith OBE". */
  proprietor_name: z.string().optional(),
  title: z.string().optional(),
  forenames: z.string().optional(),
  surname: z.string().optional(),
  /** Honours, or the particulars of a peerage. */
  decoration: z.string().optional(),
});

const organisationSchema = z.object({
  sequence: sequence.optional(),
  proprietor_type: z.literal('ORGANISATION'),
  proprietor_name: z.string().optional(),
  organisation_type: z.enum(organisationTypes).optional(),
  company_location: z.enum(companyLocations).optional(),
});

export const registeredProprietorsSchema = z.object({
  title_status: z.string(),
  title_status_code: z.enum(proprietorTitleStatusCodes),
  title_number: titleNumber,
  continued_under_title_number: z.string().optional(),
  /** Empty unless the title is VALID. */
  proprietors: z.array(z.discriminatedUnion('proprietor_type', [privateIndividualSchema, organisationSchema])),
});

/** The body of a 200 (`data` is not marked required, but a 200 without it says nothing). */
export const proprietorNamesBodySchema = z.object({ data: registeredProprietorsSchema.optional() });

export const proprietorNamesErrorBodySchema = restErrorBodySchema;

export type Proprietor =
  | {
      kind: 'individual';
      sequence: number | null;
      name: string;
      title: string | null;
      forenames: string | null;
      surname: string | null;
      decoration: string | null;
    }
  | {
      kind: 'organisation';
      sequence: number | null;
      name: string;
      organisationType: (typeof organisationTypes)[number] | null;
      companyLocation: (typeof companyLocations)[number] | null;
    };

export interface RegisteredProprietors {
  titleNumber: string;
  status: (typeof proprietorTitleStatusCodes)[number];
  continuedUnderTitleNumber: string | null;
  proprietors: Proprietor[];
}

export type ProprietorNamesAnswer =
  | { kind: 'found'; value: RegisteredProprietors }
  | { kind: 'not-found' }
  /** 423: outside 06:30–23:00 London time; `opensAt` is the next opening (ISO 8601). */
  | { kind: 'out-of-hours'; opensAt: string }
  /** 429: more than the user's requests a minute. */
  | { kind: 'rate-limited'; retryAfter: string }
  /** 503: the service is down for now. */
  | { kind: 'delayed'; retryAfter: string };

/** The limit is counted per minute; an unavailable service is asked again no sooner. */
export const defaultProprietorNamesRetrySeconds = 60;

const text = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value);

const proprietorOf = (p: z.infer<typeof registeredProprietorsSchema>['proprietors'][number]): Proprietor =>
  p.proprietor_type === 'PRIVATE_INDIVIDUAL'
    ? {
        kind: 'individual',
        sequence: p.sequence ?? null,
        name: p.proprietor_name ?? '',
        title: text(p.title),
        forenames: text(p.forenames),
        surname: text(p.surname),
        decoration: text(p.decoration),
      }
    : {
        kind: 'organisation',
        sequence: p.sequence ?? null,
        name: p.proprietor_name ?? '',
        organisationType: p.organisation_type ?? null,
        companyLocation: p.company_location ?? null,
      };

/** Reads one answer of the service; throws `RestServiceError` for any answer that is not one of `ProprietorNamesAnswer`'s. */
export const readProprietorNamesReply = (reply: RestReply, titleNumber: string, now: Date): ProprietorNamesAnswer => {
  const what = `registered proprietor names of ${titleNumber}`;
  switch (reply.status) {
    case 200: {
      const parsed = proprietorNamesBodySchema.safeParse(reply.body);
      const data = parsed.success ? parsed.data.data : undefined;
      if (!data) throw new RestServiceError(`${what}: HTTP 200 with a body the service does not send`, 200, []);
      return {
        kind: 'found',
        value: {
          titleNumber: data.title_number,
          status: data.title_status_code,
          continuedUnderTitleNumber: data.continued_under_title_number ?? null,
          proprietors: data.proprietors.map(proprietorOf),
        },
      };
    }
    case 404:
      return { kind: 'not-found' };
    case 423: {
      // Near 06:30 the service's clock and ours can disagree: when ours says open, ask again a minute later.
      const opening = isOpen(now) ? new Date(now.getTime() + 60_000) : nextOpening(now);
      return { kind: 'out-of-hours', opensAt: toRegistryIso(opening) };
    }
    case 429:
      return { kind: 'rate-limited', retryAfter: retryAfterOf(reply.headers, now, defaultProprietorNamesRetrySeconds) };
    case 503:
      return { kind: 'delayed', retryAfter: retryAfterOf(reply.headers, now, defaultProprietorNamesRetrySeconds) };
    default: {
      const parsed = proprietorNamesErrorBodySchema.safeParse(reply.body);
      const errors = parsed.success ? (parsed.data.errors ?? []).map((e) => ({ code: e.error_code, message: e.error_message })) : [];
      throw new RestServiceError(
        `${what}: ${describeFailure(reply, errors)}`,
        reply.status,
        errors.map((e) => e.code),
      );
    }
  }
};

/** Asks the service about one title. A transport failure (no answer) is thrown as the transport's `TransportError`. */
export const fetchProprietorNames = async (transport: RestCaller, titleNumber: string, now = new Date()): Promise<ProprietorNamesAnswer> =>
  readProprietorNamesReply(await transport.rest('v1', proprietorNamesPath(titleNumber)), titleNumber, now);
