import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { boeSeries } from './boe-series';
import { onsTimeseries } from './ons-timeseries';
import { ukHpi } from './uk-hpi';

// The market-series importers over the real files of /work/shared/data (see its MANIFEST.md): HM Land Registry's UK
// HPI full-file sample (4,500 rows; no field quoted, so the file's lines split on commas) and Bank Rate (IUDBEDR) in
// the Bank of England database's CSV layout (259 changes); and the SYNTHETIC quoted mortgage rates of
// services/location/test-data in the same layout. Every expectation is read from the files here, separately.

const hpiFile = '/work/shared/data/hmlr_uk_hpi/UK-HPI-full-file_random-sample.csv.gz';
const bankRateFile = '/work/shared/data/boe_bank_rate/IUDBEDR_bank_rate_changes.csv';
const mortgageFile = join(__dirname, '..', '..', 'test-data', 'SYNTHETIC_iadb_quoted_mortgage_rates_2024-2025.csv');

const hpiLines = gunzipSync(readFileSync(hpiFile)).toString('utf8').split(/\r?\n/).filter(Boolean);
const [hpiHeader = '', ...hpiRecords] = hpiLines;
const monthOfRecord = (r: string) => {
  const [, m, y] = r.split(',')[0]!.split('/');
  return `${y}-${m}`;
};

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('market', (opened) => ({ db, deps } = opened));

const hpiRow = async (code: string, month: string) =>
  (
    await db.query(
      'SELECT average_price, hpi_index, change_1m, change_12m, sales_volume, detached_price FROM uk_hpi_months WHERE area_code = $1 AND month = $2',
      [code, month],
    )
  ).rows[0];

describe('the UK House Price Index full file', () => {
  it('loads every row of the file, each value as published', async () => {
    expect(hpiRecords).toHaveLength(4_500);
    const summary = await importDataset(deps, ukHpi, [hpiFile]);
    expect(summary).toMatchObject({ dataset: 'uk-hpi', rows: 4_500, rejected: 0, unchanged: false });
    const months = hpiRecords.map(monthOfRecord).sort();
    expect(summary.vintage).toBe(`${months[0]} to ${months.at(-1)}`);
    // Every row against the file: price, index, changes, sales volume and the detached price, blank as null.
    const header = hpiHeader.split(',');
    const at = (name: string) => header.indexOf(name);
    const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
    const stored = new Map(
      (await db.query('SELECT * FROM uk_hpi_months')).rows.map((r) => [`${r.area_code} ${r.month}`, r as Record<string, unknown>]),
    );
    expect(stored.size).toBe(4_500);
    for (const record of hpiRecords) {
      const f = record.split(',');
      const row = stored.get(`${f[at('AreaCode')]} ${monthOfRecord(record)}`);
      expect(row).toMatchObject({
        // Names are kept without the spaces some carry at their end ("King's Lynn and West Norfolk ").
        region_name: f[at('RegionName')]!.trim(),
        average_price: num(f[at('AveragePrice')]),
        hpi_index: num(f[at('Index')]),
        change_1m: num(f[at('1m%Change')]),
        change_12m: num(f[at('12m%Change')]),
        sales_volume: num(f[at('SalesVolume')]),
        flat_price: num(f[at('FlatPrice')]),
      });
    }
  });

  it('changes nothing when the same file is imported again', async () => {
    expect(await importDataset(deps, ukHpi, [hpiFile])).toMatchObject({ unchanged: true });
  });

  it('lets a newer release supersede the months it holds, and keeps the others', async () => {
    // A newer release in the same layout (made here from the real rows: February 2025's rows with AveragePrice + 1000,
    // as a revision would restate them; not published data).
    const february = hpiRecords.filter((r) => monthOfRecord(r) === '2025-02');
    expect(february).toHaveLength(14);
    const revised = february.map((r) => {
      const f = r.split(',');
      f[3] = String(Number(f[3]) + 1000);
      return f.join(',');
    });
    const file = join(mkdtempSync(join(tmpdir(), 'pds-hpi-')), 'UK-HPI-full-file-2025-03.csv.gz');
    writeFileSync(file, gzipSync(`${hpiHeader}\r\n${revised.join('\r\n')}\r\n`));
    const [code] = february[0]!.split(',').slice(2, 3);
    const before = await hpiRow(code!, '2025-02');
    const untouched = hpiRecords.find((r) => monthOfRecord(r) === '2024-12')!.split(',');
    const untouchedBefore = await hpiRow(untouched[2]!, '2024-12');

    expect(await importDataset(deps, ukHpi, [file])).toMatchObject({ rows: 14, rejected: 0, unchanged: false });
    expect((await hpiRow(code!, '2025-02')).average_price).toBe(before.average_price + 1000);
    expect(await hpiRow(untouched[2]!, '2024-12')).toEqual(untouchedBefore);
    expect(Number((await db.query('SELECT count(*) AS n FROM uk_hpi_months')).rows[0].n)).toBe(4_500);
  });

  it('refuses a file that is not the full file before loading anything, and rejects a row it cannot read', async () => {
    await expect(importDataset(deps, ukHpi, [bankRateFile])).rejects.toThrow(FormatError);
    const file = join(mkdtempSync(join(tmpdir(), 'pds-hpi-')), 'UK-HPI-full-file-bad.csv');
    const good = hpiRecords[0]!;
    writeFileSync(file, `${hpiHeader}\r\n${good}\r\n${good.replace(/^[^,]*/, '2025-13-01')}\r\n`);
    const summary = await importDataset(deps, ukHpi, [file]);
    expect(summary).toMatchObject({ rows: 1, rejected: 1 });
  });
});

