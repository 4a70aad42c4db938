import type { AvailabilityCode, TitleAvailabilityFacts } from './availability';

// The titles HM Land Registry's test service answers Official Copies Document Availability for, with the facts its
// published sample answers give: status, what can be downloaded, and each document the register refers to (its
// kind, date, entries, the title it is kept with when another, and whether only its plan is held).

interface StubDocument {
  type: string;
  date: string | null;
  entries: string;
  code: AvailabilityCode;
  filedUnder?: string;
  planOnly?: boolean;
}

const doc = (
  type: string,
  date: string | null,
  entries: string,
  code: AvailabilityCode,
  more: Partial<StubDocument> = {},
): StubDocument => ({
  type,
  date,
  entries,
  code,
  ...more,
});

const M = 'MANUAL';
const I = 'IMMEDIATE';
const U = 'UNAVAILABLE';

const stub = (
  titleNumber: string,
  facts: Omit<TitleAvailabilityFacts, 'titleNumber' | 'documents' | 'backdated' | 'continuedUnder'> & {
    backdated?: boolean;
    continuedUnder?: string;
    documents: StubDocument[];
  },
): TitleAvailabilityFacts => ({
  titleNumber,
  ...facts,
  backdated: facts.backdated ?? false,
  continuedUnder: facts.continuedUnder ?? null,
  documents: facts.documents.map((d) => ({
    type: d.type,
    date: d.date,
    entryNumbers: d.entries.split(' '),
    filedUnder: d.filedUnder ?? titleNumber,
    code: d.code,
    planOnly: d.planOnly ?? false,
  })),
});

export const availabilityStubs: readonly TitleAvailabilityFacts[] = [
  stub('DT501578', {
    statusCode: 'CLOSED',
    pending: false,
    register: U,
    plan: U,
    documents: [
      doc('Sub-charge', '2008-07-01', 'C11 C12 C13', U),
      doc('Charge', '2008-07-01', 'C8 C9 C10', U),
      doc('Charge', '2008-07-01', 'C4 C5 C6 C9', M),
      doc('Charge', '2008-07-01', 'C2 C3', M),
      doc('Conveyance', '2008-06-19', 'A3', M),
      doc('Conveyance', '2008-06-19', 'A5 A6', U),
      doc('Transfer', '1946-07-28', 'E7', U),
      doc('Transfer', '1957-07-17', 'C10', M),
      doc('Lease', '2010-05-07', 'C33', M),
      doc('Lease', null, 'C35', M, { filedUnder: 'DT501583' }),
      doc('Lease', '2005-11-07', 'C21', M, { filedUnder: 'DT501583', planOnly: true }),
      doc('Lease', '2009-02-18', 'C35', I, { filedUnder: 'DT501583' }),
    ],
  }),
  stub('GR514441', {
    statusCode: 'VALID',
    pending: false,
    register: I,
    plan: U,
    documents: [
      doc('Agreement for lease', '2003-01-13', 'B13', I, { planOnly: true }),
      doc('Deed', '1970-12-24', 'C16 E13', I),
      doc('Deed', '2004-12-22', 'A9', I),
      doc('Lease', '2006-11-17', 'L22', M),
      doc('Lease', '2007-05-21', 'L12', M),
      doc('Lease', '2009-02-26', 'L30', M),
      doc('Lease', '2011-01-02', 'L41', M),
      doc('Lease', '2008-02-11', 'F3', I),
      doc('Transfer', '1949-08-21', 'E8', I, { filedUnder: 'DN403117' }),
      doc('Transfer', '1961-10-26', 'C14 E11', I, { filedUnder: 'DN4035921' }),
    ],
  }),
  stub('GR514442', {
    statusCode: 'VALID',
    pending: false,
    register: I,
    plan: I,
    documents: [
      doc('Sub-charge', '2008-07-01', 'C11 C12 C13', I),
      doc('Charge', '2008-07-01', 'C8 C9 C10', I),
      doc('Charge', '2008-07-01', 'C4 C5 C6 C7', I),
      doc('Charge', '2008-07-01', 'C2 C3', I),
      doc('Conveyance', '1893-03-25', 'R22', I),
      doc('Conveyance', '1952-07-23', 'R42', I),
      doc('Conveyance', '1953-08-25', 'R33', I),
      doc('Deed', '1951-12-10', 'C15', I),
      doc('Deed', '1989-12-23', 'C17', I),
      doc('Transfer', '2004-04-01', 'B2', I),
      doc('Lease', '2009-02-20', 'C32', I),
      doc('Lease', null, 'C32', I),
    ],
  }),
  stub('GR514443', {
    statusCode: 'PENDING_APPLICATIONS',
    pending: true,
    register: I,
    plan: I,
    backdated: true,
    documents: [
      doc('Deed', '2008-07-08', 'F1', M, { planOnly: true }),
      doc('Conveyance', '2008-06-25', 'A8 A9 A10 C9 C10', U),
      doc('Conveyance', '2008-06-26', 'A4 A5 C4 C5', U),
      doc('Conveyance', '2008-06-25', 'A6 A7 C6 C7 C8', U),
      doc('Conveyance', '1953-11-14', 'D1', U),
      doc('Lease', '2002-02-19', 'L1', M, { filedUnder: 'CL23015' }),
      doc('Lease', '2006-11-08', 'C25', M, { filedUnder: 'GR518791' }),
      doc('Lease', '2009-02-18', 'C32', M, { filedUnder: 'GR518791' }),
      doc('Transfer', '1948-03-18', 'E8', M, { filedUnder: 'DN403117' }),
      doc('Transfer', '1963-11-17', 'C11 E7', M, { filedUnder: 'DN4035921' }),
      doc('Transfer', '1947-07-21', 'E9', M, { filedUnder: 'DN403117' }),
      doc('Transfer', '1971-01-14', 'C15 E9', I),
    ],
  }),
  stub('GR519468', { statusCode: 'CLOSED_AND_CONTINUED', continuedUnder: 'GR519470', pending: false, register: U, plan: U, documents: [] }),
];
