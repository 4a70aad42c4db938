import { readFileSync } from 'node:fs';
import { demoFile, e2eFixture, testDataFile } from '../support/e2e';

// GET /area/statistics through the whole stack, over the real Census 2021 extracts of the demo region (TS007A and
// TS054 for Reading, West Berkshire and Leeds: services/location/demo-data/README.md) and its postcode files, all
// imported with the import command. Every expected figure is made here from the files' own lines, split on commas (no
// field of them is quoted); shares are worked out in whole numbers (tenths of a percent, half up). 2 credits an
// answer, 0 for a refusal.

const cut = '_E06000038_E06000037_E08000035.csv';
const census = (table: string, level: string) => demoFile(`census2021-${table}-${level}${cut}`);
const levels = ['lsoa', 'msoa', 'ltla'];
const synthetic044 = testDataFile('SYNTHETIC_census2021-ts044-lsoa_E06000038.csv');

/** The file's header (its labels after "<Variable>: ") and the fields of the line of one area. */
const published = (path: string, code: string) => {
  const [header, ...lines] = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const line = lines.find((l) => l.split(',')[2] === code);
  if (!line) throw new Error(`${path} has no ${code}`);
  const labels = (header as string)
    .split(',')
    .slice(3)
    .map((h) => h.slice(h.indexOf(': ') + 2));
  const fields = line.split(',');
  return { name: fields[1] as string, total: Number(fields[3]), labels: labels.slice(1), counts: fields.slice(4).map(Number) };
};

/** count × 100 / total to one decimal, half up, in whole numbers: round(count × 1000 / total) tenths. */
const share = (count: number, total: number) => Math.floor((2 * count * 1000 + total) / (2 * total)) / 10;

const ageBandsOf = (code: string, level: string) => {
  const { total, labels, counts } = published(census('ts007a', level), code);
  return {
    table: 'TS007A',
    total,
    bands: labels.map((label, i) => ({
      label,
      minAge: i * 5,
      maxAge: i === labels.length - 1 ? null : i * 5 + 4,
      count: counts[i],
      sharePercent: share(counts[i] as number, total),
    })),
  };
};

/** TS054's keys, one for each published label. */
const tenureKeys: Record<string, string> = {
  Owned: 'owned',
  'Owned: Owns outright': 'owns_outright',
  'Owned: Owns with a mortgage or loan': 'owns_with_mortgage_or_loan',
  'Shared ownership': 'shared_ownership',
  'Shared ownership: Shared ownership': 'shared_ownership_only',
  'Social rented': 'social_rented',
  'Social rented: Rents from council or Local Authority': 'rents_from_council',
  'Social rented: Other social rented': 'other_social_rented',
  'Private rented': 'private_rented',
  'Private rented: Private landlord or letting agency': 'private_landlord_or_letting_agency',
  'Private rented: Other private rented': 'other_private_rented',
  'Lives rent free': 'lives_rent_free',
};

/** A table's categories as published: a label "A: B" is a part of the category "A". */
const breakdownOf = (path: string, code: string, table: string, keys: Record<string, string>) => {
  const { total, labels, counts } = published(path, code);
  const item = (i: number) => ({
    key: keys[labels[i] as string],
    label: labels[i],
    count: counts[i],
    sharePercent: share(counts[i] as number, total),
  });
  const groups = labels.flatMap((l, i) => (l.includes(': ') ? [] : [i]));
  return {
    table,
    total,
    categories: groups.map((g) => ({
      ...item(g),
      parts: labels.flatMap((l, i) => (l.startsWith(`${labels[g]}: `) ? [item(i)] : [])),
    })),
  };
};

