import { readFileSync } from 'node:fs';
import { demoFile, demoLookupWith, e2eFixture, onspdSample } from '../support/e2e';

// GET /area/deprivation through the whole stack: the demo region's rows of File 7 of the English Indices of
// Deprivation 2025 and its postcode files, imported with the import command. Expected values are the file's own
// (split on commas: no data row of these districts has a quoted field; columns in the published order: 4 names, then
// Score/Rank/Decile of the IMD, income, employment, education, health, crime, barriers, living environment, IDACI,
// IDAOPI, the six sub-domains, then four populations). 1 credit an answer, 0 for a refusal.

const iodFile = demoFile('File_7_IoD2025_All_Ranks_Scores_Deciles_Population_Denominators_E06000037_E06000038_E08000035.csv');
const iodRows = new Map(
  readFileSync(iodFile, 'utf8')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => [l.split(',')[0] as string, l.split(',')]),
);

// The postcode lookup the stack holds: the demo region's, and the Cardiff CF10 1 sector's rows of the real national
// file (for Welsh postcodes), as published.
const lookup = demoLookupWith((l) => l.startsWith('"CF101'));

const world = e2eFixture({
  caller: { credits: 1_000 },
  imports: ['codepoint-open', { dataset: 'ons-postcode-lookup', files: [lookup.file] }, onspdSample],
});
beforeAll(async () => expect(await world.importDataset('iod', [iodFile])).toMatchObject({ rows: 687 }));

const charged = (postcode: string, credits: number) =>
  world.caller.paying(credits).get(`/area/deprivation?postcode=${encodeURIComponent(postcode)}`);

const measure = (f: string[], at: number) => ({ score: Number(f[at]), rank: Number(f[at + 1]), decile: Number(f[at + 2]) });

describe('a postcode in the indices', () => {
  it.each([
    // RG30 1AA: the lookup's LSOA E01016360 (Reading 007D), unchanged for 2021; LS1 4AP: E01033015 (Leeds 111D).
    ['RG30 1AA', 'rg301aa', 'E01016360', 'Reading 007D', 'E06000038', 'Reading'],
    ['LS1 4AP', 'LS14AP', 'E01033015', 'Leeds 111D', 'E08000035', 'Leeds'],
  ])('%s: every measure as the file has it', async (postcode, asTyped, code, name, ladCode, ladName) => {
    const r = await charged(asTyped, 1);
    const f = iodRows.get(code) as string[];
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      postcode,
      lsoa: { code, name, via: 'unchanged_since_2011' },
      localAuthority: { code: ladCode, name: ladName },
      overall: measure(f, 4),
      domains: {
        income: measure(f, 7),
        employment: measure(f, 10),
        education: measure(f, 13),
        health: measure(f, 16),
        crime: measure(f, 19),
        barriersToHousingAndServices: measure(f, 22),
        livingEnvironment: measure(f, 25),
        incomeDeprivationAffectingChildren: measure(f, 28),
        incomeDeprivationAffectingOlderPeople: measure(f, 31),
      },
      subDomains: {
        childrenAndYoungPeople: measure(f, 34),
        adultSkills: measure(f, 37),
        geographicalBarriers: measure(f, 40),
        widerBarriers: measure(f, 43),
        indoors: measure(f, 46),
        outdoors: measure(f, 49),
      },
      population: { total: Number(f[52]), children0to15: Number(f[53]), olderPeople60Plus: Number(f[54]), workingAge18to66: Number(f[55]) },
    });
    expect((r.body.sources as Array<{ dataset: string; vintage: string }>).map((s) => [s.dataset, s.vintage])).toEqual([
      ['iod', 'IoD2025'],
      ['codepoint-open', '2025.2.0'],
      ['ons-postcode-lookup', '2022-05'],
    ]);
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    ['CF10 1AA', 'Wales'],
    ['AB10 1AB', 'Scotland'],
    ['BT1 1AA', 'Northern Ireland'],
  ])('%s is outside England (%s): 400 OUTSIDE_ENGLAND', async (postcode, nation) => {
    const r = await charged(postcode, 0);
    expect([r.status, r.body.error.code]).toEqual([400, 'OUTSIDE_ENGLAND']);
    expect(r.body.error.message).toContain(nation);
  });

  it('answers 404 AREA_2021_UNKNOWN for a postcode whose 2011 LSOA changed for 2021 (RG1 1DD: E01016442)', async () => {
    const r = await charged('RG1 1DD', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'AREA_2021_UNKNOWN']);
    expect(r.body.error.message).toContain('E01016442');
  });

  it('answers 404 DEPRIVATION_NOT_FOUND for an English LSOA the imported rows do not hold (WF1 1AA: Wakefield)', async () => {
    const r = await charged('WF1 1AA', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'DEPRIVATION_NOT_FOUND']);
  });

  it('answers 404 for a postcode no dataset holds, and 400 INVALID_POSTCODE for one missing or malformed', async () => {
    expect((await charged('RG30 0ZZ', 0)).body.error.code).toBe('POSTCODE_NOT_FOUND');
    expect((await charged('RG30', 0)).body.error.code).toBe('INVALID_POSTCODE');
    const none = await world.caller.get('/area/deprivation');
    expect([none.status, none.body.error.code, none.headers.get('x-credits-charged')]).toEqual([400, 'INVALID_POSTCODE', '0']);
  });
});
