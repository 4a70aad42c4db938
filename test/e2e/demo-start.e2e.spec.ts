import { readFileSync } from 'node:fs';
import { loadDemoData } from '@pds/infra';
import { demoFile, e2eFixture } from '../support/e2e';

// What `npm start` loads into a fresh database (infra/src/demo-data.ts, every import of demo.json, as the start
// command runs it), then the operations a new user tries first answering from it: mortgage rates and inflation from
// the real Bank of England and ONS files, council tax from the real file. Expected values are the files' own, cited.

const world = e2eFixture({ caller: { credits: 1_000 } });
const said: string[] = [];
/** What /healthz says of the reference data, and its HTTP status. */
const health = async () => {
  const res = await fetch(world.url('/healthz'));
  const body = (await res.json()) as {
    referenceData: { status: string; imports: Array<{ dataset: string; state: string; requestedBy: string; firstVersion: boolean }> };
  };
  return { http: res.status, ...body.referenceData };
};
/** A postcode of the right form that no dataset holds: 404 once the data is in. */
const nowhere = '/postcodes/ZZ99%209ZZ';
const demoImports = () => (JSON.parse(readFileSync(demoFile('demo.json'), 'utf8')) as { imports: Array<{ dataset: string }> }).imports;

describe('while the demo data is on its way', () => {
  it('is healthy and says so at /healthz, and an answer that needs reference data is a 503 saying why until it is in', async () => {
    expect(await health()).toEqual({ http: 200, status: 'ready', imports: [] });
    expect((await world.caller.get(nowhere)).body.error.code).toBe('POSTCODE_NOT_FOUND');

    const loading = loadDemoData(world.databaseUrl, (line) => said.push(line));
    let seen = await health();
    for (const deadline = Date.now() + 30_000; seen.status !== 'loading' && Date.now() < deadline;) seen = await health();
    const asked = await world.caller.get(nowhere);
    await loading;

    // Every dataset of the plan is queued from the start (the last one is still waiting when the first is seen),
    // for the demo data, each a first version; health never waits for them.
    const last = demoImports().at(-1)!.dataset;
    expect(seen).toMatchObject({ http: 200, status: 'loading' });
    expect(seen.imports).toContainEqual({
      dataset: last,
      state: 'queued',
      requestedBy: 'npm start (demo data)',
      firstVersion: true,
      percentDone: null,
      rowsRead: 0,
      since: expect.any(String),
      summary: `${last} (queued)`,
    });
    expect(seen.imports.every((i) => i.requestedBy === 'npm start (demo data)' && i.firstVersion)).toBe(true);
    // The lookup would have been a 404 (no dataset holds the postcode yet): it says why it cannot answer, free.
    expect(asked.status).toBe(503);
    expect(asked.headers.get('retry-after')).toBe('10');
    expect(asked.headers.get('x-credits-charged')).toBe('0');
    expect(asked.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(asked.body.error.message).toMatch(
      new RegExp(`^Reference data is still arriving: the first version of .*\\b${last} \\(queued\\)`),
    );
    expect(asked.body.error.details).toMatch(/^Until then, this call answers POSTCODE_NOT_FOUND: /);

    // Once in: ready, nothing under way, and the same lookup a 404 again.
    expect(await health()).toEqual({ http: 200, status: 'ready', imports: [] });
    expect((await world.caller.get(nowhere)).body.error.code).toBe('POSTCODE_NOT_FOUND');
  }, 600_000);
});

describe('a fresh start with the demo data', () => {
  it('imports every dataset demo.json names, rejecting nothing', () => {
    const imports = demoImports();
    const summaries = said.filter((l) => l.trim().startsWith('{')).map((l) => JSON.parse(l) as { dataset: string; rejected: number });
    expect(summaries.map((s) => s.dataset)).toEqual(imports.map((i) => i.dataset));
    expect(summaries.filter((s) => s.rejected > 0)).toEqual([]);
  });

  it('answers mortgage rates from the Bank of England files: the 2-year fixed at 75% LTV for August 2026, and for January 1995', async () => {
    // boe_iadb_monthly_IUMBV34_IUMBV37_IUMBV42_IUMTLMV_2025-2026.csv, its `31 Aug 2026` row: IUMBV34 4.92;
    // boe_quoted_2yr_fixed_95_90_75ltv_monthly_1995-2020_richardgill.csv, `31 Jan 95`: IUMBV34 (its last column) 8.13.
    const expected = { '2026-08': 4.92, '1995-01': 8.13 };
    for (const [month, rate] of Object.entries(expected)) {
      const r = await world.caller.paying(1).get('/market/mortgage-rates', { products: 'two-year-fixed-75-ltv', from: month, to: month });
      expect(r.status).toBe(200);
      expect(r.body.data.products[0].months).toEqual([{ month, ratePercent: rate }]);
      expect(r.body.sources[0].attribution).toContain('Bank of England');
    }
  });

  it('answers inflation from the ONS files: the CPI annual rate and index', async () => {
    // ons_D7G7_cpi_annual_rate_mm23_release-2026-08-19.csv `"2026 JUL","2.9"`; ons_D7BT_cpi_index_…-09-16.csv `"2026 JUL","142.9"`.
    const r = await world.caller.paying(1).get('/market/inflation', { from: '2026-07', to: '2026-07' });
    expect(r.status).toBe(200);
    expect(r.body.data.months[0]).toMatchObject({ month: '2026-07', cpi: { annualRatePercent: 2.9, index: 142.9 } });
    expect(r.body.sources[0].attribution).toContain('Office for National Statistics');
  });

  it('answers council tax for a demo address', async () => {
    const r = await world.caller.paying(2).get('/property/council-tax', { address: '60 Western Elms Avenue', postcode: 'RG30 2AN' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ billingAuthority: { name: 'Reading' }, bandD: 2612.77, property: { placed: true } });
    expect(r.body.data.estimatedBand).not.toBeNull();
  });
});
