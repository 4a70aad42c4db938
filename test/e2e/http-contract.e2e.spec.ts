import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { e2eFixture } from '../support/e2e';

// The HTTP contract at its edges, over the real stack: what every request gets whatever the operation. Each case was
// found answering wrongly in review (a 500, a charge for a HEAD, a 400 before the key was checked, an HTML error
// page); the expectation beside each is the specification's envelope and code, with what it charged.

const world = e2eFixture({ caller: { credits: 10_000 } });

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

const send = async (
  method: string,
  path: string,
  options: { key?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const res = await fetch(world.url(`/api/v1${path}`), {
    method,
    headers: { ...(options.key ? { 'x-api-key': options.key } : {}), ...options.headers },
    body: options.body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
};

const charged = (r: Answer) => r.headers.get('x-credits-charged');
const remaining = () => world.caller.balance();
const calculator = (query: string) => `/property/renovation-uplift-calculator?${query}`;

/** The envelope, the code, `X-Credits-Charged: 0`, and for a known caller the balance and rate-limit headers. */
const expectRefusal = (r: Answer, status: number, code: string, known = true) => {
  expect([r.status, r.body?.success, r.body?.error?.code, charged(r)]).toEqual([status, false, code, '0']);
  expect(typeof r.body.error.message).toBe('string');
  if (known) {
    expect(r.headers.get('x-credits-remaining')).toMatch(/^\d+$/);
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
  } else {
    expect(r.headers.get('x-credits-remaining')).toBeNull();
  }
};

describe('the calculator never answers 500 for inputs it accepts', () => {
  it.each([
    // 1e12 / 1e-300 is beyond any double: an infinite price per m².
    ['value=1e12&floorArea=1e-300', 'INVALID_FLOOR_AREA'],
    // 1e12 / 1 × 10,000 m² is an extension worth 1e16 pounds, above 2^53.
    ['value=1000000000000&floorArea=1&extensionArea=10000', 'INVALID_EXTENSION_AREA'],
  ])('%s is a 400 %s naming the parameter, and charges nothing', async (query, code) => {
    const before = await remaining();
    const r = await send('GET', calculator(query), { key: world.caller.apiKey });
    expectRefusal(r, 400, code);
    expect(r.body.error.details).toMatch(code === 'INVALID_FLOOR_AREA' ? /^floorArea: / : /^extensionArea: /);
    expect(await remaining()).toBe(before);
  });
});

describe('methods', () => {
  it('answers HEAD on a chargeable GET with 405 and Allow, running and charging nothing', async () => {
    const before = await remaining();
    for (const path of [calculator('value=250000&floorArea=100'), '/land-registry/titles/BK509231']) {
      const r = await send('HEAD', path, { key: world.caller.apiKey });
      expect([r.status, r.headers.get('allow'), charged(r)]).toEqual([405, 'GET', '0']);
    }
    expect(await remaining()).toBe(before);
  });

  it('answers other methods on a documented path with 405 and Allow, not 404', async () => {
    for (const [method, path, allow] of <Array<[string, string, string]>>[
      ['PUT', calculator('value=1&floorArea=1'), 'GET'],
      ['DELETE', '/land-registry/title-orders', 'POST'],
      ['PATCH', '/land-registry/titles/BK509231', 'GET'],
      ['GET', '/land-registry/title-matches', 'POST'],
    ]) {
      const r = await send(method, path, { key: world.caller.apiKey });
      expectRefusal(r, 405, 'METHOD_NOT_ALLOWED');
      expect(r.headers.get('allow')).toBe(allow);
    }
  });
});

describe('conditional requests', () => {
  /** Sent by node:http exactly as written: fetch adds `Cache-Control: no-cache` to a request with If-None-Match. */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
      const url = new URL(world.url(`/api/v1${path}`));
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject).end();
    });

  it('answers a charged call in full every time: no ETag to revalidate, and never 304 (which would charge for no answer)', async () => {
    const before = await remaining();
    const path = calculator('value=250000&floorArea=100');
    const first = await rawGet(path, { 'x-api-key': world.caller.apiKey });
    expect([first.status, first.body?.success, first.headers['etag']]).toEqual([200, true, undefined]);
    const cost = Number(first.headers['x-credits-charged']);
    expect(cost).toBeGreaterThan(0);
    for (const conditional of <Array<Record<string, string>>>[
      { 'if-none-match': '*' },
      { 'if-modified-since': new Date().toUTCString() },
    ]) {
      const again = await rawGet(path, { 'x-api-key': world.caller.apiKey, ...conditional });
      expect([again.status, again.body?.success, again.body?.data, again.headers['x-credits-charged']]).toEqual([
        200,
        true,
        first.body.data,
        String(cost),
      ]);
    }
    expect(await remaining()).toBe(before - 3 * cost);
  });
});

describe('authentication comes first', () => {
  it('answers 401 to a request without a valid key, whatever its body', async () => {
    const json = { 'content-type': 'application/json' };
    for (const key of [undefined, 'pds_live_not-a-key']) {
      expectRefusal(
        await send('POST', '/land-registry/title-matches', { key, body: '{not json', headers: json }),
        401,
        'UNAUTHORIZED',
        false,
      );
      expectRefusal(
        await send('POST', '/land-registry/title-matches', { key, body: 'x'.repeat(200_000), headers: json }),
        401,
        'UNAUTHORIZED',
        false,
      );
      expectRefusal(
        await send('POST', '/land-registry/title-matches', {
          key,
          body: '{}',
          headers: { 'content-type': 'application/json; charset=latin1' },
        }),
        401,
        'UNAUTHORIZED',
        false,
      );
    }
  });

  it('answers an unknown path 404 with the billing and rate-limit headers for a known caller, and 401 without a key', async () => {
    expectRefusal(await send('GET', '/no/such/thing', { key: world.caller.apiKey }), 404, 'NOT_FOUND');
    expectRefusal(await send('GET', '/no/such/thing'), 401, 'UNAUTHORIZED', false);
  });
});

