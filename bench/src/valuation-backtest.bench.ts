// `npm run bench:valuation`: the valuation's accuracy, measured, not claimed. Every standard (category A) sale of the
// demo region's real Price Paid files (HM Land Registry, RG30 and RG31) from 2016 to 2023 is valued by the service's
// own valuation code as on the day before it was sold (`asOf`), so that neither the sale nor anything after it is
// known, and the estimate is compared with the price paid. Printed: how many could be valued, the median absolute
// percentage error, the shares within 10% and 20%, how often the price fell inside the 80% range, and all of these by
// confidence score and by the evidence used (calibration.ts is set from the last column, evidence kind by kind).
//
// Runs: Price Paid alone (all real data; only homes sold before are placed); with the demo region's SYNTHETIC address
// dataset, first with its classes cut to "a dwelling" (RD), so that a home's kind comes only from its own earlier
// sales (the synthetic classes were derived from the Price Paid type of the same homes, which a fresh address would
// not reveal), then with its classes; and with the SYNTHETIC energy certificates added (their floor areas are drawn by
// property type, not from the homes, so that run shows the mechanism, not a real accuracy).
import { DistrictCache, valueProperty } from '@pds/analysis';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { demoFile, demoPpdFiles as ppdFiles, loadDataset as load, withReferenceDatabase } from './reference-database';

const epcFile = demoFile('SYNTHETIC_epc_domestic_RG30_RG31.zip');
const addressFile = demoFile('SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz');
const from = process.env.BENCH_VALUATION_FROM ?? '2016-01-01';

/** The sales to value, read from the files here (every field quoted, one record a line). */
const sales = ppdFiles
  .flatMap((f) =>
    gunzipSync(readFileSync(f))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(1, -1).split('","')),
  )
  .filter((r) => r[14] === 'A' && r[2]!.slice(0, 10) >= from && ['D', 'S', 'T', 'F'].includes(r[4]!))
  .map((r) => ({
    price: Number(r[1]),
    date: r[2]!.slice(0, 10),
    postcode: r[3]!,
    // The address as a caller would give it: SAON, PAON and street.
    address: [r[8], r[7], r[9]].filter(Boolean).join(', '),
  }));

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