describe('Bank of England database series', () => {
  const bankRateRecords = readFileSync(bankRateFile, 'utf8').split('\r\n').filter(Boolean).slice(1);

  it('loads Bank Rate as published: every change, on its day', async () => {
    expect(bankRateRecords).toHaveLength(259);
    const summary = await importDataset(deps, boeSeries, [bankRateFile]);
    expect(summary).toMatchObject({ dataset: 'boe-series', rows: 259, rejected: 0, vintage: 'IUDBEDR 1975-01 to 2025-12' });
    const stored = (
      await db.query("SELECT to_char(date, 'DD Mon YYYY') AS d, value FROM boe_series_values WHERE series_code = 'IUDBEDR' ORDER BY date")
    ).rows.map((r) => `${r.d},${r.value}`);
    expect(stored).toEqual(bankRateRecords);
  });

  it('adds other series (the SYNTHETIC mortgage rates) without disturbing Bank Rate; a gap stays a gap', async () => {
    const [header, ...records] = readFileSync(mortgageFile, 'utf8').split('\r\n').filter(Boolean);
    const codes = header!.split(',').slice(1);
    const values = records.flatMap((r) => r.split(',').slice(1)).filter((v) => v !== '');
    expect(values).toHaveLength(codes.length * 24 - 1);
    const summary = await importDataset(deps, boeSeries, [mortgageFile], { synthetic: 'SYNTHETIC quoted mortgage rates for tests' });
    expect(summary).toMatchObject({ rows: values.length, rejected: 0 });
    expect(Number((await db.query("SELECT count(*) AS n FROM boe_series_values WHERE series_code = 'IUDBEDR'")).rows[0].n)).toBe(259);
    const march = await db.query("SELECT value FROM boe_series_values WHERE series_code = 'IUM5WTL' AND month = '2025-03'");
    expect(march.rows).toEqual([]);
  });

  it('lets a newer download supersede the months of its series it holds', async () => {
    // A download of IUDBEDR for December 2025 with one more row (made here, not published): the month is replaced.
    const file = join(mkdtempSync(join(tmpdir(), 'pds-boe-')), 'IUDBEDR-2025-12.csv');
    writeFileSync(file, 'DATE,IUDBEDR\r\n01 Dec 2025,4\r\n18 Dec 2025,3.75\r\n');
    expect(await importDataset(deps, boeSeries, [file])).toMatchObject({ rows: 2, rejected: 0 });
    const december = await db.query(
      "SELECT to_char(date, 'YYYY-MM-DD') AS d, value FROM boe_series_values WHERE series_code = 'IUDBEDR' AND month = '2025-12' ORDER BY date",
    );
    expect(december.rows).toEqual([
      { d: '2025-12-01', value: 4 },
      { d: '2025-12-18', value: 3.75 },
    ]);
    expect(Number((await db.query("SELECT count(*) AS n FROM boe_series_values WHERE series_code = 'IUDBEDR'")).rows[0].n)).toBe(260);
  });

  it('refuses a file that is not the database CSV', async () => {
    await expect(importDataset(deps, boeSeries, [hpiFile])).rejects.toThrow(FormatError);
  });
});

