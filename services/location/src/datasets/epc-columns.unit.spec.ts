import { FormatError } from '../import/files';
import { newServiceHeader, newServiceRow } from '../../../../test/support/epc-new-layout';
import { epcColumnIndexes, epcRow, epcTableColumns, legacyHeader, textOf } from './epc-columns';

// The EPC bulk certificates.csv read by header name, in both published layouts.

const column = (values: readonly unknown[], name: string) => values[epcTableColumns.findIndex(([n]) => n === name)];

describe('the header, by name', () => {
  it('maps the legacy layout: 93 columns, LMK_KEY; and the 92 before REPORT_TYPE', () => {
    expect(legacyHeader).toHaveLength(93);
    const at = epcColumnIndexes(legacyHeader, 'certificates.csv');
    expect([at.certificateNumber, at.postcode, at.lodgementDate, at.uprn, at.reportType]).toEqual([0, 4, 16, 90, 92]);
    const older = epcColumnIndexes(legacyHeader.slice(0, 92), 'certificates.csv');
    expect([older.uprn, older.reportType]).toEqual([90, undefined]);
  });

  it('maps the new layout: lower case, another order, CERTIFICATE_NUMBER for LMK_KEY', () => {
    const header = newServiceHeader.split(',');
    // 93 as quoted: BUILDING_REFERENCE_NUMBER and COUNTY gone, REGION and COUNTRY added.
    expect(header).toHaveLength(93);
    expect(header.filter((h) => !legacyHeader.includes(h.toUpperCase() as (typeof legacyHeader)[number]))).toEqual([
      'certificate_number',
      'low_energy_fixed_lighting_outlets_count',
      'region',
      'country',
    ]);
    const at = epcColumnIndexes(header, 'certificates-2026.csv');
    expect([at.certificateNumber, at.postcode, at.lodgementDate, at.totalFloorArea, at.uprn]).toEqual([0, 4, 47, 78, 91]);
  });

  it('refuses a file without a column the lookups need, naming it', () => {
    expect(() => epcColumnIndexes(['LMK_KEY', 'ADDRESS1', 'POSTCODE'], 'x.csv')).toThrow(FormatError);
    expect(() => epcColumnIndexes(['LMK_KEY', 'ADDRESS1', 'POSTCODE'], 'x.csv')).toThrow(/LODGEMENT_DATE/);
  });
});

describe('a row', () => {
  it("reads the new service's row by its header, anomaly markers as null and the row kept as published", () => {
    const header = newServiceHeader.split(',');
    const row = epcRow(header, epcColumnIndexes(header, 'c.csv'), newServiceRow);
    if (!('values' in row)) throw new Error(row.rejected);
    const v = row.values;
    expect([column(v, 'certificate_number'), column(v, 'uprn'), column(v, 'postcode'), column(v, 'address')]).toEqual([
      '0151-3058-8202-6036-8204',
      '68132136',
      'SM7 3NE',
      '1 Stafford Court, Kingscroft Road',
    ]);
    expect([column(v, 'current_energy_rating'), column(v, 'current_energy_efficiency'), column(v, 'potential_energy_rating')]).toEqual([
      'D',
      64,
      'C',
    ]);
    expect([
      column(v, 'total_floor_area'),
      column(v, 'number_habitable_rooms'),
      column(v, 'lodgement_date'),
      column(v, 'inspection_date'),
    ]).toEqual([60, 3, '2026-02-06', '2026-02-05']);
    // BUILT_FORM "Not Recorded" is an anomaly: null, and kept as published.
    expect(column(v, 'built_form')).toBeNull();
    expect(JSON.parse(column(v, 'published') as string)).toMatchObject({ built_form: 'Not Recorded', region: 'E12000008' });
  });

  it.each([['NO DATA!'], ['no data!'], ['NODATA!'], ['INVALID!'], ['N/A'], ['Not recorded'], ['Not Recorded'], [''], ['  ']])(
    'reads %j as no value',
    (marker) => expect(textOf(marker)).toBeNull(),
  );

  it('nulls anomalies in typed columns too: ratings, numbers, dates, UPRN', () => {
    const fields = legacyHeader.map(
      (name) =>
        ({ LMK_KEY: 'k1', ADDRESS1: '2A Oxford Road', POSTCODE: 'rg301ab', LODGEMENT_DATE: '2019-04-07' })[name as string] ?? 'INVALID!',
    );
    const row = epcRow(legacyHeader, epcColumnIndexes(legacyHeader, 'c.csv'), fields);
    if (!('values' in row)) throw new Error(row.rejected);
    for (const name of ['current_energy_rating', 'current_energy_efficiency', 'total_floor_area', 'inspection_date', 'uprn', 'tenure'])
      expect([name, column(row.values, name)]).toEqual([name, null]);
    expect([column(row.values, 'postcode'), column(row.values, 'address')]).toEqual(['RG30 1AB', '2A Oxford Road']);
  });

  it('rejects a row without a certificate number, postcode or lodgement date, or of the wrong width, saying why', () => {
    const at = epcColumnIndexes(legacyHeader, 'c.csv');
    const good = legacyHeader.map(
      (name) => ({ LMK_KEY: 'k1', ADDRESS1: '1 A Road', POSTCODE: 'RG30 1AB', LODGEMENT_DATE: '2019-04-07' })[name as string] ?? '',
    );
    const without = (name: string, value: string) => good.map((v, i) => (legacyHeader[i] === name ? value : v));
    expect(epcRow(legacyHeader, at, without('LMK_KEY', ''))).toEqual({ rejected: 'no certificate number ("")' });
    expect(epcRow(legacyHeader, at, without('POSTCODE', 'RG30'))).toEqual({ rejected: 'not a postcode: "RG30"' });
    expect(epcRow(legacyHeader, at, without('LODGEMENT_DATE', '2019-02-30'))).toEqual({ rejected: 'no lodgement date ("2019-02-30")' });
    expect(epcRow(legacyHeader, at, good.slice(1))).toEqual({ rejected: '92 fields, the header has 93' });
  });

  it('reads a UPRN left-padded to 12 digits as the same number', () => {
    const fields = legacyHeader.map(
      (name) =>
        ({ LMK_KEY: 'k1', ADDRESS1: '1 A Road', POSTCODE: 'RG30 1AB', LODGEMENT_DATE: '2019-04-07', UPRN: '000068132136' })[
          name as string
        ] ?? '',
    );
    const row = epcRow(legacyHeader, epcColumnIndexes(legacyHeader, 'c.csv'), fields);
    expect('values' in row && column(row.values, 'uprn')).toBe('68132136');
  });
});
