import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { bngToWgs84 } from '../geo/coordinates';
import { giasLayoutOf, giasRow, giasTableColumns, type GiasLayout } from './gias-columns';
import { windows1252Records } from './windows-1252';

// The reading of GIAS establishment rows, over real files' bytes (test-data/gias/README.md): a 2018/19 file (133
// columns, Windows-1252, CRLF, with Ofsted columns), the 2025 layout's real row (135 columns, no Ofsted columns), and
// the 2024 layout by its real header. Every expected value is read off the files by eye.

const testData = join(__dirname, 'test-data', 'gias');
const bytes = (name: string) => readFileSync(join(testData, name));

const recordsOf = async (buffer: Buffer) => {
  const records: string[][] = [];
  for await (const { fields } of windows1252Records(Readable.from([buffer]))) records.push(fields);
  return records;
};

/** The row's values by column name. */
const valuesOf = (layout: GiasLayout, fields: string[]) => {
  const row = giasRow(layout, fields);
  if (!('values' in row)) throw new Error(row.rejected);
  return Object.fromEntries(giasTableColumns.map(([name], i) => [name, row.values[i]]));
};

const layoutOf = (header: string[]) => {
  const layout = giasLayoutOf(header);
  if ('missing' in layout) throw new Error(`missing ${layout.missing.join(', ')}`);
  return layout;
};

