// `npm run bench:council-tax`: how often the council tax lookup's estimated band agrees with a band known by reasoning,
// on real sales. Bands in England are set on a home's value at 1 April 1991. For a home sold in 1995 or 1996 (the
// earliest years of HM Land Registry's Price Paid Data), the 1991 value lies within a known factor of that price: the
// UK HPI's England index was 19.0 in April 1989 (its peak) and 17.3 in January 1996, its South East index 16.0 in
// October 1992 and 16.7 in September 1994 (the shared data's UK HPI sample), so prices in 1991 stood at most about 25%
// above those of 1995–96, and not much below. A 1991 value of 0.95 to 1.35 times the price is taken; where that whole
// interval lies in one band, that band is known. The lookup is then asked, as a customer would, for each such home
// as of today, and its estimated band (from today's valuation and the home's rank among the authority's homes) is
// compared with the known one. Printed: agreement, agreement within one band, by stated confidence, and what the
// stated confidence would be at other drifts (σ of the rank drift), to calibrate `rankDriftSigma`.
import { AuthorityValues, DistrictCache, describeCouncilTax, estimateBand, nationBands, rankDriftSigma } from '@pds/analysis';
import { readModels } from '@pds/contracts';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { demoFile, demoPpdFiles as ppdFiles, loadDataset as load, withReferenceDatabase } from './reference-database';
const today = process.env.BENCH_TODAY ?? '2026-11-26';
const [low, high] = [0.95, 1.35];
const england = nationBands.England.bands;

const bandOf = (value: number) => england.find((b) => b.upTo === null || value <= b.upTo)!.band;

/** The earliest standard sale of each home sold in 1995 or 1996, with its band when the interval decides it. */
const homes = new Map<string, { postcode: string; address: string; price: number; band: string }>();
for (const f of ppdFiles)
  for (const l of gunzipSync(readFileSync(f)).toString('utf8').split('\n').filter(Boolean)) {
    const r = l.slice(1, -1).split('","');
    if (r[14] !== 'A' || r[2]!.slice(0, 4) > '1996') continue;
    const address = [r[8], r[7], r[9]].filter(Boolean).join(', ');
    const key = `${r[3]}|${address}`;
    const price = Number(r[1]);
    if (homes.has(key) || bandOf(price * low) !== bandOf(price * high)) continue;
    homes.set(key, { postcode: r[3]!, address, price, band: bandOf(price * low) });
  }

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const order = 'ABCDEFGHI';

interface Outcome {
  known: string;
  estimated: string;
  confidence: number;
  /** For the calibration: the home's value, its σ, its authority's values and shares. */
  value: number;
  sigma: number;
  lad: string;
}