interface Outcome {
  error: number;
  score: number;
  inRange: boolean;
  ownSale: boolean;
  /** The evidence the valuation rested on: its own sale, else the facts it lacked. */
  evidence: string;
  /** |ln(price / estimate)| in units of the model's σ: its 80th percentile should be 1.28 if σ is right. */
  zScore: number;
  sigma: number;
  date: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? Number.NaN;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const line = (label: string, outcomes: Outcome[]) => {
  const errors = outcomes.map((o) => Math.abs(o.error));
  const share = (f: (o: Outcome) => boolean) => (outcomes.length ? outcomes.filter(f).length / outcomes.length : Number.NaN);
  return (
    `  ${label.padEnd(34)} ${String(outcomes.length).padStart(6)}  median error ${pct(median(errors)).padStart(6)}  ` +
    `within 10% ${pct(share((o) => Math.abs(o.error) <= 0.1)).padStart(6)}  within 20% ${pct(share((o) => Math.abs(o.error) <= 0.2)).padStart(6)}  ` +
    `in range ${pct(share((o) => o.inRange)).padStart(6)}  median σ ${pct(median(outcomes.map((o) => o.sigma))).padStart(6)}  bias ${pct(median(outcomes.map((o) => o.error))).padStart(6)}  ` +
    `80th pct of |error|/σ ${quantile(
      outcomes.map((o) => o.zScore),
      0.8,
    ).toFixed(2)}\n`
  );
};

const backTest = async (db: pg.Pool, label: string) => {
  const deps = { db, districts: new DistrictCache(), today: () => '2026-11-26' };
  const outcomes: Outcome[] = [];
  const refused = new Map<string, number>();
  const started = Date.now();
  for (const sale of sales) {
    const r = await valueProperty(deps, {
      postcode: sale.postcode,
      address: sale.address,
      months: 36,
      asOf: dayBefore(sale.date),
      extensionArea: 0,
      renovationUplift: 0,
    });
    if (!r.ok) {
      refused.set(r.error.code, (refused.get(r.error.code) ?? 0) + 1);
      continue;
    }
    const v = r.data.data;
    outcomes.push({
      error: (v.estimatedValue - sale.price) / sale.price,
      score: v.confidence.score,
      inRange: sale.price >= v.range.low && sale.price <= v.range.high,
      ownSale: v.ownSale !== null,
      evidence: v.ownSale
        ? 'own sale'
        : v.missing.includes('property-type')
          ? 'no own sale, kind unknown'
          : v.missing.includes('postcode-sales')
            ? 'no own sale, sector/district only'
            : 'no own sale, postcode sales',
      zScore: Math.abs(Math.log(sale.price / v.estimatedValue)) / (v.confidence.standardErrorPercent / 100),
      sigma: v.confidence.standardErrorPercent / 100,
      date: sale.date,
    });
  }
  const seconds = (Date.now() - started) / 1000;
  // Placed: every sale but those whose home could not be placed (PROPERTY_NOT_FOUND).
  const placed = sales.length - (refused.get('PROPERTY_NOT_FOUND') ?? 0);
  process.stdout.write(
    `\n${label}: ${sales.length} sales from ${from} valued as on the day before each (${seconds.toFixed(1)} s, ` +
      `${((1000 * seconds) / sales.length).toFixed(1)} ms each); valued ${outcomes.length} (${pct(outcomes.length / sales.length)}; ` +
      `${pct(outcomes.length / placed)} of the ${placed} placed), refused ${[...refused].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}\n`,
  );
  process.stdout.write(line('all valued', outcomes));
  for (const [name, lo, hi] of [
    ['score 60 to 100', 60, 100],
    ['score 50 to 59', 50, 59],
    ['score 40 to 49', 40, 49],
    ['score 0 to 39', 0, 39],
  ] as const)
    process.stdout.write(
      line(
        name,
        outcomes.filter((o) => o.score >= lo && o.score <= hi),
      ),
    );
  process.stdout.write(
    line(
      'sold 2016 to 2019',
      outcomes.filter((o) => o.date < '2020-01-01'),
    ),
  );
  process.stdout.write(
    line(
      'sold 2020 to 2023',
      outcomes.filter((o) => o.date >= '2020-01-01'),
    ),
  );
  for (const evidence of ['own sale', 'no own sale, postcode sales', 'no own sale, sector/district only', 'no own sale, kind unknown'])
    process.stdout.write(
      line(
        evidence,
        outcomes.filter((o) => o.evidence === evidence),
      ),
    );
};

const main = () =>
  withReferenceDatabase('bench-valuation', Number(process.env.BENCH_PG_PORT ?? 25534), async (db) => {
    process.stdout.write('valuation back-test (HM Land Registry Price Paid, RG30 and RG31; 36-month look-back)\n');
    await load(db, 'ppd', ppdFiles);
    await backTest(db, 'Price Paid alone (real data)');
    if (process.env.BENCH_VALUATION_SYNTHETIC !== '0') {
      await load(db, 'addressbase', [addressFile], 'SYNTHETIC addresses for the back-test');
      // In the bench's own database: the classes cut to their second level (a dwelling, its kind not said), then put back.
      const classes = (
        await db.query<{ uprn: string; class: string }>("SELECT uprn::text AS uprn, class FROM addresses WHERE class LIKE 'RD%'")
      ).rows;
      await db.query("UPDATE addresses SET class = 'RD' WHERE class LIKE 'RD%'");
      await backTest(db, 'with the SYNTHETIC addresses, kind only from its own sales (classes cut to RD)');
      await db.query(
        'UPDATE addresses a SET class = c.class FROM unnest($1::bigint[], $2::text[]) AS c(uprn, class) WHERE a.uprn = c.uprn',
        [classes.map((c) => c.uprn), classes.map((c) => c.class)],
      );
      await backTest(db, 'with the SYNTHETIC addresses and their classes (derived from the same Price Paid types)');
      await load(db, 'epc-domestic', [epcFile], 'SYNTHETIC certificates for the back-test');
      await backTest(db, 'with the SYNTHETIC addresses, classes and certificates');
    }
  });

main().catch((error: unknown) => {
  process.stderr.write(`bench:valuation: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
