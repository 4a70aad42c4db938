import {
  availabilityBodySchema,
  availabilityErrorBodySchema,
  fetchDocumentAvailability,
  titleSummaryOf,
  type OfficialCopiesAvailability,
} from './document-availability';
import { RestServiceError, type RestCaller } from './rest-answer';

// The reader of Official Copies Document Availability v2, given answers as the service sends them. The title is the
// test service's GR514443 (pending applications), its facts taken from the developer pack's sample answer: 12
// referred documents of which 1 can be downloaded now, 7 need HM Land Registry to look and 4 cannot be had, several
// kept with other titles.

type Code = 'IMMEDIATE' | 'MANUAL' | 'UNAVAILABLE';
const said: Record<Code, string> = { IMMEDIATE: 'can be downloaded now', MANUAL: 'needs a look first', UNAVAILABLE: 'cannot be had' };

const doc = (type: string, date: string, entries: string, filedUnder: string, code: Code, planOnly = false) => ({
  type,
  type_code: type.toUpperCase(),
  entry_numbers: entries.split(' '),
  date,
  filed_under: filedUnder,
  availability: said[code],
  availability_code: code,
  plan_only: planOnly,
});

const copy = <C extends 'REGISTER' | 'TITLEPLAN'>(typeCode: C, code: Code, backdated: boolean) => ({
  type: typeCode === 'REGISTER' ? 'register' : 'plan',
  type_code: typeCode,
  availability: said[code],
  availability_code: code,
  backdated,
});

const gr514443: OfficialCopiesAvailability = {
  title_status: 'Applications are pending against this title.',
  title_status_code: 'PENDING_APPLICATIONS',
  title_number: 'GR514443',
  applications_pending: true,
  referred_to_documents: [
    doc('Deed', '2008-07-08', 'F1', 'GR514443', 'MANUAL', true),
    doc('Conveyance', '2008-06-25', 'A8 A9 A10 C9 C10', 'GR514443', 'UNAVAILABLE'),
    doc('Conveyance', '2008-06-26', 'A4 A5 C4 C5', 'GR514443', 'UNAVAILABLE'),
    doc('Conveyance', '2008-06-25', 'A6 A7 C6 C7 C8', 'GR514443', 'UNAVAILABLE'),
    doc('Conveyance', '1953-11-14', 'D1', 'GR514443', 'UNAVAILABLE'),
    doc('Lease', '2002-02-19', 'L1', 'CL23015', 'MANUAL'),
    doc('Lease', '2006-11-08', 'C25', 'GR518791', 'MANUAL'),
    doc('Lease', '2009-02-18', 'C32', 'GR518791', 'MANUAL'),
    doc('Transfer', '1948-03-18', 'E8', 'DN403117', 'MANUAL'),
    doc('Transfer', '1963-11-17', 'C11 E7', 'DN4035921', 'MANUAL'),
    doc('Transfer', '1947-07-21', 'E9', 'DN403117', 'MANUAL'),
    doc('Transfer', '1971-01-14', 'C15 E9', 'GR514443', 'IMMEDIATE'),
  ],
  register: copy('REGISTER', 'IMMEDIATE', true),
  title_plan: copy('TITLEPLAN', 'IMMEDIATE', true),
};

const now = new Date('2026-03-10T12:00:00Z');

const answering = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  const calls: string[] = [];
  const transport: RestCaller = {
    rest: (version, path) => {
      calls.push(`${version} ${path}`);
      return Promise.resolve({ status, body, headers: new Headers(headers) });
    },
  };
  return { transport, calls };
};

const error = (status: number, code: string, message: string) => ({
  errors: [{ error_code: code, error_message: message, http_status: String(status), timestamp: '2026-03-10T12:00:00Z', trace_id: 't-1' }],
});

