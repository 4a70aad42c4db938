import { e2eFixture, testDataFile } from '../support/e2e';

// GET /property/ownership through the whole stack, over SYNTHETIC files in HM Land Registry's CCOD and OCOD layouts
// (services/location/test-data): the October full file, the November change-only file applied to it, and an overseas
// companies full file. 1 credit per lookup, also when no company owns the title.

const world = e2eFixture({ caller: { credits: 1_000 } });

const importFile = (dataset: string, file: string) =>
  world.importDataset(dataset, [testDataFile(file)], { synthetic: 'SYNTHETIC company ownership for tests' });
const ownership = (query: Record<string, string>, credits: number) => world.caller.paying(credits).get('/property/ownership', query);

describe('ownership', () => {
  it('answers 503 before either dataset is imported, charging nothing', async () => {
    const r = await ownership({ titleNumber: 'BK999901' }, 0);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });

  describe('with the company datasets', () => {
    beforeAll(async () => {
      await importFile('ccod', 'SYNTHETIC_CCOD_FULL_2026_10.csv');
      await importFile('ccod', 'SYNTHETIC_CCOD_COU_2026_11.csv');
      await importFile('ocod', 'SYNTHETIC_OCOD_FULL_2026_10.csv');
    }, 120_000);

    it('names the company owning a title, as the change-only file left it', async () => {
      const r = await ownership({ titleNumber: 'bk 999901' }, 1);
      expect(r.body.data).toMatchObject({ query: { titleNumber: 'BK999901', postcode: null }, companyOwned: true });
      expect(r.body.data.titles).toEqual([
        {
          titleNumber: 'BK999901',
          tenure: 'freehold',
          propertyAddress: '60 Western Elms Avenue, Reading (RG30 2AN)',
          postcode: 'RG30 2AN',
          ownerKind: 'uk-company',
          proprietors: [
            {
              name: 'SYNTHETIC LETTINGS LLP',
              companyRegistrationNo: 'OC999901',
              category: 'Limited Liability Partnership',
              countryIncorporated: null,
              address: ['3 Example Street', 'Reading', 'RG1 1AC'],
            },
          ],
          otherProprietorsNotNamed: false,
          dateProprietorAdded: '2026-10-17',
          pricePaid: 610_000,
          multipleAddresses: false,
        },
      ]);
      expect(r.body.sources.map((s: { dataset: string; synthetic?: boolean }) => [s.dataset, s.synthetic])).toEqual([
        ['ccod', true],
        ['ocod', true],
      ]);
    });

    it("lists a postcode's company-owned titles, UK and overseas, never naming an individual", async () => {
      const r = await ownership({ postcode: 'rg302an' }, 1);
      const titles = r.body.data.titles as Array<{ titleNumber: string; ownerKind: string; otherProprietorsNotNamed: boolean }>;
      expect(titles.map((x) => [x.titleNumber, x.ownerKind, x.otherProprietorsNotNamed])).toEqual([
        ['BK999901', 'uk-company', false],
        ['BK999902', 'uk-company', true], // shared with an owner the dataset leaves out
        ['BK999904', 'uk-company', false],
        ['BK999905', 'overseas-company', false],
      ]);
      expect(r.body.data.titles[3].proprietors[0].countryIncorporated).toBe('BRITISH VIRGIN ISLANDS');
    });

    it('says where to read the register when no company owns the title (deleted by the change file)', async () => {
      const r = await ownership({ titleNumber: 'BK999903' }, 1);
      expect(r.body.data).toMatchObject({ titles: [], companyOwned: false });
      expect(r.body.data.note).toMatch(/private individual or a charity.*official copy/);
    });

    it.each([[{}], [{ titleNumber: 'BK999901', postcode: 'RG30 2AN' }], [{ titleNumber: '!' }], [{ postcode: 'RG30' }]])(
      '%j: 400 INVALID_PARAMETERS, charging nothing',
      async (query) => {
        const r = await ownership(query as Record<string, string>, 0);
        expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PARAMETERS']);
      },
    );
  });
});