/** An area's figures from the files, as the answer must give them. */
const figures = (code: string, level: string) => {
  const ages = published(census('ts007a', level), code);
  const tenure = published(census('ts054', level), code);
  expect(ages.name).toBe(tenure.name);
  return {
    code,
    name: ages.name,
    population: ages.total,
    households: tenure.total,
    ageBands: ageBandsOf(code, level),
    tenure: breakdownOf(census('ts054', level), code, 'TS054', tenureKeys),
    accommodationType: null,
    residenceType: null,
  };
};

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['codepoint-open', 'ons-postcode-lookup'] });
beforeAll(async () => {
  const files = ['ts007a', 'ts054'].flatMap((table) => levels.map((level) => census(table, level)));
  expect(await world.importDataset('census-2021', files)).toMatchObject({ vintage: 'Census 2021: TS007A, TS054' });
});

/** Calls, checking what it charged: the header, the billing object, and the balance before and after. */
const charged = (query: string, credits: number) => world.caller.paying(credits).get(`/area/statistics?${query}`);
const censusSource = {
  dataset: 'census-2021',
  title: 'Census 2021 (England and Wales): Nomis bulk tables',
  publisher: 'Office for National Statistics',
  vintage: 'Census 2021: TS007A, TS054',
  licence: 'Open Government Licence v3.0',
  attribution: 'Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
};

