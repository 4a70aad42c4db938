import { UpstreamFailure, UpstreamHttp } from '../../upstreams/http';
import { PoliceApiClient } from './client';

// The police.uk API adapter against its documented answers (https://data.police.uk/docs/method/crime-street/): the
// docs' own example of January 2024 is the 200 body here.

const docsExample =
  '[{"category":"anti-social-behaviour","persistent_id":"","location_subtype":"","id":116208998,"location":{"latitude":"52.632805",' +
  '"street":{"id":1738842,"name":"On or near Campbell Street"},"longitude":"-1.124819"},"context":"","month":"2024-01",' +
  '"location_type":"Force","outcome_status":null},{"category":"bicycle-theft","persistent_id":' +
  '"fef00968b9b066ad38660e64f6e746eb1dfc27b22af4a023924daebfcea2ad39","location_subtype":"","id":116201252,"location":' +
  '{"latitude":"52.629043","street":{"id":1737492,"name":"On or near Roman Street"},"longitude":"-1.148962"},"context":"",' +
  '"month":"2024-01","location_type":"Force","outcome_status":{"category":"Investigation complete; no suspect identified","date":"2024-01"}}]';

const ring: Array<[number, number]> = [
  [52.64, -1.15],
  [52.64, -1.12],
  [52.62, -1.12],
];

const clientWith = (answers: Array<() => Response>) => {
  const seen: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    seen.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as unknown as typeof globalThis.fetch;
  const http = new UpstreamHttp({ attemptTimeoutMs: 1_000, maxAttempts: 3, retryPauseMs: 1 }, { fetch, sleep: async () => {} });
  return { client: new PoliceApiClient('https://data.police.uk/api/', http), seen };
};

describe('the police.uk API adapter', () => {
  it('POSTs the polygon and month form-encoded, and reads the documented crimes', async () => {
    const { client, seen } = clientWith([() => new Response(docsExample, { status: 200 })]);
    const crimes = await client.crimesInPolygon(ring, '2024-01', Date.now() + 5_000);
    expect(crimes.map((c) => [c.category, c.location.latitude, c.outcome_status?.category ?? null])).toEqual([
      ['anti-social-behaviour', '52.632805', null],
      ['bicycle-theft', '52.629043', 'Investigation complete; no suspect identified'],
    ]);
    expect(seen[0]?.url).toBe('https://data.police.uk/api/crimes-street/all-crime');
    expect(seen[0]?.init?.method).toBe('POST');
    expect(String(seen[0]?.init?.body)).toBe('poly=52.640000%2C-1.150000%3A52.640000%2C-1.120000%3A52.620000%2C-1.120000&date=2024-01');
  });

  it('takes 503 (more than 10,000 crimes in the area) as a refusal, not asked again', async () => {
    const { client, seen } = clientWith([() => new Response('', { status: 503 })]);
    await expect(client.crimesInPolygon(ring, '2024-01', Date.now() + 5_000)).rejects.toMatchObject({ kind: 'refused' });
    expect(seen).toHaveLength(1);
  });

  it('asks again after a 429 or a 500, within its attempts', async () => {
    const { client, seen } = clientWith([
      () => new Response('', { status: 429, headers: { 'retry-after': '0' } }),
      () => new Response('oops', { status: 500 }),
      () => new Response('[]', { status: 200 }),
    ]);
    expect(await client.crimesInPolygon(ring, '2024-01', Date.now() + 5_000)).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it('takes an answer that is not the documented shape as a failure, never as no crime', async () => {
    for (const body of ['[{"category":', '{"crimes":[]}', '[{"category":"burglary"}]']) {
      const { client } = clientWith([() => new Response(body, { status: 200 })]);
      const failure = await client.crimesInPolygon(ring, '2024-01', Date.now() + 5_000).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(UpstreamFailure);
      expect((failure as UpstreamFailure).kind).toBe('malformed');
    }
  });

  it('reads the month of the latest data from crime-last-updated', async () => {
    const { client, seen } = clientWith([() => new Response('{"date":"2026-09-01"}', { status: 200 })]);
    expect(await client.latestMonth(Date.now() + 5_000)).toBe('2026-09');
    expect(seen[0]?.url).toBe('https://data.police.uk/api/crime-last-updated');
  });
});