describe("ONS time series (the SYNTHETIC MM23 files of services/location/test-data, in the download's layout)", () => {
  const testData = join(__dirname, '..', '..', 'test-data');
  const files = ['d7g7', 'd7bt', 'l55o', 'l522'].map((c) => join(testData, `SYNTHETIC_ons_mm23_${c}.csv`));
  /** The periods and values of a file, read here: the rows after its eight about the series. */
  const periodsOf = (path: string) =>
    readFileSync(path, 'utf8')
      .split('\r\n')
      .filter(Boolean)
      .slice(8)
      .map((l) => l.replace(/"/g, '').split(','));
  const stored = async (cdid: string) =>
    (await db.query('SELECT frequency, period, value FROM ons_timeseries_values WHERE cdid = $1 ORDER BY frequency, period', [cdid])).rows;
  const toStored = (rows: string[][]) =>
    rows
      .map(([p, v]) => {
        const month = /^(\d{4}) ([A-Z]{3})$/.exec(p!);
        const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
        const frequency = month ? 'month' : p!.includes('Q') ? 'quarter' : 'year';
        const period = month ? `${month[1]}-${String(months.indexOf(month[2]!) + 1).padStart(2, '0')}` : p!;
        return { frequency, period, value: Number(v) };
      })
      .sort((a, b) => a.frequency.localeCompare(b.frequency) || a.period.localeCompare(b.period));

  it('loads every period of every series, years, quarters and months, as published', async () => {
    const expected = files.map(periodsOf);
    const summary = await importDataset(deps, onsTimeseries, files, { synthetic: 'SYNTHETIC MM23 series for tests' });
    expect(summary).toMatchObject({
      dataset: 'ons-timeseries',
      rows: expected.reduce((n, rows) => n + rows.length, 0),
      rejected: 0,
      vintage: 'D7BT to 2025-12; D7G7 to 2025-12; L522 to 2025-12; L55O to 2025-12',
    });
    expect(await stored('D7G7')).toEqual(toStored(expected[0]!));
    expect(await stored('L522')).toEqual(toStored(expected[3]!));
    const about = await db.query(
      "SELECT DISTINCT dataset_id, title, unit, to_char(release_date, 'YYYY-MM-DD') AS released FROM ons_timeseries_values WHERE cdid = 'D7G7'",
    );
    expect(about.rows).toEqual([
      { dataset_id: 'MM23', title: 'CPI ANNUAL RATE 00: ALL ITEMS 2015=100', unit: '%', released: '2026-01-21' },
    ]);
  });

  it('lets a newer release of one series supersede the periods it holds, and keeps every other', async () => {
    // A newer D7G7 release (made here, not published): December 2025 revised to 9.9 and January 2026 added.
    const [d7g7] = files;
    const text = readFileSync(d7g7!, 'utf8').replace('"2025 DEC","3.3"', '"2025 DEC","9.9"').replace('"21-01-2026"', '"18-02-2026"');
    const file = join(mkdtempSync(join(tmpdir(), 'pds-ons-')), 'd7g7.csv');
    writeFileSync(file, `${text}"2026 JAN","3.1"\r\n`);
    const before = await stored('D7BT');
    expect(await importDataset(deps, onsTimeseries, [file])).toMatchObject({ rejected: 0, unchanged: false });
    const months = (await stored('D7G7')).filter((r) => r.frequency === 'month');
    expect(months.slice(-2)).toEqual([
      { frequency: 'month', period: '2025-12', value: 9.9 },
      { frequency: 'month', period: '2026-01', value: 3.1 },
    ]);
    expect(months).toHaveLength(37);
    expect(await stored('D7BT')).toEqual(before);
  });

  it('refuses a file that is not an ONS time series download, and rejects a period it cannot read', async () => {
    await expect(importDataset(deps, onsTimeseries, [bankRateFile])).rejects.toThrow(FormatError);
    const file = join(mkdtempSync(join(tmpdir(), 'pds-ons-')), 'l55o.csv');
    writeFileSync(file, readFileSync(files[2]!, 'utf8').replace('"2025 DEC"', '"2025 DECEMBER"'));
    expect(await importDataset(deps, onsTimeseries, [file])).toMatchObject({ rejected: 1 });
  });
});
