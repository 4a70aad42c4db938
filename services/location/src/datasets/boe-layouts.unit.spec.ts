import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { boeRows, boeSeriesCodes, boeValue, iadbDate } from './boe-layouts';
import { boeSeries } from './boe-series';
import { csvRecords } from './csv';
import type { SqlValue } from './dataset';

// The Bank of England database's two CSV layouts, over the real files the demo ships (demo-data; see its README):
// the codes layout (2025–2026) and the described layout (1995–2020, no line break after its last row). Expected
// values are read off the files by eye, each cited by its line.

const demo = (name: string) => join(__dirname, '..', '..', 'demo-data', name);
const codesFile = demo('boe_iadb_monthly_IUMBV34_IUMBV37_IUMBV42_IUMTLMV_2025-2026.csv');
const describedFile = demo('boe_quoted_2yr_fixed_95_90_75ltv_monthly_1995-2020_richardgill.csv');

const recordsOf = async (path: string) => {
  const records: string[][] = [];
  for await (const { fields } of csvRecords(createReadStream(path))) records.push(fields);
  return records;
};

describe('IADB dates', () => {
  it('reads four-digit and two-digit years, the two-digit ones 75–99 as 19xx and 00–74 as 20xx', () => {
    expect(iadbDate('02 Jan 1975')).toBe('1975-01-02');
    expect(iadbDate('31 Jul 24')).toBe('2024-07-31');
    expect(iadbDate('31 Jan 95')).toBe('1995-01-31');
    expect(iadbDate('29 Feb 20')).toBe('2020-02-29');
    expect(iadbDate('31 Dec 74')).toBe('2074-12-31');
    expect(iadbDate('31 Dec 75')).toBe('1975-12-31');
  });

  it('refuses what is not a day', () => {
    for (const text of ['29 Feb 19', '31 Jun 2024', '31 JUL 24', '31 Jul 024', '2024-07-31', ''])
      expect([text, iadbDate(text)]).toEqual([text, undefined]);
  });
});

describe('IADB headers', () => {
  it('takes the codes layout as it is', async () => {
    const [header] = await recordsOf(codesFile);
    expect(boeSeriesCodes(header!, 'f')).toEqual(['IUMBV34', 'IUMBV37', 'IUMBV42', 'IUMTLMV', 'IUMAMNPY']);
  });

  it("takes each described column's code from the end of its title", async () => {
    const [header] = await recordsOf(describedFile);
    expect(header![0]).toBe('Date');
    expect(header![1]).toMatch(/^End month weighted average interest rate, 2 year fixed mortgage \(95% LTV\), Building Societies/);
    expect(boeSeriesCodes(header!, 'f')).toEqual(['IUM2WBS', 'IUM2WCB', 'IUM2WTL', 'IUMB479', 'IUMB482', 'IUMBV34']);
  });

  it('refuses a header that is not the database CSV', () => {
    expect(() => boeSeriesCodes(['Title', 'CDID'], 'f')).toThrow(/not a Bank of England database CSV/);
    expect(() => boeSeriesCodes(['Date', 'Bank Rate (%)'], 'f')).toThrow(/does not end in a series code/);
    expect(() => boeSeriesCodes(['DATE', 'IUDBEDR', 'IUDBEDR'], 'f')).toThrow(/IUDBEDR has two columns/);
  });
});

describe('IADB values', () => {
  it('reads n/a, .. and an empty field as no value, and a 0 of a quoted mortgage rate as none, but keeps 0 elsewhere', () => {
    expect(boeValue('IUMBV34', 'n/a')).toBeNull();
    expect(boeValue('IUMBV34', '..')).toBeNull();
    expect(boeValue('IUMBV34', '')).toBeNull();
    expect(boeValue('IUM2WBS', '0')).toBeNull();
    expect(boeValue('IUMB479', '0')).toBeNull();
    expect(boeValue('IUDBEDR', '0')).toBe(0);
    expect(boeValue('IUMBV34', '4.5')).toBe(4.5);
    expect(boeValue('IUMBV34', 'x')).toBeUndefined();
  });

  it("gives a described row's values by series, its markers left out", async () => {
    const records = await recordsOf(describedFile);
    const codes = boeSeriesCodes(records[0]!, 'f');
    // Line 135: "31 May 09","n/a","n/a","..","0","..","3.98"
    expect(records[134]).toEqual(['31 May 09', 'n/a', 'n/a', '..', '0', '..', '3.98']);
    expect(boeRows(codes, records[134]!)).toEqual({ rows: [['IUMBV34', '2009-05-31', '2009-05', 3.98]] });
    // Line 307, the last, with no line break after it: "31 Jan 95","7.15","n/a","n/a","n/a","n/a","8.13"
    expect(records).toHaveLength(307);
    expect(boeRows(codes, records[306]!)).toEqual({
      rows: [
        ['IUM2WBS', '1995-01-31', '1995-01', 7.15],
        ['IUMBV34', '1995-01-31', '1995-01', 8.13],
      ],
    });
  });

  it("gives a codes row's values, an empty field left out", async () => {
    const records = await recordsOf(codesFile);
    // The last line: 30 Sep 2026,,,,,5.2421
    expect(boeRows(boeSeriesCodes(records[0]!, 'f'), records.at(-1)!)).toEqual({ rows: [['IUMAMNPY', '2026-09-30', '2026-09', 5.2421]] });
  });

  it('rejects a row whose date or value cannot be read, or whose fields do not match the header', () => {
    expect(boeRows(['IUMBV34'], ['31 Foo 24', '4.5'])).toEqual({ rejected: 'date "31 Foo 24" is not DD Mon YYYY or DD Mon YY' });
    expect(boeRows(['IUMBV34'], ['31 Jul 24', '4,5'])).toEqual({ rejected: 'IUMBV34 "4,5" is not a number' });
    expect(boeRows(['IUMBV34'], ['31 Jul 24', '4.5', '4.6'])).toEqual({ rejected: '3 fields, not 2' });
  });
});

describe('Bank of England files given together', () => {
  const described2014 = demo('boe_quoted_2yr_fixed_by_ltv_monthly_2014-2024.csv');

  it('take a day of a series both hold from the first file given, rejecting the other’s with where it was read', async () => {
    const input = await boeSeries.open([described2014, describedFile]);
    let loaded = 0;
    const rejected: string[] = [];
    const june2020: SqlValue[][] = [];
    for await (const row of input.rows()) {
      if ('rejected' in row) rejected.push(`${row.part}:${row.line}: ${row.rejected}`);
      else if (row.values[0] === 'IUMB482' && row.values[2] === '2020-06') june2020.push(row.values);
      if (!('rejected' in row)) loaded++;
    }
    // 2014–2020 of IUM2WTL, IUMB482 and IUMBV34: 78 months of three series in both files, 635 and 1,051 values.
    expect(rejected).toHaveLength(234);
    expect(loaded).toBe(635 + 1_051 - 234);
    // The 1995–2020 file's line 2 ("30 Jun 20",…,"2.27","1.41") against the 2014–2024 file's line 51 (…,"2.19",…).
    expect(rejected[1]).toBe(
      'boe_quoted_2yr_fixed_95_90_75ltv_monthly_1995-2020_richardgill.csv:2: IUMB482 of 2020-06-30 was read already, from ' +
        'boe_quoted_2yr_fixed_by_ltv_monthly_2014-2024.csv:51',
    );
    expect(june2020).toEqual([['IUMB482', '2020-06-30', '2020-06', 2.19]]);
  });
});
