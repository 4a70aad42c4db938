import { codePointRow, readMetadata } from './codepoint-open';
import { findColumn } from './header-columns';
import { releaseOf } from './ons-postcode-lookup';

// Rows and metadata as the publishers write them (quoted from the shared real files).

describe('Code-Point Open rows', () => {
  it('reads a published row: the postcode normalised, the position converted', () => {
    // Data/CSV/rg.csv of codepo_gb.zip 2025.2.0.
    const fields = ['RG30 1AA', '10', '470248', '173483', 'E92000001', 'E19000002', 'E18000009', '', 'E06000038', 'E05013865'];
    const row = codePointRow(fields);
    expect(row).toEqual({
      values: [
        'RG30 1AA',
        10,
        470248,
        173483,
        'E92000001',
        'E19000002',
        'E18000009',
        null,
        'E06000038',
        'E05013865',
        expect.any(Number),
        expect.any(Number),
      ],
    });
    const [latitude, longitude] = ('values' in row ? row.values.slice(10) : []) as number[];
    // Within a few metres of the postcode's ONS position (ONSPD: 51.455978, -0.990349 for RG30 1AA's neighbourhood).
    expect(Math.abs(latitude! - 51.456)).toBeLessThan(0.001);
    expect(Math.abs(longitude! + 0.99)).toBeLessThan(0.001);
  });

  it('keeps a postcode OS cannot position (quality 90) without coordinates', () => {
    expect(codePointRow(['AB1 0AA', '90', '0', '0', 'S92000003', '', '', '', 'S12000033', 'S13002843'])).toEqual({
      values: ['AB1 0AA', 90, 0, 0, 'S92000003', null, null, null, 'S12000033', 'S13002843', null, null],
    });
  });

  it.each([
    [['RG30 1AA', '10', '470248'], '3 fields, not 10'],
    [['NOT A POSTCODE', '10', '1', '1', '', '', '', '', '', ''], 'not a postcode: "NOT A POSTCODE"'],
    [['RG30 1AA', '15', '1', '1', '', '', '', '', '', ''], `positional quality "15" is not one of OS's indicators`],
    [['RG30 1AA', '10', '1.5', '1', '', '', '', '', '', ''], 'eastings/northings 1.5/1 are not whole metres'],
  ])('rejects %j: %s', (fields, reason) => {
    expect(codePointRow(fields)).toEqual({ rejected: reason });
  });

  it("reads the release and each area's count from Doc/metadata.txt", () => {
    const text =
      'ORDNANCE SURVEY\nPRODUCT: OS CODE-POINT_03.02\nDATASET VERSION NUMBER: 2025.2.0\n      AB\t17389\n       B\t41929\n      RG\t23727\n';
    const { version, counts } = readMetadata(text);
    expect(version).toBe('2025.2.0');
    expect(Object.fromEntries(counts)).toEqual({ ab: 17389, b: 41929, rg: 23727 });
  });
});

describe('ONS files', () => {
  it('names the release from the file name', () => {
    expect(releaseOf('PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz')).toBe('2022-05');
    expect(releaseOf('PCD_OA21_LSOA21_MSOA21_LAD_NOV23_UK_LU.csv')).toBe('2023-11');
    expect(releaseOf('lookup.csv')).toBe('lookup.csv');
  });

  it('finds renamed columns by any of their names', () => {
    const classic = 'pcd,pcd2,pcds,dointr,doterm,oscty,ced,oslaua'.split(',');
    expect(findColumn(classic, ['pcd7', 'pcd'])).toBe(0);
    expect(findColumn('pcd7,pcd8,pcds,lad25cd'.split(','), ['oslaua', /^lad\d\dcd$/])).toBe(3);
    expect(findColumn(classic, ['nope'])).toBeUndefined();
  });
});
