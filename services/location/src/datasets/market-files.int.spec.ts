import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { boeSeries } from './boe-series';
import { onsTimeseries } from './ons-timeseries';

// The market series' real files as the demo ships them (demo-data, copied unchanged from /work/shared/data; see its
// MANIFEST.md): the Bank of England's quoted mortgage rates in both of its database's CSV layouts, and the ONS CPI
// annual rate (D7G7) and index (D7BT). Expected values are read off the files by eye, each cited by its line; counts
// and extents were worked out from the files apart from the importer (a month with n/a, .., empty or, in a quoted rate,
// 0 has no value).

const demo = (name: string) => join(__dirname, '..', '..', 'demo-data', name);
const described1995 = demo('boe_quoted_2yr_fixed_95_90_75ltv_monthly_1995-2020_richardgill.csv');
const described2014 = demo('boe_quoted_2yr_fixed_by_ltv_monthly_2014-2024.csv');
const codes2025 = demo('boe_iadb_monthly_IUMBV34_IUMBV37_IUMBV42_IUMTLMV_2025-2026.csv');
const d7g7 = demo('ons_D7G7_cpi_annual_rate_mm23_release-2026-08-19.csv');
const d7bt = demo('ons_D7BT_cpi_index_mm23_release-2026-09-16.csv');

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(60_000);

importDatabase('market_files', (opened) => ({ db, deps } = opened));

/** A series' stored months as `month value`, in order. */
const months = async (code: string, from = '0000', to = '9999') =>
  (
    await db.query<{ month: string; value: number }>(
      'SELECT month, value FROM boe_series_values WHERE series_code = $1 AND month BETWEEN $2 AND $3 ORDER BY date',
      [code, from, to],
    )
  ).rows.map((r) => `${r.month} ${r.value}`);

describe('the Bank of England quoted mortgage rates, as published', () => {
  it('reads the described layout of 1995–2020 (newest first, no line break after its last row) back to January 1995', async () => {
    const bytes = readFileSync(described1995);
    expect(bytes.at(-1)).toBe('"'.charCodeAt(0));
    const summary = await importDataset(deps, boeSeries, [described1995]);
    expect(summary).toMatchObject({
      dataset: 'boe-series',
      rows: 1_051,
      rejected: 0,
      vintage:
        'IUM2WBS 1995-01 to 2007-12; IUM2WCB 1995-12 to 2007-12; IUM2WTL 1995-12 to 2020-06; IUMB479 2008-05 to 2020-06; ' +
        'IUMB482 2008-05 to 2020-06; IUMBV34 1995-01 to 2020-06',
    });
    // Line 2: "30 Jun 20","n/a","n/a","2.74","2.68","2.27","1.41"
    expect(await months('IUMB479', '2020-06')).toEqual(['2020-06 2.68']);
    expect(await months('IUMB482', '2020-06')).toEqual(['2020-06 2.27']);
    // Line 307, the last: "31 Jan 95","7.15","n/a","n/a","n/a","n/a","8.13"
    expect(await months('IUMBV34', '1995-01', '1995-01')).toEqual(['1995-01 8.13']);
    expect(await months('IUM2WBS', '1995-01', '1995-01')).toEqual(['1995-01 7.15']);
    expect(await months('IUMBV34')).toHaveLength(306);
  });

  it('leaves out the months marked n/a, .. or 0', async () => {
    // Line 135: "31 May 09","n/a","n/a","..","0","..","3.98": only IUMBV34 has a value.
    const may2009 = await db.query("SELECT series_code, value FROM boe_series_values WHERE month = '2009-05'");
    expect(may2009.rows).toEqual([{ series_code: 'IUMBV34', value: 3.98 }]);
    // Lines 296 to 303: IUM2WBS is "0" from May to December 1995 (line 296: "31 Dec 95","0","7.99","7.99",…); lines 304
    // to 307 give January to April: "7.15", "7.33", "7.33", "7.5".
    expect(await months('IUM2WBS', '1995-01', '1995-12')).toEqual(['1995-01 7.15', '1995-02 7.33', '1995-03 7.33', '1995-04 7.5']);
    expect(await months('IUM2WCB', '1995-12', '1995-12')).toEqual(['1995-12 7.99']);
  });

  it('changes nothing when the same file is imported again', async () => {
    expect(await importDataset(deps, boeSeries, [described1995])).toMatchObject({ unchanged: true, rows: 1_051 });
  });

  it('lets the later downloads (described 2014–2024, codes 2025–2026) supersede the months they hold', async () => {
    const summary = await importDataset(deps, boeSeries, [described2014, codes2025]);
    expect(summary).toMatchObject({ rows: 635 + 101, rejected: 0, unchanged: false });
    // 2014–2024 line 2: "31 Jul 24","5.99","5.64","4.99","4.81","5.21"
    for (const [code, value] of Object.entries({ IUM2WTL: 5.99, IUMB482: 5.64, IUMBV34: 4.99, IUMZICQ: 4.81, IUMZICR: 5.21 }))
      expect(await months(code, '2024-07', '2024-07')).toEqual([`2024-07 ${value}`]);
    // The Bank revised June 2020: the 1995–2020 file's line 2 has IUMB482 2.27, the 2014–2024 file's line 51
    // ("30 Jun 20","2.72","2.19","1.41","1.3","1.84") 2.19; the newer file's value is served, once.
    expect(await months('IUMB482', '2020-06', '2020-06')).toEqual(['2020-06 2.19']);
    // IUMB479 is in the 1995–2020 file only: carried forward.
    expect(await months('IUMB479', '2020-06', '2020-06')).toEqual(['2020-06 2.68']);
    // Codes layout, line 2: 31 Jan 2025,4.63,4.5,4.37,7.48,4.6627; the last line, 30 Sep 2026,,,,,5.2421.
    expect(await months('IUMBV42', '2025-01', '2025-01')).toEqual(['2025-01 4.37']);
    expect(await months('IUMBV34', '2026-09')).toEqual([]);
    expect(await months('IUMAMNPY', '2026-09')).toEqual(['2026-09 5.2421']);
    // 306 months from 1995 to 2020 less the 78 the newer file holds, its 127, and 20 of 2025–2026.
    expect(await months('IUMBV34')).toHaveLength(306 - 78 + 127 + 20);
  });
});