describe('requests that cannot be read', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses a body that is not JSON (400), too large (413), in another charset or an unknown encoding (415), with the headers', async () => {
    expectRefusal(
      await send('POST', '/land-registry/title-matches', { key: world.caller.apiKey, body: '{not json', headers: json }),
      400,
      'INVALID_PARAMETERS',
    );
    expectRefusal(
      await send('POST', '/land-registry/title-matches', {
        key: world.caller.apiKey,
        body: JSON.stringify({ address: 'x'.repeat(200_000) }),
        headers: json,
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const latin1 = await send('POST', '/land-registry/title-matches', {
      key: world.caller.apiKey,
      body: '{}',
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expectRefusal(latin1, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const compress = await send('POST', '/land-registry/title-matches', {
      key: world.caller.apiKey,
      body: '{}',
      headers: { ...json, 'content-encoding': 'compress' },
    });
    expectRefusal(compress, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const corrupt = await send('POST', '/land-registry/title-matches', {
      key: world.caller.apiKey,
      body: Buffer.from('not gzip'),
      headers: { ...json, 'content-encoding': 'gzip' },
    });
    expectRefusal(corrupt, 400, 'INVALID_PARAMETERS');
  });

  it('reads a gzip body as it reads a plain one', async () => {
    const r = await send('POST', '/land-registry/test-register-extraction', {
      key: world.caller.apiKey,
      body: gzipSync('{}'),
      headers: { ...json, 'content-encoding': 'gzip' },
    });
    expect([r.status, r.body.data.document.type]).toEqual([200, 'synthetic_test_register']);
  });

  it('says a path that is not valid percent-encoding is just that', async () => {
    const r = await send('GET', '/land-registry/titles/%E0%A4%A', { key: world.caller.apiKey });
    expectRefusal(r, 400, 'INVALID_PARAMETERS');
    expect(r.body.error.message).toMatch(/percent-encoding/);
    expect(r.body.error.message).not.toMatch(/JSON/);
  });

  it('answers headers over the limit with the envelope', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(
        world.url('/api/v1/property/renovation-uplift-calculator'),
        { headers: { 'x-api-key': world.caller.apiKey, 'x-padding': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect([answer.status, answer.headers['x-credits-charged'], JSON.parse(answer.body).error.code]).toEqual([
      431,
      '0',
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
    ]);
  });
});

describe('the operator API', () => {
  it('checks its token before it reads a body, and answers every error as JSON', async () => {
    const admin = (path: string, init: RequestInit) =>
      fetch(`${world.stack.adminUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const malformed = await admin('/admin/v1/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect([malformed.status, malformed.headers.get('content-type')]).toEqual([401, expect.stringContaining('application/json')]);
    const token = world.adminToken;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const withToken = await admin('/admin/v1/accounts', { method: 'POST', headers: auth, body: '{not json' });
    const text = await withToken.text();
    expect([withToken.status, withToken.headers.get('content-type')]).toEqual([400, expect.stringContaining('application/json')]);
    expect(JSON.parse(text).error.code).toBe('INVALID_PARAMETERS');
    // No stack trace, no file paths: that was express's HTML error page.
    expect(text).not.toMatch(/<html|\/work\/|node_modules|at /i);
    const unknown = await admin('/admin/v1/nothing', { headers: auth });
    expect([unknown.status, ((await unknown.json()) as any).error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('land registry inputs', () => {
  it('refuses a whitespace-only address or postcode with 400, charging nothing', async () => {
    const before = await remaining();
    const json = { 'content-type': 'application/json' };
    for (const body of [
      { address: '   ', postcode: 'RG40 9ZZ' },
      { address: '14 Larkspur Close', postcode: '      ' },
    ]) {
      const r = await send('POST', '/land-registry/title-matches', { key: world.caller.apiKey, body: JSON.stringify(body), headers: json });
      expectRefusal(r, 400, 'INVALID_PARAMETERS');
    }
    expect(await remaining()).toBe(before);
  });

  it('normalises a title number once: spaces go and letters are upper-cased', async () => {
    const r = await send('GET', `/land-registry/titles/${encodeURIComponent(' bk 509231 ')}`, { key: world.caller.apiKey });
    expect([r.status, r.body.data.title.titleNumber, charged(r)]).toEqual([200, 'BK509231', '25']);
  });

  it('says "Retry after" once in a delay, with Retry-After, and "charged" once when the registry fails', async () => {
    await world.registry.setFaults([{ operation: 'describe', mode: 'delay', retryAfterSeconds: 90 }]);
    const delayed = await send('GET', '/land-registry/titles/BK509231', { key: world.caller.apiKey });
    expectRefusal(delayed, 503, 'LAND_REGISTRY_DELAYED');
    expect(delayed.body.error.message.match(/retry after/gi)).toHaveLength(1);
    expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThanOrEqual(89);

    await world.stack.kill('registry-simulator');
    try {
      const failed = await send('GET', '/land-registry/titles/BK509231', { key: world.caller.apiKey });
      expectRefusal(failed, 502, 'LAND_REGISTRY_ERROR');
      expect(failed.body.error.message.match(/charged/gi)).toHaveLength(1);
    } finally {
      await world.stack.startRegistrySimulator();
    }
  });
});

describe('declarations', () => {
  it('answered with no error code an operation does not declare', () => {
    expect(world.stack.logOf('gateway')).not.toContain('undeclared error code');
  });
});