const main = () =>
  withReferenceDatabase('bench-council-tax', Number(process.env.BENCH_PG_PORT ?? 25536), async (db) => {
    await load(db, 'ons-postcode-lookup', [demoFile('PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz')]);
    await load(db, 'ppd', ppdFiles);
    await load(db, 'uk-hpi', [demoFile('UK-HPI-full-file_random-sample.csv.gz')]);
    await load(db, 'council-tax', [demoFile('la_council_tax_bandD_2026-27_ctsop_2025.csv')]);
    const deps = { db, districts: new DistrictCache(), today: () => today, authorityValues: new AuthorityValues() };
    const outcomes: Outcome[] = [];
    const coverage = new Map<string, number>();
    const refused = new Map<string, number>();
    const started = Date.now();
    for (const home of homes.values()) {
      const r = await describeCouncilTax(deps, { property: { address: home.address, postcode: home.postcode } });
      const e = r.ok ? r.data.data.estimatedBand : null;
      if (!r.ok || !e) {
        const code = r.ok ? r.data.data.estimateUnavailable!.code : r.error.code;
        refused.set(code, (refused.get(code) ?? 0) + 1);
        continue;
      }
      const valuation = e.basis;
      coverage.set(r.data.data.billingAuthority.code, valuation.coveragePercent);
      outcomes.push({
        known: home.band,
        estimated: e.band,
        confidence: e.confidence,
        value: valuation.estimatedValue,
        // The valuation's σ, from its score (100 × exp(−σ / 0.25), services/analysis/src/valuation/model.ts).
        sigma: -0.25 * Math.log(Math.max(valuation.valuationConfidence, 1) / 100),
        lad: r.data.data.billingAuthority.code,
      });
    }
    const seconds = (Date.now() - started) / 1000;
    const agree = (os: Outcome[]) => os.filter((o) => o.known === o.estimated).length / os.length;
    const withinOne = (os: Outcome[]) =>
      os.filter((o) => Math.abs(order.indexOf(o.known) - order.indexOf(o.estimated)) <= 1).length / os.length;
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    process.stdout.write(
      `council tax band back-test (Price Paid RG30, RG31: homes sold 1995–96 whose 1991 band is decided by 0.95–1.35 × price; ` +
        `estimated as of ${today}, rank drift σ ${rankDriftSigma})\n` +
        `  ${homes.size} homes with a known band; estimated ${outcomes.length} (${seconds.toFixed(1)} s), ` +
        `no estimate ${[...refused].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}\n`,
    );
    const line = (label: string, os: Outcome[]) =>
      process.stdout.write(
        `  ${label.padEnd(26)} ${String(os.length).padStart(5)}  agree ${pct(agree(os)).padStart(6)}  within one band ` +
          `${pct(withinOne(os)).padStart(6)}  mean stated confidence ${os.length ? `${mean(os.map((o) => o.confidence)).toFixed(1)}%` : '-'}\n`,
      );
    line('all', outcomes);
    for (const [label, lo, hi] of [
      ['confidence 70 to 100', 70, 100],
      ['confidence 50 to 69', 50, 69],
      ['confidence 0 to 49', 0, 49],
    ] as const)
      line(
        label,
        outcomes.filter((o) => o.confidence >= lo && o.confidence <= hi),
      );
    for (const band of order) {
      const os = outcomes.filter((o) => o.known === band);
      if (os.length) line(`known band ${band}`, os);
    }
    const confusion = [...new Set(outcomes.map((o) => `${o.known}→${o.estimated}`))]
      .map((k) => [k, outcomes.filter((o) => `${o.known}→${o.estimated}` === k).length] as const)
      .sort((a, b) => b[1] - a[1]);
    for (const lad of new Set(outcomes.map((o) => o.lad)))
      process.stdout.write(
        `  ${lad}: ${coverage.get(lad)}% of the authority's dwellings compared; agree ${pct(agree(outcomes.filter((o) => o.lad === lad)))}\n`,
      );
    process.stdout.write(`  known→estimated: ${confusion.map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
    await calibrate(deps, outcomes);
  });

/** The mean stated confidence at other drifts, beside the agreement (which the drift does not change much). */
const calibrate = async (deps: { db: pg.Pool; districts: DistrictCache; authorityValues: AuthorityValues }, outcomes: Outcome[]) => {
  for (const drift of [0.1, 0.15, 0.2, 0.25, 0.3, 0.4]) {
    let agreeing = 0;
    let stated = 0;
    for (const o of outcomes) {
      const authority = (await readModels.councilTaxQueries.authority(deps.db, o.lad))!;
      const values = await deps.authorityValues.get(deps.db, deps.districts, o.lad, today);
      const shares = england.map((b, i) => ({ band: b.band, dwellings: authority.dwellings[i] ?? 0 }));
      const e = estimateBand(o.value, o.sigma, values, shares, drift)!;
      stated += e.probability;
      if (e.band === o.known) agreeing++;
    }
    process.stdout.write(
      `  drift σ ${drift.toFixed(2)}: agree ${pct(agreeing / outcomes.length)}, mean stated ${pct(stated / outcomes.length)}\n`,
    );
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench:council-tax: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
