import { fetchProprietorNames, proprietorNamesBodySchema, proprietorNamesErrorBodySchema } from './registered-proprietor-names';
import type { RestCaller } from './rest-answer';

// The reader of Registered Proprietor Names v1, given answers as the service sends them: the people and
// organisations of the test service's stub titles (AB1208003: Mr Joe Bloggs OBE and an English corporate body;
// AB1208004: an overseas one), a closed and continued title, and each status the service names.

const now = new Date('2026-01-15T12:00:00Z');

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

const valid = (titleNumber: string, proprietors: unknown[]) => ({
  data: { title_status: 'The title is valid', title_status_code: 'VALID', title_number: titleNumber, proprietors },
});

const error = (status: number, code: string, message: string) => ({
  errors: [{ error_code: code, error_message: message, http_status: String(status), timestamp: '2026-01-15T12:00:00.123456' }],
});

describe('registered proprietor names', () => {
  it('reads a private individual and an organisation, in the order of the register', async () => {
    const body = valid('AB1208003', [
      {
        sequence: 1,
        proprietor_name: 'Mr Joe Bloggs OBE',
        title: 'Mr',
        forenames: 'Joe',
        surname: 'Bloggs',
        decoration: 'OBE',
        proprietor_type: 'PRIVATE_INDIVIDUAL',
      },
      {
        sequence: 2,
        proprietor_name: 'csda plc',
        organisation_type: 'CORPORATE_BODY',
        company_location: 'ENGLAND_OR_WALES',
        proprietor_type: 'ORGANISATION',
      },
    ]);
    expect(proprietorNamesBodySchema.safeParse(body).success).toBe(true);
    const { transport, calls } = answering(200, body);
    expect(await fetchProprietorNames(transport, 'ab1208003', now)).toEqual({
      kind: 'found',
      value: {
        titleNumber: 'AB1208003',
        status: 'VALID',
        continuedUnderTitleNumber: null,
        proprietors: [
          {
            kind: 'individual',
            sequence: 1,
            name: 'Mr Joe Bloggs OBE',
            title: 'Mr',
            forenames: 'Joe',
            surname: 'Bloggs',
            decoration: 'OBE',
          },
          { kind: 'organisation', sequence: 2, name: 'csda plc', organisationType: 'CORPORATE_BODY', companyLocation: 'ENGLAND_OR_WALES' },
        ],
      },
    });
    expect(calls).toEqual(['v1 /titles/AB1208003/registered-proprietor-names']);
  });

  it('reads blank or missing name parts as null, as for titles whose names cannot be given', async () => {
    const body = valid('AB1208004', [
      { sequence: 1, proprietor_name: '', title: '', forenames: '', surname: '', decoration: '', proprietor_type: 'PRIVATE_INDIVIDUAL' },
      { proprietor_name: 'beach towels plc', company_location: 'OVERSEAS', proprietor_type: 'ORGANISATION' },
    ]);
    const answer = await fetchProprietorNames(answering(200, body).transport, 'AB1208004', now);
    if (answer.kind !== 'found') throw new Error(answer.kind);
    expect(answer.value.proprietors).toEqual([
      { kind: 'individual', sequence: 1, name: '', title: null, forenames: null, surname: null, decoration: null },
      { kind: 'organisation', sequence: null, name: 'beach towels plc', organisationType: null, companyLocation: 'OVERSEAS' },
    ]);
  });

  it('reads a closed title continued under another, with no proprietors', async () => {
    const body = {
      data: {
        title_status: 'Closed and continued',
        title_status_code: 'CLOSED_AND_CONTINUED',
        title_number: 'GR519468',
        continued_under_title_number: 'EF1208001',
        proprietors: [],
      },
    };
    expect(await fetchProprietorNames(answering(200, body).transport, 'GR519468', now)).toEqual({
      kind: 'found',
      value: { titleNumber: 'GR519468', status: 'CLOSED_AND_CONTINUED', continuedUnderTitleNumber: 'EF1208001', proprietors: [] },
    });
  });

  it('refuses a proprietor of no known type and an organisation type the service does not list', () => {
    expect(proprietorNamesBodySchema.safeParse(valid('AB1208001', [{ sequence: 1, proprietor_name: 'X' }])).success).toBe(false);
    expect(
      proprietorNamesBodySchema.safeParse(valid('AB1208001', [{ proprietor_type: 'ORGANISATION', organisation_type: 'PARTNERSHIP' }]))
        .success,
    ).toBe(false);
    expect(proprietorNamesBodySchema.safeParse(valid('AB1208001', [{ proprietor_type: 'PRIVATE_INDIVIDUAL', sequence: 0 }])).success).toBe(
      false,
    );
  });

  it('reads 404 as not found', async () => {
    expect(await fetchProprietorNames(answering(404, error(404, 'BG40002', 'Title not found')).transport, 'CD1208001', now)).toEqual({
      kind: 'not-found',
    });
  });

  it('reads 423 as out of hours until the next 06:30 in London', async () => {
    const late = new Date('2026-07-01T22:30:00Z'); // 23:30 in London, summer time
    const answer = await fetchProprietorNames(answering(423, error(423, 'BG50003', 'out of hours')).transport, 'CD1208006', late);
    expect(answer).toEqual({ kind: 'out-of-hours', opensAt: '2026-07-02T06:30:00+01:00' });
  });

  it('reads 429 as rate limited and 503 as delayed, each for as long as Retry-After says, else a minute', async () => {
    expect(await fetchProprietorNames(answering(429, error(429, 'BG40006', 'Too many')).transport, 'CD1208007', now)).toEqual({
      kind: 'rate-limited',
      retryAfter: '2026-01-15T12:01:00+00:00',
    });
    expect(
      await fetchProprietorNames(answering(503, error(503, 'BG50002', 'Down'), { 'Retry-After': '30' }).transport, 'AB1208001', now),
    ).toEqual({
      kind: 'delayed',
      retryAfter: '2026-01-15T12:00:30+00:00',
    });
  });

  it.each([
    [400, 'BG40001', 'Title is invalid'],
    [401, 'BG40004', 'Unauthorised'],
    [403, 'BG40003', 'Organisation not allowed'],
    [500, 'BG50001', 'Internal error'],
    [504, 'BG50004', 'Gateway timeout'],
  ])('throws for HTTP %i, naming the status and the code', async (status, code, message) => {
    const body = error(status, code, message);
    expect(proprietorNamesErrorBodySchema.safeParse(body).success).toBe(true);
    await expect(fetchProprietorNames(answering(status, body).transport, 'AB1208001', now)).rejects.toMatchObject({
      message: `registered proprietor names of AB1208001: HTTP ${status} ${code} (${message})`,
      status,
      errorCodes: [code],
    });
  });

  it('throws for a 200 without data', async () => {
    await expect(fetchProprietorNames(answering(200, {}).transport, 'AB1208001', now)).rejects.toThrow('HTTP 200 with a body');
  });
});