describe('GIAS establishment rows', () => {
  it('reads a 2018/19 file as published: Windows-1252 (0xE0 is à), quoted, CRLF, Ofsted rating and date', async () => {
    const [header, ...rows] = await recordsOf(bytes('edubasealldata_rows_2018-19_133cols.csv'));
    expect(header).toHaveLength(133);
    const layout = layoutOf(header!);
    expect(layout.ofsted).toBe(true);
    const [penistone, tilshead, fleetville] = rows.map((r) => valuesOf(layout, r));
    expect(tilshead).toMatchObject({
      urn: 126416,
      name: 'St Thomas à Becket Church of England Aided Primary School',
      la_name: 'Wiltshire',
      type_name: 'Voluntary aided school',
      type_group: 'LA maintained schools',
      status: 'open',
      phase: 'primary',
      statutory_low_age: 4,
      statutory_high_age: 11,
      religious_character: 'Church of England',
      street: 'High Street',
      locality: null,
      address3: 'Tilshead',
      town: 'Salisbury',
      county: 'Wiltshire',
      postcode: 'SP3 4RZ',
      easting: 403460,
      northing: 148027,
      ofsted_published: true,
      ofsted_rating: 'Good',
      ofsted_last_inspection: '2016-06-22',
    });
    // Converted by the project's OSTN15 converter (libs/geo, tested against OS's test points); Tilshead is at 51.24 N 1.95 W.
    expect([tilshead!.latitude, tilshead!.longitude]).toEqual(Object.values(bngToWgs84(403460, 148027)));
    expect(Math.abs(Number(tilshead!.latitude) - 51.236)).toBeLessThan(0.01);
    expect(Math.abs(Number(tilshead!.longitude) + 1.952)).toBeLessThan(0.01);
    expect(tilshead!.geog).toBe(`SRID=4326;POINT(${tilshead!.longitude} ${tilshead!.latitude})`);
    expect(penistone).toMatchObject({ urn: 106653, phase: 'secondary', statutory_high_age: 18, gender: 'Mixed', ofsted_rating: 'Good' });
    expect(fleetville).toMatchObject({
      urn: 117137,
      status: 'closed',
      status_name: 'Closed',
      opened_on: '1997-02-26',
      closed_on: '2012-05-31',
      ofsted_rating: 'Outstanding',
      ofsted_last_inspection: '2011-06-09',
    });
  });

  it('reads the 2025 layout (135 columns) by name, with no Ofsted columns', async () => {
    const [header, row] = await recordsOf(bytes('edubasealldata_rows_2025-01_135cols.csv'));
    expect(header).toHaveLength(135);
    const layout = layoutOf(header!);
    expect(layout.ofsted).toBe(false);
    expect(valuesOf(layout, row!)).toMatchObject({
      urn: 100000,
      name: 'The Aldgate School',
      la_code: '201',
      type_group: 'Local authority maintained schools',
      status: 'open',
      phase: 'primary',
      opened_on: null,
      statutory_low_age: 3,
      statutory_high_age: 11,
      street: "St James's Passage",
      locality: "Duke's Place",
      postcode: 'EC3A 5DE',
      easting: 533498,
      northing: 181201,
      ofsted_published: false,
      ofsted_rating: null,
      ofsted_last_inspection: null,
    });
  });

  it('finds the columns of the 2024 layout (139) and the 2025 layout (135) in their real headers, Ofsted in the first only', async () => {
    const [h2024] = await recordsOf(bytes('edubasealldata_header_139cols_2024-07.csv'));
    const [h2025] = await recordsOf(bytes('edubasealldata_header_135cols_2025.csv'));
    expect([h2024!.length, h2025!.length]).toEqual([139, 135]);
    const [l2024, l2025] = [layoutOf(h2024!), layoutOf(h2025!)];
    expect([l2024.ofsted, l2025.ofsted]).toEqual([true, false]);
    // OfstedLastInsp is column 56 of 139 (research/gias.md §2d), OfstedRating (name) column 126; Easting column 111 of 135.
    expect([l2024.at.ofstedLastInspection, l2024.at.ofstedRating, l2025.at.easting]).toEqual([55, 125, 110]);
  });

  it('keeps an establishment without a position, and rejects what is not a row, saying why', async () => {
    const [header] = await recordsOf(bytes('edubasealldata_header_135cols_2025.csv'));
    const layout = layoutOf(header!);
    const row = (values: Record<string, string>) => header!.map((h) => values[h] ?? '');
    const base = {
      URN: '990001',
      EstablishmentName: 'Synthetic School',
      'EstablishmentStatus (code)': '4',
      'EstablishmentStatus (name)': 'Proposed to open',
    };
    expect(valuesOf(layout, row(base))).toMatchObject({
      status: 'proposed-to-open',
      phase: 'unknown',
      easting: null,
      latitude: null,
      geog: null,
    });
    const rejected = (values: Record<string, string>) => giasRow(layout, row({ ...base, ...values }));
    expect(rejected({ URN: 'x' })).toEqual({ rejected: 'URN "x" is not a number' });
    expect(rejected({ EstablishmentName: '' })).toEqual({ rejected: 'no EstablishmentName' });
    expect(rejected({ OpenDate: '2025-09-01' })).toEqual({ rejected: 'OpenDate "2025-09-01" is not a date DD-MM-YYYY' });
    expect(rejected({ CloseDate: '31-02-2024' })).toEqual({ rejected: 'CloseDate "31-02-2024" is not a date DD-MM-YYYY' });
    expect(rejected({ Easting: '468257' })).toEqual({ rejected: 'Easting/Northing "468257"/"" are not metres' });
    expect(rejected({ Easting: '800000', Northing: '100000' })).toEqual({
      rejected: 'Easting/Northing 800000/100000 are outside the National Grid',
    });
    expect(rejected({ StatutoryLowAge: 'four' })).toEqual({ rejected: 'statutory ages four/ are not whole years' });
    expect(giasRow(layout, row(base).slice(1))).toEqual({ rejected: "134 fields, not the header's 135" });
  });

  it('names the required columns a header lacks', () => {
    expect(giasLayoutOf(['URN', 'LinkURN', 'LinkName', 'LinkType', 'LinkEstablishedDate'])).toMatchObject({
      missing: expect.arrayContaining(['EstablishmentName', 'Easting', 'Northing', 'PhaseOfEducation (code)']),
    });
  });
});

describe('Windows-1252 CSV as GIAS writes it', () => {
  it('decodes 0x92 as ’ (not the C1 control ISO-8859-1 has there), keeps commas inside quotes, and reads bare numbers', async () => {
    const line = Buffer.concat([
      Buffer.from('990005,"Synthetic St Mary'),
      Buffer.from([0x92]),
      Buffer.from('s School","Open, but proposed to close",4,11,"",""'),
    ]);
    expect(await recordsOf(line)).toEqual([
      ['990005', 'Synthetic St Mary\u2019s School', 'Open, but proposed to close', '4', '11', '', ''],
    ]);
  });

  it('reads the same records whether or not the last line ends with CRLF', async () => {
    const text = '"URN","EstablishmentName"\r\n1,"A"\r\n2,"B"';
    expect(await recordsOf(Buffer.from(text))).toEqual(await recordsOf(Buffer.from(`${text}\r\n`)));
    expect(await recordsOf(Buffer.from(text))).toEqual([
      ['URN', 'EstablishmentName'],
      ['1', 'A'],
      ['2', 'B'],
    ]);
  });
});
