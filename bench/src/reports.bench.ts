// `npm run bench:reports`: Property Reports through the whole stack over the demo region. Property packs of real
// RG30/RG31 addresses that have sold (so each can be valued), REPORTS of them (default 40), 4 in flight (a new one
// requested as each completes), each timed from its request to its status reading `completed` (polled every 50 ms).
// Prints p50, p99, min and max, throughput, the PDFs' sizes and pages, where the time went (assembling, rendering,
// from the events' times), and the credits charged (90 each).
import { loadDemo, runThroughStack } from './through-stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const reports = Number(process.env.REPORTS ?? 40);
const inFlight = 4;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

runThroughStack(log, async ({ databaseUrl, gatewayUrl, db, apiKey }) => {
  log('loading the demo region:');
  await loadDemo(log, databaseUrl);
  await db.query('SELECT setseed(0.2026)');
  // Addresses with a sale since 2015 (matched by postcode and house number), so that the valuation can be made.
  const subjects = (
    await db.query<{ uprn: string }>(
      `SELECT DISTINCT ON (a.uprn) a.uprn::text AS uprn FROM addresses a
           JOIN ppd_sales s ON s.postcode = a.postcode AND s.paon = a.building_number::text
          WHERE s.transfer_date >= '2015-01-01' ORDER BY a.uprn, random() LIMIT 200`,
    )
  ).rows.map((r) => r.uprn);
  if (subjects.length === 0) throw new Error('no demo address with a sale to value');
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${gatewayUrl}/api/v1${path}`, { ...init, headers: { ...headers, ...init.headers } });

  const runOne = async (i: number) => {
    const started = performance.now();
    const body = {
      type: 'property-pack',
      subject: { uprn: subjects[i % subjects.length] },
      branding: { companyName: 'Benchmark Estates' },
    };
    const placed = await api('/reports', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'idempotency-key': `bench-${Date.now()}-${i}` },
    });
    if (placed.status !== 202) throw new Error(`request ${i}: ${placed.status} ${await placed.text()}`);
    const { reportId } = ((await placed.json()) as { data: { reportId: string } }).data;
    for (;;) {
      const status = (
        (await (await api(`/reports/${reportId}`)).json()) as {
          data: { status: string; document: { sizeBytes: number; pages: number } | null };
        }
      ).data;
      if (status.status === 'completed' || status.status === 'failed')
        return { reportId, ms: performance.now() - started, status: status.status, document: status.document };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  log(`\n${reports} property packs, ${inFlight} in flight:`);
  const results: Array<Awaited<ReturnType<typeof runOne>>> = [];
  let next = 0;
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < reports) results.push(await runOne(next++));
    }),
  );
  const wallS = (performance.now() - wall) / 1000;
  const completed = results.filter((r) => r.status === 'completed');
  const ms = completed.map((r) => r.ms).sort((a, b) => a - b);
  const sizes = completed.map((r) => r.document!.sizeBytes).sort((a, b) => a - b);
  const pages = completed.map((r) => r.document!.pages).sort((a, b) => a - b);
  log(`  completed ${completed.length} of ${results.length} (failed: ${results.length - completed.length})`);
  log(
    `  request → completed: p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms, min ${Math.round(ms[0]!)} ms, max ${Math.round(ms.at(-1)!)} ms`,
  );
  log(`  throughput: ${(completed.length / wallS).toFixed(2)} reports/s over ${wallS.toFixed(1)} s`);
  log(`  PDF size: min ${sizes[0]} B, median ${percentile(sizes, 50)} B, max ${sizes.at(-1)} B; pages ${pages[0]}–${pages.at(-1)}`);

  // Where the time went, from each report's events: request → all sections settled → rendered.
  const split = (
    await db.query<{ assembling_ms: number; rendering_ms: number }>(
      `SELECT extract(epoch FROM max(recorded_at) FILTER (WHERE type = 'RenderingStarted') - min(recorded_at)) * 1000 AS assembling_ms,
                extract(epoch FROM max(recorded_at) FILTER (WHERE type = 'ReportRendered') - max(recorded_at) FILTER (WHERE type = 'RenderingStarted')) * 1000 AS rendering_ms
           FROM events WHERE category = 'report' AND stream_id = ANY($1) GROUP BY stream_id`,
      [completed.map((r) => `report-${r.reportId}`)],
    )
  ).rows;
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  log(
    `  median assembling ${Math.round(median(split.map((s) => Number(s.assembling_ms))))} ms, rendering ${Math.round(median(split.map((s) => Number(s.rendering_ms))))} ms`,
  );
  // Sections retried or left out, by section and code: what a pack waited for, and what it went without.
  const setbacks = (
    await db.query<{ type: string; section: string; code: string; n: number }>(
      `SELECT type, data->>'section' AS section, data->>'code' AS code, count(*)::int AS n FROM events
          WHERE category = 'report' AND type IN ('SectionAttemptFailed', 'SectionUnavailable') GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    )
  ).rows;
  for (const s of setbacks) log(`  ${s.type === 'SectionAttemptFailed' ? 'retried' : 'unavailable'}: ${s.section} ${s.code} × ${s.n}`);
  const balance = (await (await api('/reports?limit=1')).headers.get('x-credits-remaining')) ?? '?';
  log(`  credits charged: ${10_000_000 - Number(balance)} (90 × ${completed.length} = ${90 * completed.length})`);
});
