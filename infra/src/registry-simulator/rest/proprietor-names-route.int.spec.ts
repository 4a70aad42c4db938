import { businessGateway } from '@pds/land-register';
import { registryTestEnvironment } from '../../../../test/support/registry-test-environment';

const { fetchProprietorNames, proprietorNamesBodySchema, proprietorNamesErrorBodySchema } = businessGateway;

// Registered Proprietor Names as the registry test environment answers it, over HTTP on a free port, read by the
// project's reader through the env.transport that reaches HM Land Registry; every answer checked against the zod schemas
// written from the published OpenAPI. The stub titles' answers are those the test service's page lists.

const env = registryTestEnvironment();
const { account } = env;

const get = (titleNumber: string, auth = account) => env.get(`/bg2test/api/v1/titles/${titleNumber}/registered-proprietor-names`, auth);

const found = async (titleNumber: string) => {
  expect(proprietorNamesBodySchema.safeParse((await get(titleNumber)).body).success).toBe(true);
  const answer = await fetchProprietorNames(env.transport, titleNumber, env.now);
  if (answer.kind !== 'found') throw new Error(`${titleNumber}: ${answer.kind}`);
  return answer.value;
};

const joe = { kind: 'individual', name: 'Mr Joe Bloggs OBE', title: 'Mr', forenames: 'Joe', surname: 'Bloggs', decoration: 'OBE' };

describe('registered proprietor names', () => {
  it.each([
    ['AB1208001', [{ ...joe, sequence: 1 }]],
    [
      'AB1208002',
      [
        { ...joe, sequence: 1 },
        {
          kind: 'individual',
          sequence: 2,
          name: 'Mrs Elizabeth Anne Smith OBE',
          title: 'Mrs',
          forenames: 'Elizabeth Anne',
          surname: 'Smith',
          decoration: 'OBE',
        },
      ],
    ],
    [
      'AB1208003',
      [
        { ...joe, sequence: 1 },
        { kind: 'organisation', sequence: 2, name: 'csda plc', organisationType: 'CORPORATE_BODY', companyLocation: 'ENGLAND_OR_WALES' },
      ],
    ],
    [
      'AB1208004',
      [{ kind: 'organisation', sequence: 1, name: 'beach towels plc', organisationType: 'CORPORATE_BODY', companyLocation: 'OVERSEAS' }],
    ],
    [
      'AB1208005',
      [
        {
          kind: 'organisation',
          sequence: 1,
          name: 'new town care',
          organisationType: 'LOCAL_AUTHORITY',
          companyLocation: 'ENGLAND_OR_WALES',
        },
      ],
    ],
  ])('names the proprietors of the stub title %s', async (titleNumber, proprietors) => {
    expect(await found(titleNumber)).toEqual({ titleNumber, status: 'VALID', continuedUnderTitleNumber: null, proprietors });
  });

  it.each([
    ['DT501578', 'CLOSED_OR_CANCELLED', null],
    ['GR519468', 'CLOSED_AND_CONTINUED', 'EF1208001'],
    ['GR514443', 'PENDING_NEW_TITLE', null],
    ['WSX118204', 'CLOSED_AND_CONTINUED', 'WSX402781'],
  ])('names nobody for %s, which is %s', async (titleNumber, status, continuedUnderTitleNumber) => {
    expect(await found(titleNumber)).toEqual({ titleNumber, status, continuedUnderTitleNumber, proprietors: [] });
  });

  it("names the environment's own titles' proprietors from their registers", async () => {
    expect((await found('BK509231')).proprietors).toEqual([
      {
        kind: 'individual',
        sequence: 1,
        name: 'DAVID ALAN PRESCOTT',
        title: null,
        forenames: 'DAVID ALAN',
        surname: 'PRESCOTT',
        decoration: null,
      },
      {
        kind: 'individual',
        sequence: 2,
        name: 'HANNAH MAY PRESCOTT',
        title: null,
        forenames: 'HANNAH MAY',
        surname: 'PRESCOTT',
        decoration: null,
      },
    ]);
    expect((await found('NGL402216')).proprietors).toEqual([
      {
        kind: 'organisation',
        sequence: 1,
        name: 'ELLERY ROAD ESTATES LIMITED',
        organisationType: 'LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY',
        companyLocation: 'ENGLAND_OR_WALES',
      },
    ]);
  });

  it.each([
    ['ABCDF3438P', account, 400, 'BG40001'],
    ['CD1208001', account, 404, 'BG40002'],
    ['CD1208005', account, 403, 'BG40003'],
    ['CD1208006', account, 423, 'BG50003'],
    ['CD1208007', account, 429, 'BG40006'],
    ['AB1208001', { ...account, password: 'wrong' }, 401, 'BG40004'],
  ])('answers %s with HTTP %i and the error body', async (titleNumber, auth, status, code) => {
    const raw = await get(titleNumber, auth);
    expect(raw.status).toBe(status);
    expect(proprietorNamesErrorBodySchema.parse(raw.body).errors?.map((e) => [e.error_code, e.http_status])).toEqual([
      [code, String(status)],
    ]);
  });

  it('reads the stub errors as the reader names them', async () => {
    expect(await fetchProprietorNames(env.transport, 'CD1208001', env.now)).toEqual({ kind: 'not-found' });
    expect(await fetchProprietorNames(env.transport, 'CD1208007', env.now)).toEqual({
      kind: 'rate-limited',
      retryAfter: '2026-05-12T11:01:00+01:00',
    });
    await expect(fetchProprietorNames(env.transport, 'CD1208005', env.now)).rejects.toMatchObject({ status: 403, errorCodes: ['BG40003'] });
    await expect(fetchProprietorNames(env.transport, 'ABCDF3438P', env.now)).rejects.toMatchObject({
      status: 400,
      errorCodes: ['BG40001'],
    });
  });

  it('is closed from 23:00 to 06:30 London time by the environment clock', async () => {
    env.now = new Date('2026-05-12T22:00:00Z'); // 23:00 in London
    expect((await get('AB1208001')).status).toBe(423);
    expect(await fetchProprietorNames(env.transport, 'AB1208001', env.now)).toEqual({
      kind: 'out-of-hours',
      opensAt: '2026-05-13T06:30:00+01:00',
    });
    env.now = new Date('2026-05-13T05:29:00Z'); // 06:29
    expect((await get('AB1208001')).status).toBe(423);
    env.now = new Date('2026-05-13T05:30:00Z'); // 06:30
    expect((await get('AB1208001')).status).toBe(200);
  });

  it('answers 503 BG50002 with Retry-After while a describe delay fault holds', async () => {
    await env.setFaults([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 45, times: 1 }]);
    const raw = await get('AB1208002');
    expect([raw.status, raw.headers.get('retry-after')]).toEqual([503, '45']);
    expect(proprietorNamesErrorBodySchema.parse(raw.body).errors?.map((e) => e.error_code)).toEqual(['BG50002']);
    await env.setFaults([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 45, times: 1 }]);
    expect(await fetchProprietorNames(env.transport, 'AB1208002', env.now)).toEqual({
      kind: 'delayed',
      retryAfter: '2026-05-12T11:00:45+01:00',
    });
    expect((await fetchProprietorNames(env.transport, 'AB1208002', env.now)).kind).toBe('found');
  });
});
