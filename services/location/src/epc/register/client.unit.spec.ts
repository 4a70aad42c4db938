import { EpcRegisterClient } from './client';
import { RegisterFailure } from './responses';

// The adapter's rules for trying again, over a scripted fetch and a clock the test moves: bounded attempts, never past
// the lookup's deadline, Retry-After honoured only when it ends in time, no retry of a refusal or an unreadable answer.

type Scripted = { status: number; body: unknown; headers?: Record<string, string> } | 'timeout';

const row = (n: number) => ({
  addressLine1: `${n} Oxford Road`,
  uprn: 990000000000 + n,
  certificateNumber: `0000-0000-0000-0000-000${n}`,
  currentEnergyEfficiencyBand: 'D',
  postcode: 'RG30 1AB',
  registrationDate: '2020-05-04',
});
const page = (rows: unknown[], currentPage = 1, totalPages = 1) => ({
  status: 200,
  body: {
    data: rows,
    pagination: {
      totalRecords: rows.length,
      currentPage,
      totalPages,
      nextPage: currentPage < totalPages ? currentPage + 1 : null,
      prevPage: null,
      pageSize: 5000,
    },
  },
});

const setUp = (script: Scripted[]) => {
  let nowMs = 0;
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const slept: number[] = [];
  const client = new EpcRegisterClient({
    baseUrl: 'https://register.test/',
    token: 'secret-token',
    attemptTimeoutMs: 1_000,
    maxAttempts: 3,
    retryPauseMs: 100,
    now: () => nowMs,
    sleep: async (ms) => {
      slept.push(ms);
      nowMs += ms;
    },
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, authorization: new Headers(init.headers).get('authorization') });
      const next = script.shift();
      if (next === undefined) throw new Error('no more answers scripted');
      if (next === 'timeout') {
        nowMs += 1_000;
        throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
      }
      return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
        status: next.status,
        headers: next.headers,
      });
    }) as typeof fetch,
  });
  return { client, calls, slept };
};

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegisterFailure) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
};

describe('the register client', () => {
  it('asks with our bearer token, by UPRN, for the largest page', async () => {
    const { client, calls } = setUp([page([row(1)])]);
    const rows = await client.searchDomestic({ uprn: '990000000001' }, 3_500);
    expect(rows.map((r) => r.certificateNumber)).toEqual(['0000-0000-0000-0000-0001']);
    expect(calls).toEqual([
      {
        url: 'https://register.test/api/domestic/search?uprn=990000000001&current_page=1&page_size=5000',
        authorization: 'Bearer secret-token',
      },
    ]);
  });

  it('reads the next page while there is one', async () => {
    const { client, calls } = setUp([page([row(1)], 1, 2), page([row(2)], 2, 2)]);
    expect((await client.searchDomestic({ postcode: 'RG30 1AB' }, 3_500)).length).toBe(2);
    expect(calls[1]!.url).toBe('https://register.test/api/domestic/search?postcode=RG30+1AB&current_page=2&page_size=5000');
  });

  it('tries again after a 500, pausing 100 ms, and answers', async () => {
    const { client, calls, slept } = setUp([{ status: 500, body: { errors: [{ code: 'boom' }] } }, page([row(1)])]);
    expect((await client.searchDomestic({ uprn: '1' }, 3_500)).length).toBe(1);
    expect([calls.length, slept]).toEqual([2, [100]]);
  });

  it('gives up after three attempts (pauses 100 then 200 ms), saying what the register said', async () => {
    const error = { status: 500, body: { errors: [{ code: 'boom' }] } };
    const { client, calls, slept } = setUp([error, error, error]);
    expect(await failureOf(client.searchDomestic({ uprn: '1' }, 3_500))).toEqual({ kind: 'server_error', message: 'HTTP 500: boom' });
    expect([calls.length, slept]).toEqual([3, [100, 200]]);
  });

  it('waits out a 429 whose Retry-After ends before the deadline', async () => {
    const { client, slept } = setUp([{ status: 429, body: {}, headers: { 'retry-after': '2' } }, page([row(1)])]);
    expect((await client.searchDomestic({ uprn: '1' }, 3_500)).length).toBe(1);
    expect(slept).toEqual([2_000]);
  });

  it('gives up at once on a 429 whose Retry-After ends after the deadline', async () => {
    const { client, calls } = setUp([{ status: 429, body: {}, headers: { 'retry-after': '60' } }]);
    expect((await failureOf(client.searchDomestic({ uprn: '1' }, 3_500))).kind).toBe('rate_limited');
    expect(calls.length).toBe(1);
  });

  it('never tries a refused token, a refused query or an unreadable answer again', async () => {
    for (const [answer, kind] of [
      [{ status: 401, body: { errors: [{ code: 'UNAUTHORISED' }] } }, 'unauthorized'],
      [{ status: 400, body: { error: 'The search query was invalid - please provide a valid postcode' } }, 'refused'],
      [{ status: 200, body: '{"data": [' }, 'malformed'],
    ] as const) {
      const { client, calls } = setUp([answer]);
      expect((await failureOf(client.searchDomestic({ uprn: '1' }, 3_500))).kind).toBe(kind);
      expect(calls.length).toBe(1);
    }
  });

  it('stops at the deadline: no attempt starts after it', async () => {
    // Attempts at 0 and 1.1 s time out after 1 s each; the third starts at 2.3 s (after pauses of 100 and 200 ms) with
    // only the 200 ms left of the 2.5 s budget as its timeout.
    const { client, calls } = setUp(['timeout', 'timeout', 'timeout']);
    expect(await failureOf(client.searchDomestic({ uprn: '1' }, 2_500))).toEqual({ kind: 'timeout', message: 'no answer within 200 ms' });
    expect(calls.length).toBe(3);
    const { client: late, calls: none } = setUp([]);
    expect((await failureOf(late.certificate('0000-0000-0000-0000-0001', 0))).kind).toBe('timeout');
    expect(none.length).toBe(0);
  });

  it('answers null for a certificate the register does not have', async () => {
    const { client, calls } = setUp([{ status: 404, body: { error: 'Certificate not found' } }]);
    expect(await client.certificate('0000-0000-0000-0000-0009', 3_500)).toBeNull();
    expect(calls[0]!.url).toBe('https://register.test/api/certificate?certificate_number=0000-0000-0000-0000-0009');
  });
});
