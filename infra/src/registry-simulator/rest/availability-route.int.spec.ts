import { businessGateway, type TitleSummary } from '@pds/land-register';
import type { RegisteredTitle } from '../titles/registered-title';
import { registeredTitles } from '../titles/dataset';
import { registryTestEnvironment } from '../../../../test/support/registry-test-environment';

const { availabilityBodySchema, availabilityErrorBodySchema, fetchDocumentAvailability, titleSummaryOf } = businessGateway;

// Business Gateway's REST services as the registry test environment answers them, over HTTP on a free port, read by
// the project's own readers through the same env.transport that reaches HM Land Registry. Every answer is checked
// against the zod schemas written from the services' published OpenAPI. The stub titles' counts were worked out by
// hand from the test service's sample answers.

/** What a title's availability must say, worked out from the title's own data rather than by the service's code. */
const summaryOf = (title: RegisteredTitle): TitleSummary => ({
  titleNumber: title.titleNumber,
  status: title.status,
  applicationsPending: title.applicationsPending,
  continuedUnderTitleNumber: title.continuedUnderTitleNumber,
  register: { available: title.status === 'open' },
  plan: { available: title.planAvailable },
  referred: title.referred.map((d) => ({ ...d, entryNumbers: [...d.entryNumbers], filedUnder: null })),
});

const env = registryTestEnvironment();
const { account } = env;

const get = (path: string, auth = account) => env.get(path, auth);
const availabilityPathOf = (t: string) => `/bg2test/api/v2/titles/${t}/official-copies/availability`;

describe('official copies document availability', () => {
  it.each([
    // title, status, pending, register, plan, backdated, [immediate, manual, unavailable], continued under
    ['DT501578', 'CLOSED', false, 'UNAVAILABLE', 'UNAVAILABLE', false, [1, 7, 4], undefined],
    ['GR514441', 'VALID', false, 'IMMEDIATE', 'UNAVAILABLE', false, [6, 4, 0], undefined],
    ['GR514442', 'VALID', false, 'IMMEDIATE', 'IMMEDIATE', false, [12, 0, 0], undefined],
    ['GR514443', 'PENDING_APPLICATIONS', true, 'IMMEDIATE', 'IMMEDIATE', true, [1, 7, 4], undefined],
    ['GR519468', 'CLOSED_AND_CONTINUED', false, 'UNAVAILABLE', 'UNAVAILABLE', false, [0, 0, 0], 'GR519470'],
  ] as const)(
    'answers the stub title %s as the test service does',
    async (title, status, pending, register, plan, backdated, counts, continued) => {
      const raw = await get(availabilityPathOf(title));
      expect(raw.status).toBe(200);
      const body = availabilityBodySchema.parse(raw.body).data;
      const count = (code: string) => body.referred_to_documents.filter((d) => d.availability_code === code).length;
      expect({
        status: body.title_status_code,
        pending: body.applications_pending,
        register: body.register.availability_code,
        plan: body.title_plan.availability_code,
        backdated: [body.register.backdated, body.title_plan.backdated],
        counts: [count('IMMEDIATE'), count('MANUAL'), count('UNAVAILABLE')],
        continued: body.continued_under_title_number,
      }).toEqual({ status, pending, register, plan, backdated: [backdated, backdated], counts, continued });
    },
  );

  it('gives the referred documents of GR514443 kept with other titles under those titles', async () => {
    const answer = await fetchDocumentAvailability(env.transport, 'GR514443');
    if (answer.kind !== 'found') throw new Error(answer.kind);
    const elsewhere = answer.availability.referred_to_documents.filter((d) => d.filed_under !== 'GR514443');
    expect(elsewhere.map((d) => `${d.type_code} ${d.filed_under}`).sort()).toEqual([
      'LEASE CL23015',
      'LEASE GR518791',
      'LEASE GR518791',
      'TRANSFER DN403117',
      'TRANSFER DN403117',
      'TRANSFER DN4035921',
    ]);
    expect(answer.availability.referred_to_documents.filter((d) => d.plan_only).map((d) => d.entry_numbers)).toEqual([['F1']]);
  });

  it.each(registeredTitles.map((t) => [t.titleNumber, t] as const))(
    "describes the environment's own title %s as its title summary does",
    async (titleNumber, title) => {
      const raw = await get(availabilityPathOf(titleNumber));
      expect(availabilityBodySchema.safeParse(raw.body).success).toBe(true);
      const answer = await fetchDocumentAvailability(env.transport, titleNumber);
      if (answer.kind !== 'found') throw new Error(answer.kind);
      const summary = summaryOf(title);
      const read = titleSummaryOf(answer.availability);
      expect(read).toEqual({ ...summary, referred: summary.referred.map((d) => ({ ...d, filedUnder: titleNumber })) });
      expect(answer.availability.register.backdated).toBe(title.status === 'open' && title.applicationsPending);
    },
  );

  it.each([
    ['a title not held', 'CD1208001', account, 404, 'BG40002'],
    ['a title number in lower case', 'gr514443', account, 400, 'BG40001'],
    ['a title number of ten characters', 'ABCDF3438P', account, 400, 'BG40001'],
    ['a wrong password', 'GR514443', { ...account, password: 'wrong' }, 401, 'BG40004'],
  ])('answers %s with %s … %i and the error body', async (_what, title, auth, status, code) => {
    const raw = await get(availabilityPathOf(title), auth);
    expect(raw.status).toBe(status);
    const errors = availabilityErrorBodySchema.parse(raw.body).errors ?? [];
    expect(errors.map((e) => ('error_code' in e ? [e.error_code, e.http_status] : []))).toEqual([[code, String(status)]]);
  });

  it('reads not found, and throws for bad credentials naming the status and code', async () => {
    expect(await fetchDocumentAvailability(env.transport, 'CD1208001')).toEqual({ kind: 'not-found' });
    const stranger = new businessGateway.BusinessGatewayTransport({
      environment: 'test',
      rootUrl: env.url,
      credentials: { ...account, password: 'x' },
    });
    await expect(fetchDocumentAvailability(stranger, 'GR514443')).rejects.toMatchObject({ status: 401, errorCodes: ['BG40004'] });
  });

  it('answers 503 BG50003 with Retry-After while a describe delay fault holds, then answers again', async () => {
    await env.setFaults([{ operation: 'describe', mode: 'delay', titleNumber: 'GR514442', retryAfterSeconds: 120, times: 2 }]);
    const raw = await get(availabilityPathOf('GR514442'));
    expect([raw.status, raw.headers.get('retry-after')]).toEqual([503, '120']);
    expect(availabilityErrorBodySchema.parse(raw.body).errors?.map((e) => ('error_code' in e ? e.error_code : e.code))).toEqual([
      'BG50003',
    ]);
    expect(await fetchDocumentAvailability(env.transport, 'GR514442', env.now)).toEqual({
      kind: 'delayed',
      status: 503,
      retryAfter: '2026-05-12T11:02:00+01:00',
    });
    expect((await fetchDocumentAvailability(env.transport, 'GR514442')).kind).toBe('found');
    expect((await get(availabilityPathOf('GR514441'))).status).toBe(200);
  });
});
