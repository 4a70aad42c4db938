import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { giasReleaseOf } from './gias-files';
import { giasLinkRow } from './gias-links';
import { windows1252Records } from './windows-1252';

// GIAS links rows over the real rows of the 17 July 2024 release that hold bytes beyond ASCII (test-data/gias):
// 0x92 is ’, 0xE0 à, 0xB0 °, 0xF4 ô in Windows-1252; expected values read off the bytes by eye.

const file = join(__dirname, 'test-data', 'gias', 'links_edubasealldata20240717_cp1252_rows.csv');

const rowsOf = async () => {
  const rows: Array<ReturnType<typeof giasLinkRow>> = [];
  let header: string[] | undefined;
  for await (const { fields } of windows1252Records(Readable.from([readFileSync(file)]))) {
    if (!header) header = fields;
    else rows.push(giasLinkRow(fields));
  }
  return { header, rows };
};

describe('GIAS links rows', () => {
  it('reads the real rows, Windows-1252 decoded', async () => {
    const { header, rows } = await rowsOf();
    expect(header).toEqual(['URN', 'LinkURN', 'LinkName', 'LinkType', 'LinkEstablishedDate']);
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual({ values: [104613, 150244, 'St Cleopas\u2019 Church of England Primary Academy', 'Successor', '2023-11-30'] });
    expect(rows[4]).toEqual({
      values: [108299, 138950, 'St Thomas \u00e0 Becket Catholic Secondary School, A Voluntary Academy', 'Successor', '2012-10-31'],
    });
    expect(rows[5]).toEqual({ values: [109401, 148296, 'North Star 82\u00b0', 'Successor', '2020-12-31'] });
    expect(rows[11]).toEqual({
      values: [149557, 126416, 'St Thomas \u00e0 Becket Church of England Aided Primary School', 'Predecessor', '2023-02-01'],
    });
    expect(rows[12]).toEqual({ values: [400978, 402323, 'Awel Y M\u00f4r Primary School', 'Successor', '2013-08-31'] });
    // A trailing no-break space (0xA0) in a published name is trimmed, as any space around a value is.
    expect(rows[1]).toEqual({
      values: [105348, 149679, "St Michael's Roman Catholic Primary School, a Voluntary Academy", 'Successor', '2023-04-01'],
    });
  });

  it('keeps an undated link, and rejects what is not a link', () => {
    expect(giasLinkRow(['100016', '132245', 'Kingsgate Primary School', 'Successor', ''])).toEqual({
      values: [100016, 132245, 'Kingsgate Primary School', 'Successor', null],
    });
    expect(giasLinkRow(['100016', '', 'X', 'Successor', ''])).toEqual({ rejected: 'URN/LinkURN "100016"/"" are not numbers' });
    expect(giasLinkRow(['100016', '132245', 'X', '', ''])).toEqual({ rejected: 'no LinkType' });
    expect(giasLinkRow(['100016', '132245', 'X', 'Successor', '2021/08/31'])).toEqual({
      rejected: 'LinkEstablishedDate "2021/08/31" is not a date DD-MM-YYYY',
    });
    expect(giasLinkRow(['100016', '132245', 'X', 'Successor'])).toEqual({ rejected: '4 fields, not 5' });
  });
});

describe('the release of a GIAS file', () => {
  it('is the date in its name, as GIAS names its downloads', () => {
    expect(giasReleaseOf('/data/edubasealldata20250422.csv', 'x')).toBe('2025-04-22');
    expect(giasReleaseOf('links_edubasealldata20240717.csv.gz', 'x')).toBe('2024-07-17');
    expect(giasReleaseOf('SYNTHETIC_edubasealldata20250422_RG30_RG31_LS.csv', 'x')).toBe('2025-04-22');
  });

  it('is refused when the name does not say it', () => {
    expect(() => giasReleaseOf('schools.csv', 'edubasealldataYYYYMMDD.csv')).toThrow(
      "schools.csv: name the file as GIAS publishes it, edubasealldataYYYYMMDD.csv (its date is the release's)",
    );
    expect(() => giasReleaseOf('edubasealldata20251342.csv', 'x')).toThrow(/name the file/);
  });
});
