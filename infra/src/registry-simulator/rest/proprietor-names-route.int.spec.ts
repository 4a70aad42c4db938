import { businessGateway } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';
import express from 'express';
import { listen, type RunningSimulator } from '../../simulator-kit/listen';
import { registryFaultBook } from '../faults';
import { restRoutes } from './rest-routes';

const { BusinessGatewayTransport, fetchProprietorNames, proprietorNamesBodySchema, proprietorNamesErrorBodySchema } = businessGateway;

// Registered Proprietor Names as the registry test environment answers it, over HTTP on a free port, read by the
// project's reader through the transport that reaches HM Land Registry; every answer checked against the zod schemas
// written from the published OpenAPI. The stub titles' answers are those the test service's page lists.

const account = { username: 'BGUser001', password: 'landreg001' };
let businessNow = new Date('2026-05-12T10:00:00Z'); // 11:00 in London
const faults = registryFaultBook();
let server: RunningSimulator;
let transport: businessGateway.BusinessGatewayTransport;

beforeAll(async () => {
  const app = express();
  app.use(
    restRoutes({ clock: { now: () => businessNow }, logger: createLogger('registry-simulator', 'silent'), faults, accounts: [account] }),
  );
  server = await listen(app, { port: 0, host: '127.0.0.1' });
  transport = new BusinessGatewayTransport({ environment: 'test', rootUrl: server.url, credentials: account });
});
afterAll(() => server.close());
beforeEach(() => {
  businessNow = new Date('2026-05-12T10:00:00Z');
  faults.clear();
});

const get = async (titleNumber: string, auth = account) => {
  const res = await fetch(`${server.url}/bg2test/api/v1/titles/${titleNumber}/registered-proprietor-names`, {
    headers: { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
};

const found = async (titleNumber: string) => {
  expect(proprietorNamesBodySchema.safeParse((await get(titleNumber)).body).success).toBe(true);
  const answer = await fetchProprietorNames(transport, titleNumber, businessNow);
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
    expect(await fetchProprietorNames(transport, 'CD1208001', businessNow)).toEqual({ kind: 'not-found' });
    expect(await fetchProprietorNames(transport, 'CD1208007', businessNow)).toEqual({
      kind: 'rate-limited',
      retryAfter: '2026-05-12T11:01:00+01:00',
    });
    await expect(fetchProprietorNames(transport, 'CD1208005', businessNow)).rejects.toMatchObject({ status: 403, errorCodes: ['BG40003'] });
    await expect(fetchProprietorNames(transport, 'ABCDF3438P', businessNow)).rejects.toMatchObject({
      status: 400,
      errorCodes: ['BG40001'],
    });
  });

  it('is closed from 23:00 to 06:30 London time by the environment clock', async () => {
    businessNow = new Date('2026-05-12T22:00:00Z'); // 23:00 in London
    expect((await get('AB1208001')).status).toBe(423);
    expect(await fetchProprietorNames(transport, 'AB1208001', businessNow)).toEqual({
      kind: 'out-of-hours',
      opensAt: '2026-05-13T06:30:00+01:00',
    });
    businessNow = new Date('2026-05-13T05:29:00Z'); // 06:29
    expect((await get('AB1208001')).status).toBe(423);
    businessNow = new Date('2026-05-13T05:30:00Z'); // 06:30
    expect((await get('AB1208001')).status).toBe(200);
  });

  it('answers 503 BG50002 with Retry-After while a describe delay fault holds', async () => {
    faults.replace([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 45, times: 1 }]);
    const raw = await get('AB1208002');
    expect([raw.status, raw.headers.get('retry-after')]).toEqual([503, '45']);
    expect(proprietorNamesErrorBodySchema.parse(raw.body).errors?.map((e) => e.error_code)).toEqual(['BG50002']);
    faults.replace([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 45, times: 1 }]);
    expect(await fetchProprietorNames(transport, 'AB1208002', businessNow)).toEqual({
      kind: 'delayed',
      retryAfter: '2026-05-12T11:00:45+01:00',
    });
    expect((await fetchProprietorNames(transport, 'AB1208002', businessNow)).kind).toBe('found');
  });
});
