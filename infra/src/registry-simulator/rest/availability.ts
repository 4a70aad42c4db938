import type { RegisteredTitle } from '../titles/registered-title';

// Official Copies Document Availability v2 as the registry test environment answers it: from a title's facts (its
// own titles' status, pending applications, plan and referred documents, or the test service's stub titles) to the
// service's JSON. The texts beside each code are the environment's own; clients act on the codes.

export type AvailabilityCode = 'IMMEDIATE' | 'MANUAL' | 'UNAVAILABLE';
export type AvailabilityStatusCode = 'VALID' | 'CLOSED' | 'CLOSED_AND_CONTINUED' | 'PENDING_APPLICATIONS';

export interface DocumentFacts {
  type: string;
  date: string | null;
  entryNumbers: readonly string[];
  filedUnder: string;
  code: AvailabilityCode;
  planOnly: boolean;
}

export interface TitleAvailabilityFacts {
  titleNumber: string;
  statusCode: AvailabilityStatusCode;
  pending: boolean;
  continuedUnder: string | null;
  register: AvailabilityCode;
  plan: AvailabilityCode;
  /** A copy issued now would be dated before the pending applications. */
  backdated: boolean;
  documents: readonly DocumentFacts[];
}

const codeText: Readonly<Record<AvailabilityCode, string>> = {
  IMMEDIATE: 'can be downloaded now',
  MANUAL: 'needs HM Land Registry to look into it first',
  UNAVAILABLE: 'cannot be supplied',
};

const statusText = (f: TitleAvailabilityFacts): string => {
  switch (f.statusCode) {
    case 'VALID':
      return 'The title number is valid.';
    case 'CLOSED':
      return `Title ${f.titleNumber} has been closed or cancelled.`;
    case 'CLOSED_AND_CONTINUED':
      return `Title ${f.titleNumber} has been closed and continues under title ${f.continuedUnder ?? ''}.`;
    case 'PENDING_APPLICATIONS':
      return `Applications are pending against title ${f.titleNumber}; the day list shows them.`;
  }
};

/** The service's type codes for the kinds of document the register names; any other kind is its first word in capitals. */
const typeCodes: Readonly<Record<string, string>> = {
  'agreement for lease': 'AGREEMENT_LEASE',
  'sub-charge': 'SUB_CHARGE',
};

export const documentTypeCode = (type: string): string =>
  typeCodes[type.toLowerCase()] ?? (type.split(/\s+/)[0] ?? type).toUpperCase().replace(/[^A-Z]/g, '_');

/** The 200 body for a title. */
export const availabilityBody = (f: TitleAvailabilityFacts) => ({
  data: {
    title_status: statusText(f),
    title_status_code: f.statusCode,
    title_number: f.titleNumber,
    applications_pending: f.pending,
    ...(f.continuedUnder !== null ? { continued_under_title_number: f.continuedUnder } : {}),
    referred_to_documents: f.documents.map((d) => ({
      type: d.type,
      type_code: documentTypeCode(d.type),
      entry_numbers: [...d.entryNumbers],
      // The service leaves the date out when the register gives none.
      ...(d.date !== null ? { date: d.date } : {}),
      filed_under: d.filedUnder,
      availability: codeText[d.code],
      availability_code: d.code,
      plan_only: d.planOnly,
    })),
    register: {
      type: 'Register',
      type_code: 'REGISTER',
      availability: codeText[f.register],
      availability_code: f.register,
      backdated: f.backdated,
    },
    title_plan: {
      type: 'Title plan',
      type_code: 'TITLEPLAN',
      availability: codeText[f.plan],
      availability_code: f.plan,
      backdated: f.backdated,
    },
  },
});

const statusOf = (t: RegisteredTitle): AvailabilityStatusCode => {
  if (t.status === 'closed') return t.continuedUnderTitleNumber !== null ? 'CLOSED_AND_CONTINUED' : 'CLOSED';
  return t.applicationsPending ? 'PENDING_APPLICATIONS' : 'VALID';
};

const code = (available: boolean): AvailabilityCode => (available ? 'IMMEDIATE' : 'UNAVAILABLE');

/** One of the environment's own titles: a closed title's register cannot be copied, and pending applications backdate a copy. */
export const availabilityOfTitle = (t: RegisteredTitle): TitleAvailabilityFacts => ({
  titleNumber: t.titleNumber,
  statusCode: statusOf(t),
  pending: t.applicationsPending,
  continuedUnder: t.continuedUnderTitleNumber,
  register: code(t.status === 'open'),
  plan: code(t.planAvailable),
  backdated: t.status === 'open' && t.applicationsPending,
  documents: t.referred.map((d) => ({
    type: d.type,
    date: d.date,
    entryNumbers: d.entryNumbers,
    filedUnder: t.titleNumber,
    code: code(d.available),
    planOnly: d.planOnly,
  })),
});