describe("a postcode's areas in the Census 2021", () => {
  it('answers a Reading postcode with its LSOA, MSOA and Reading, each figure as the files give it', async () => {
    // RG30 1AA: the 2011 lookup's LSOA E01016360 and MSOA E02003395, both kept by ONS for 2021.
    const before = await world.caller.balance();
    const r = await charged('postcode=rg301aa', 2);
    expect(r.status).toBe(200);
    expect(r.body.billing.creditsRemaining).toBe(before - 2);
    expect(r.body.data).toEqual({
      postcode: 'RG30 1AA',
      lsoa: { ...figures('E01016360', 'lsoa'), via: 'unchanged_since_2011' },
      msoa: { ...figures('E02003395', 'msoa'), via: 'unchanged_since_2011' },
      localAuthority: figures('E06000038', 'ltla'),
      unavailable: [],
    });
    expect(r.body.data.lsoa.name).toBe('Reading 007D');
    expect(r.body.data.localAuthority.name).toBe('Reading');
    expect(r.body.sources.map((s: { dataset: string }) => s.dataset)).toEqual(['census-2021', 'codepoint-open', 'ons-postcode-lookup']);
    expect(r.body.sources[0]).toEqual(censusSource);
  });

  it('answers a Leeds postcode the same way, with Leeds for comparison', async () => {
    const r = await charged('postcode=LS1%204AP', 2);
    expect(r.body.data).toEqual({
      postcode: 'LS1 4AP',
      lsoa: { ...figures('E01033015', 'lsoa'), via: 'unchanged_since_2011' },
      msoa: { ...figures('E02006875', 'msoa'), via: 'unchanged_since_2011' },
      localAuthority: figures('E08000035', 'ltla'),
      unavailable: [],
    });
    // The totals differ between tables and levels as published (ONS's perturbation), and are given so.
    const lsoas = readFileSync(census('ts054', 'lsoa'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('2021,Leeds '));
    const households = lsoas.reduce((sum, l) => sum + Number(l.split(',')[3]), 0);
    expect(r.body.data.localAuthority.households).toBe(published(census('ts054', 'ltla'), 'E08000035').total);
    expect(households).not.toBe(r.body.data.localAuthority.households);
  });

  it('answers the area it can when the other changed in 2021, and says why the other is not answered', async () => {
    // RG1 7AF: LSOA E01016353 kept for 2021; its 2011 MSOA E02003399 changed (the 2021 tables do not hold it).
    const kept = await charged('postcode=RG1%207AF', 2);
    expect(kept.body.data).toMatchObject({
      lsoa: { ...figures('E01016353', 'lsoa'), via: 'unchanged_since_2011' },
      msoa: null,
      localAuthority: figures('E06000038', 'ltla'),
    });
    expect(kept.body.data.unavailable).toEqual([{ area: 'msoa', code: 'AREA_2021_UNKNOWN', message: expect.stringMatching(/E02003399/) }]);
    // RG1 1DD: LSOA E01016442 changed; MSOA E02003405 kept.
    const split = await charged('postcode=RG1%201DD', 2);
    expect(split.body.data).toMatchObject({ lsoa: null, msoa: { ...figures('E02003405', 'msoa'), via: 'unchanged_since_2011' } });
    expect(split.body.data.unavailable).toEqual([{ area: 'lsoa', code: 'AREA_2021_UNKNOWN', message: expect.stringMatching(/E01016442/) }]);
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    ['a Scottish postcode', 'postcode=EH1%201AA', 400, 'OUTSIDE_ENGLAND_AND_WALES'],
    ['a Northern Irish postcode', 'postcode=BT1%201AA', 400, 'OUTSIDE_ENGLAND_AND_WALES'],
    ['no postcode', '', 400, 'INVALID_POSTCODE'],
    ['a postcode district', 'postcode=RG30', 400, 'INVALID_POSTCODE'],
    ['another parameter', 'postcode=RG30%201AA&level=lsoa', 400, 'INVALID_PARAMETERS'],
    ['a postcode no dataset places', 'postcode=RG99%209ZZ', 404, 'POSTCODE_NOT_FOUND'],
    // RG1 2AR: LSOA E01016378 and MSOA E02003399 both changed in 2021, and ONSPD is not imported.
    ['a postcode whose areas both changed in 2021', 'postcode=RG1%202AR', 404, 'AREA_2021_UNKNOWN'],
    // RG1 3LT is in Wokingham, which the demo tables do not cover.
    ['a postcode the tables do not cover', 'postcode=RG1%203LT', 404, 'AREA_STATISTICS_NOT_FOUND'],
  ])('%s (%s): %i %s', async (_what, query, status, code) => {
    const r = await charged(query, 0);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
  });
});

describe('a table imported later', () => {
  it('adds accommodation type (the SYNTHETIC TS044 fixture) where it is loaded, flagged synthetic in sources', async () => {
    const imported = await world.importDataset('census-2021', [synthetic044], {
      synthetic: 'SYNTHETIC TS044 accommodation types, test fixture',
    });
    expect(imported.vintage).toBe('Census 2021: TS007A, TS054, TS044');
    const r = await charged('postcode=RG30%201AA', 2);
    // The fixture's header quotes the labels that hold commas (its lines of counts hold none, so they split on commas).
    const lines = readFileSync(synthetic044, 'utf8').split('\n');
    expect(lines[0]).toContain(',"Accommodation type: Part of a converted or shared house, including bedsits",');
    const fields = (lines.find((l) => l.includes(',E01016360,')) as string).split(',');
    const total = Number(fields[3]);
    const counts = fields.slice(4).map(Number);
    expect(r.body.data.lsoa.accommodationType).toEqual({
      table: 'TS044',
      total,
      categories: [
        ['detached', 'Detached'],
        ['semi_detached', 'Semi-detached'],
        ['terraced', 'Terraced'],
        ['purpose_built_flat', 'In a purpose-built block of flats or tenement'],
        ['converted_or_shared_house', 'Part of a converted or shared house, including bedsits'],
        ['other_converted_building', 'Part of another converted building, for example, former school, church or warehouse'],
        ['commercial_building', 'In a commercial building, for example, in an office building, hotel or over a shop'],
        ['caravan_or_temporary_structure', 'A caravan or other mobile or temporary structure'],
      ].map(([key, label], i) => ({ key, label, count: counts[i], sharePercent: share(counts[i] as number, total), parts: [] })),
    });
    expect(r.body.data.msoa.accommodationType).toBeNull();
    expect(r.body.data.lsoa.tenure).toEqual(figures('E01016360', 'lsoa').tenure);
    expect(r.body.sources[0]).toMatchObject({ dataset: 'census-2021', synthetic: true });
  });
});
