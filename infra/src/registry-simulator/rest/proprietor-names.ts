import type { RegisteredProprietor, RegisteredTitle } from '../titles/registered-title';

// Registered Proprietor Names v1 as the registry test environment answers it: the environment's own titles from their
// proprietorship registers, and the test service's stub titles as its service page describes them (five valid titles
// with people and organisations, three not valid, and four titles that answer an error whatever is asked).

export type ProprietorStatusCode = 'VALID' | 'CLOSED_OR_CANCELLED' | 'CLOSED_AND_CONTINUED' | 'PENDING_NEW_TITLE';

export interface ProprietorFacts {
  titleNumber: string;
  statusCode: ProprietorStatusCode;
  continuedUnder: string | null;
  proprietors: readonly RegisteredProprietor[];
}

/** An error a stub title always answers: HTTP status, error code, what it says. */
export interface StubRefusal {
  status: number;
  code: string;
  message: string;
}

const person = (title: string, forenames: string, surname: string, decoration: string): RegisteredProprietor => ({
  kind: 'individual',
  title,
  forenames,
  surname,
  decoration,
});

const joeBloggs = person('Mr', 'Joe', 'Bloggs', 'OBE');

const valid = (titleNumber: string, proprietors: RegisteredProprietor[]): ProprietorFacts => ({
  titleNumber,
  statusCode: 'VALID',
  continuedUnder: null,
  proprietors,
});

const notValid = (titleNumber: string, statusCode: ProprietorStatusCode, continuedUnder: string | null = null): ProprietorFacts => ({
  titleNumber,
  statusCode,
  continuedUnder,
  proprietors: [],
});

export const proprietorStubs: readonly ProprietorFacts[] = [
  valid('AB1208001', [joeBloggs]),
  valid('AB1208002', [joeBloggs, person('Mrs', 'Elizabeth Anne', 'Smith', 'OBE')]),
  valid('AB1208003', [
    joeBloggs,
    { kind: 'organisation', name: 'csda plc', organisationType: 'CORPORATE_BODY', companyLocation: 'ENGLAND_OR_WALES' },
  ]),
  valid('AB1208004', [{ kind: 'organisation', name: 'beach towels plc', organisationType: 'CORPORATE_BODY', companyLocation: 'OVERSEAS' }]),
  valid('AB1208005', [
    { kind: 'organisation', name: 'new town care', organisationType: 'LOCAL_AUTHORITY', companyLocation: 'ENGLAND_OR_WALES' },
  ]),
  notValid('DT501578', 'CLOSED_OR_CANCELLED'),
  notValid('GR519468', 'CLOSED_AND_CONTINUED', 'EF1208001'),
  notValid('GR514443', 'PENDING_NEW_TITLE'),
];

export const proprietorRefusalStubs: Readonly<Record<string, StubRefusal>> = {
  CD1208005: { status: 403, code: 'BG40003', message: 'Your organisation is not permitted to use this service.' },
  CD1208006: { status: 423, code: 'BG50003', message: 'The service is closed; it is open from 06:30 to 23:00 UK time.' },
  CD1208007: { status: 429, code: 'BG40006', message: 'Too many requests; try again in a minute.' },
};

const statusText: Readonly<Record<ProprietorStatusCode, string>> = {
  VALID: 'The title number is valid.',
  CLOSED_OR_CANCELLED: 'The title has been closed or cancelled.',
  CLOSED_AND_CONTINUED: 'The title has been closed and continues under another title.',
  PENDING_NEW_TITLE: 'A new title is pending; its register is not made yet.',
};

const nameOf = (p: RegisteredProprietor): string =>
  p.kind === 'organisation' ? p.name : [p.title, p.forenames, p.surname, p.decoration].filter((s) => s !== undefined && s !== '').join(' ');

/** The 200 body for a title. */
export const proprietorNamesBody = (f: ProprietorFacts) => ({
  data: {
    title_status: statusText[f.statusCode],
    title_status_code: f.statusCode,
    title_number: f.titleNumber,
    ...(f.continuedUnder !== null ? { continued_under_title_number: f.continuedUnder } : {}),
    proprietors: f.proprietors.map((p, i) =>
      p.kind === 'organisation'
        ? {
            sequence: i + 1,
            proprietor_name: p.name,
            organisation_type: p.organisationType,
            company_location: p.companyLocation,
            proprietor_type: 'ORGANISATION',
          }
        : {
            sequence: i + 1,
            proprietor_name: nameOf(p),
            ...(p.title !== undefined ? { title: p.title } : {}),
            forenames: p.forenames,
            surname: p.surname,
            ...(p.decoration !== undefined ? { decoration: p.decoration } : {}),
            proprietor_type: 'PRIVATE_INDIVIDUAL',
          },
    ),
  },
});

/** One of the environment's own titles: only a valid (open) title names its proprietors. */
export const proprietorsOfTitle = (t: RegisteredTitle): ProprietorFacts =>
  t.status === 'open'
    ? valid(t.titleNumber, [...(t.proprietors ?? [])])
    : notValid(
        t.titleNumber,
        t.continuedUnderTitleNumber !== null ? 'CLOSED_AND_CONTINUED' : 'CLOSED_OR_CANCELLED',
        t.continuedUnderTitleNumber,
      );