describe('document availability', () => {
  it('asks at the title path, in capitals, and reads an available title with pending applications', async () => {
    expect(availabilityBodySchema.safeParse({ data: gr514443 }).success).toBe(true);
    const { transport, calls } = answering(200, { data: gr514443 });
    const answer = await fetchDocumentAvailability(transport, 'gr 514443', now);
    expect(calls).toEqual(['v2 /titles/GR514443/official-copies/availability']);
    if (answer.kind !== 'found') throw new Error(answer.kind);
    const summary = titleSummaryOf(answer.availability);
    expect(summary).toMatchObject({
      titleNumber: 'GR514443',
      status: 'open',
      applicationsPending: true,
      continuedUnderTitleNumber: null,
      register: { available: true },
      plan: { available: true },
    });
    expect(answer.availability.register.backdated).toBe(true);
    const codes = answer.availability.referred_to_documents.map((d) => d.availability_code);
    expect([codes.filter((c) => c === 'IMMEDIATE').length, codes.filter((c) => c === 'MANUAL').length, codes.length]).toEqual([1, 7, 12]);
    expect(summary.referred.filter((d) => d.available)).toEqual([
      { type: 'Transfer', date: '1971-01-14', entryNumbers: ['C15', 'E9'], available: true, planOnly: false, filedUnder: 'GR514443' },
    ]);
    expect(summary.referred[0]).toMatchObject({ planOnly: true, available: false });
    expect(new Set(summary.referred.map((d) => d.filedUnder))).toEqual(
      new Set(['GR514443', 'CL23015', 'GR518791', 'DN403117', 'DN4035921']),
    );
  });

  it('reads a closed title continued under another, with nothing available', async () => {
    const closed = {
      ...gr514443,
      title_number: 'GR519468',
      title_status: 'Closed; continued under GR519470.',
      title_status_code: 'CLOSED_AND_CONTINUED',
      applications_pending: false,
      continued_under_title_number: 'GR519470',
      referred_to_documents: [],
      register: copy('REGISTER', 'UNAVAILABLE', false),
      title_plan: copy('TITLEPLAN', 'UNAVAILABLE', false),
    };
    const answer = await fetchDocumentAvailability(answering(200, { data: closed }).transport, 'GR519468', now);
    if (answer.kind !== 'found') throw new Error(answer.kind);
    expect(titleSummaryOf(answer.availability)).toEqual({
      titleNumber: 'GR519468',
      status: 'closed',
      applicationsPending: false,
      continuedUnderTitleNumber: 'GR519470',
      register: { available: false },
      plan: { available: false },
      referred: [],
    });
  });

  it('counts a MANUAL register as not available, and a document without a date as dated null', async () => {
    const manual = {
      ...gr514443,
      register: copy('REGISTER', 'MANUAL', false),
      referred_to_documents: [{ ...doc('Lease', '', 'C35', 'DT501583', 'MANUAL'), date: undefined }],
    };
    delete manual.referred_to_documents[0]!.date;
    const answer = await fetchDocumentAvailability(answering(200, { data: manual }).transport, 'GR514443', now);
    if (answer.kind !== 'found') throw new Error(answer.kind);
    expect(titleSummaryOf(answer.availability).register.available).toBe(false);
    expect(titleSummaryOf(answer.availability).referred[0]!.date).toBeNull();
  });

  it('reads 404 as not found', async () => {
    expect(await fetchDocumentAvailability(answering(404, error(404, 'BG40002', 'Title not found')).transport, 'CD1', now)).toEqual({
      kind: 'not-found',
    });
  });

  it('reads a 429 without a body as delayed, until the rate limiter has its tokens back', async () => {
    const headers = { 'x-ratelimit-replenish-rate': '1', 'x-ratelimit-requested-tokens': '20', 'x-ratelimit-remaining': '0' };
    expect(await fetchDocumentAvailability(answering(429, null, headers).transport, 'GR514443', now)).toEqual({
      kind: 'delayed',
      status: 429,
      retryAfter: '2026-03-10T12:00:20+00:00',
    });
    expect(await fetchDocumentAvailability(answering(429, null).transport, 'GR514443', now)).toEqual({
      kind: 'delayed',
      status: 429,
      retryAfter: '2026-03-10T12:01:00+00:00',
    });
  });

  it('reads a 503 as delayed for as long as Retry-After says (London time: summer adds an hour)', async () => {
    const body = error(503, 'BG50003', 'Service unavailable');
    const summer = new Date('2026-07-01T09:00:00Z');
    expect(await fetchDocumentAvailability(answering(503, body, { 'retry-after': '90' }).transport, 'GR514443', summer)).toEqual({
      kind: 'delayed',
      status: 503,
      retryAfter: '2026-07-01T10:01:30+01:00',
    });
  });

  it.each([
    [400, 'BG40001', 'Title is invalid'],
    [401, 'BG40004', 'Unauthorised'],
    [403, 'BG40005', 'Forbidden'],
    [500, 'BG50001', 'Internal server error'],
    [504, 'BG50004', 'Internal service timeout'],
  ])('throws for HTTP %i, naming the status and the code', async (status, code, message) => {
    const body = error(status, code, message);
    expect(availabilityErrorBodySchema.safeParse(body).success).toBe(true);
    const thrown = fetchDocumentAvailability(answering(status, body).transport, 'GR514443', now);
    await expect(thrown).rejects.toThrow(
      new RestServiceError(`document availability of GR514443: HTTP ${status} ${code} (${message})`, status, [code]),
    );
    await expect(thrown).rejects.toMatchObject({ status, errorCodes: [code] });
  });

  it('reads an error in the form the published schema declares ({code, detail})', async () => {
    const body = { errors: [{ code: 'BG40005', detail: 'Forbidden', status: '403' }] };
    expect(availabilityErrorBodySchema.safeParse(body).success).toBe(true);
    await expect(fetchDocumentAvailability(answering(403, body).transport, 'GR514443', now)).rejects.toThrow(
      'HTTP 403 BG40005 (Forbidden)',
    );
  });

  it('throws for a 200 whose body breaks the schema', async () => {
    const body = { data: { ...gr514443, title_number: 'gr514443' } };
    expect(availabilityBodySchema.safeParse(body).success).toBe(false);
    await expect(fetchDocumentAvailability(answering(200, body).transport, 'GR514443', now)).rejects.toThrow('HTTP 200 with a body');
  });
});