describe('ONS MM23 series, as published', () => {
  const stored = async (cdid: string, period: string) =>
    (await db.query('SELECT frequency, value FROM ons_timeseries_values WHERE cdid = $1 AND period = $2', [cdid, period])).rows;

  it('loads any series of the layout: the CPI annual rate and index, years, quarters and months', async () => {
    const summary = await importDataset(deps, onsTimeseries, [d7g7, d7bt]);
    expect(summary).toMatchObject({ dataset: 'ons-timeseries', rows: 638 + 656, rejected: 0, vintage: 'D7BT to 2026-08; D7G7 to 2026-07' });
    // D7G7 line 9: "1989","5.2"; line 46: "1989 Q1","5.0"; line 646, the last: "2026 JUL","2.9".
    expect(await stored('D7G7', '1989')).toEqual([{ frequency: 'year', value: 5.2 }]);
    expect(await stored('D7G7', '1989 Q1')).toEqual([{ frequency: 'quarter', value: 5 }]);
    expect(await stored('D7G7', '2026-07')).toEqual([{ frequency: 'month', value: 2.9 }]);
    // D7BT line 9: "1988","49.6"; line 47: "1988 Q1","48.6"; line 664, the last: "2026 AUG","143.6".
    expect(await stored('D7BT', '1988')).toEqual([{ frequency: 'year', value: 49.6 }]);
    expect(await stored('D7BT', '1988 Q1')).toEqual([{ frequency: 'quarter', value: 48.6 }]);
    expect(await stored('D7BT', '2026-08')).toEqual([{ frequency: 'month', value: 143.6 }]);
    const about = await db.query(
      "SELECT DISTINCT cdid, dataset_id, title, unit, to_char(release_date, 'YYYY-MM-DD') AS released FROM ons_timeseries_values ORDER BY cdid",
    );
    expect(about.rows).toEqual([
      {
        cdid: 'D7BT',
        dataset_id: 'MM23',
        title: 'CPI INDEX 00: ALL ITEMS 2015=100',
        unit: 'Index, base year = 100',
        released: '2026-09-16',
      },
      { cdid: 'D7G7', dataset_id: 'MM23', title: 'CPI ANNUAL RATE 00: ALL ITEMS 2015=100', unit: '%', released: '2026-08-19' },
    ]);
  });

  it('changes nothing when the same files are imported again', async () => {
    expect(await importDataset(deps, onsTimeseries, [d7g7, d7bt])).toMatchObject({ unchanged: true });
  });
});
