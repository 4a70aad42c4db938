import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FormatError } from '../import/files';
import { readCensusHeader, splitHeading } from './census-2021-header';
import { csvRecords } from './csv';

// Reading a Nomis Census 2021 header by name. The TS007A and TS054 headers are the first lines of the real files in
// demo-data (verified: /work/research/iod-census.md §2.2); TS001's with "; measures: Value" and TS044's with its quoted
// labels are the cited secondary layouts (census-2021-tables.ts), written out here.

const demo = join(__dirname, '..', '..', 'demo-data');
const firstLine = (file: string) => readFileSync(join(demo, file), 'utf8').split('\n')[0] as string;
const ts007aLine = firstLine('census2021-ts007a-lsoa_E06000038_E06000037_E08000035.csv');
const ts054Line = firstLine('census2021-ts054-msoa_E06000038_E06000037_E08000035.csv');

/** A header line as the importer reads it: through the CSV parser (quoted fields and all). */
const parsed = async (line: string): Promise<string[]> => {
  for await (const { fields } of csvRecords(Readable.from([`${line}\n`]))) return fields;
  throw new Error('no record');
};

const ts001Line =
  'date,geography,geography code,Residence type: Total; measures: Value,Residence type: Lives in a household; measures: Value,' +
  'Residence type: Lives in a communal establishment; measures: Value';
const ts044Line =
  'date,geography,geography code,Accommodation type: Total: All households,Accommodation type: Detached,' +
  'Accommodation type: Semi-detached,Accommodation type: Terraced,Accommodation type: In a purpose-built block of flats or tenement,' +
  '"Accommodation type: Part of a converted or shared house, including bedsits",' +
  '"Accommodation type: Part of another converted building, for example, former school, church or warehouse",' +
  '"Accommodation type: In a commercial building, for example, in an office building, hotel or over a shop",' +
  'Accommodation type: A caravan or other mobile or temporary structure';

describe('splitting a Nomis column heading', () => {
  it.each([
    ['Age: Aged 5 to 9 years', 'Age', 'Aged 5 to 9 years'],
    ['Tenure of household: Owned: Owns outright', 'Tenure of household', 'Owned: Owns outright'],
    ['Tenure of household: Owned: Owns outright; measures: Value', 'Tenure of household', 'Owned: Owns outright'],
    ['Residence type: Total; measures: Value', 'Residence type', 'Total'],
    [' Age: Total ', 'Age', 'Total'],
  ])('%j → %j, %j', (heading, variable, category) => {
    expect(splitHeading(heading)).toEqual({ variable, category });
  });

  it.each([['date'], ['Age:'], ['Age Total'], [': Total']])('%j is not one', (heading) => {
    expect(splitHeading(heading)).toBeUndefined();
  });
});

describe('reading a census header by name', () => {
  it('knows the real TS007A header (no suffix): the id columns, the total and the 18 bands in order', async () => {
    const header = readCensusHeader(await parsed(ts007aLine), 'ts007a');
    expect(header.table.name).toBe('TS007A');
    expect([header.date, header.geography, header.code]).toEqual([0, 1, 2]);
    expect(header.counts).toHaveLength(19);
    expect(header.counts[0]).toEqual({ index: 3, key: 'total', label: 'Total' });
    expect(header.counts[1]).toEqual({ index: 4, key: 'aged_0_to_4', label: 'Aged 4 years and under' });
    expect(header.counts[18]).toEqual({ index: 21, key: 'aged_85_and_over', label: 'Aged 85 years and over' });
  });

  it('knows the real TS054 header, and the same header with "; measures: Value" on every column', async () => {
    const bare = readCensusHeader(await parsed(ts054Line), 'ts054');
    const suffixed = ts054Line
      .split(',')
      .map((h, i) => (i < 3 ? h : `${h}; measures: Value`))
      .join(',');
    const withSuffix = readCensusHeader(await parsed(suffixed), 'ts054 suffixed');
    expect(bare.table.name).toBe('TS054');
    expect(withSuffix).toEqual(bare);
    expect(bare.counts.map((c) => c.key)).toEqual([
      'total',
      'owned',
      'owns_outright',
      'owns_with_mortgage_or_loan',
      'shared_ownership',
      'shared_ownership_only',
      'social_rented',
      'rents_from_council',
      'other_social_rented',
      'private_rented',
      'private_landlord_or_letting_agency',
      'other_private_rented',
      'lives_rent_free',
    ]);
  });

  it('knows TS001 with its "; measures: Value" suffix', async () => {
    const header = readCensusHeader(await parsed(ts001Line), 'ts001');
    expect(header.table.name).toBe('TS001');
    expect(header.counts.map((c) => [c.index, c.key])).toEqual([
      [3, 'total'],
      [4, 'lives_in_household'],
      [5, 'lives_in_communal_establishment'],
    ]);
  });

  it('reads TS044 labels that hold commas as the quoted fields they are (12 columns, not 19)', async () => {
    const fields = await parsed(ts044Line);
    expect(ts044Line.split(',')).toHaveLength(19);
    expect(fields).toHaveLength(12);
    const header = readCensusHeader(fields, 'ts044');
    expect(header.table.name).toBe('TS044');
    expect(header.counts.find((c) => c.index === 8)).toEqual({
      index: 8,
      key: 'converted_or_shared_house',
      label: 'Part of a converted or shared house, including bedsits',
    });
  });

  it('finds columns by name, wherever they are and whatever their case', async () => {
    const fields = await parsed(ts001Line);
    const moved = [fields[5], fields[2], 'DATE', fields[3], fields[1], fields[4]] as string[];
    const header = readCensusHeader(moved, 'moved');
    expect([header.date, header.geography, header.code]).toEqual([2, 4, 1]);
    expect(header.counts.map((c) => [c.index, c.key])).toEqual([
      [0, 'lives_in_communal_establishment'],
      [3, 'total'],
      [5, 'lives_in_household'],
    ]);
  });
});

describe('refusing a header that is not wholly one known table', () => {
  const refusal = async (line: string) => {
    try {
      readCensusHeader(await parsed(line), 'f.csv');
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('TS007 (single years of age) is not TS007A', async () => {
    const message = await refusal('date,geography,geography code,Age: Total,Age: Aged under 1 year,Age: Aged 1 year,Age: Aged 2 years');
    expect(message).toMatch(/not TS007A's categories; missing "Aged 4 years and under"/);
    expect(message).toMatch(/not expected "Aged under 1 year"/);
  });

  it('a TS054 header with a column missing', async () => {
    expect(await refusal(ts054Line.replace(',Tenure of household: Lives rent free', ''))).toMatch(/missing "Lives rent free"/);
  });

  it('TS041, which is not read', async () => {
    expect(await refusal('date,geography,geography code,Number of households: Number of households; measures: Value')).toMatch(
      /"Number of households: …", not one of the Census 2021 tables this importer reads/,
    );
  });

  it('columns of two variables', async () => {
    expect(await refusal(`${ts001Line},Age: Total`)).toMatch(/several variables/);
  });

  it('a column twice', async () => {
    expect(await refusal(`${ts001Line},Residence type: Total`)).toMatch(/"Residence type: Total" appears twice/);
  });

  it('no geography code', async () => {
    expect(await refusal(ts001Line.replace('geography code,', ''))).toMatch(/no code \(geography code\)/);
  });

  it('a column that is not "<Variable>: <category>"', async () => {
    expect(await refusal(`${ts001Line},notes`)).toMatch(/"notes" is not "<Variable>: <category>"/);
  });
});
