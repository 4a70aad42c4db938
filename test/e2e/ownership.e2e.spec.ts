import { DateTime } from 'luxon';
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

// GET /property/ownership/registered-proprietors: the registry's own names (Business Gateway's Registered Proprietor
// Names, in the registry test environment), private individuals included. 20 credits an answer; the names expected
// are the proprietors the titles' registers name (infra/src/registry-simulator/titles, and the developer pack's stub).
describe('registered proprietors, as the registry names them', () => {
  const londonAt = (local: string) => world.clock.set(DateTime.fromISO(local, { zone: 'Europe/London' }).toJSDate());
  const proprietors = (titleNumber: string, credits: number) =>
    world.caller.paying(credits).get('/property/ownership/registered-proprietors', { titleNumber });
  beforeEach(() => londonAt(DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 10, minute: 0 }).toISO() as string));

  it('names the private individuals who own a title, for 20 credits', async () => {
    const r = await proprietors('bk509231', 20);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      titleNumber: 'BK509231',
      titleStatus: 'open',
      continuedUnderTitleNumber: null,
      proprietors: [
        {
          kind: 'private_individual',
          name: 'DAVID ALAN PRESCOTT',
          title: null,
          forenames: 'DAVID ALAN',
          surname: 'PRESCOTT',
          decoration: null,
        },
        {
          kind: 'private_individual',
          name: 'HANNAH MAY PRESCOTT',
          title: null,
          forenames: 'HANNAH MAY',
          surname: 'PRESCOTT',
          decoration: null,
        },
      ],
    });
  });

  it('names a company as an organisation, and the registry’s own stub individual with title and decoration', async () => {
    const company = await proprietors('NGL402216', 20);
    expect(company.body.data.proprietors).toEqual([
      {
        kind: 'organisation',
        name: 'ELLERY ROAD ESTATES LIMITED',
        organisationType: 'LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY',
        companyLocation: 'ENGLAND_OR_WALES',
      },
    ]);
    const stub = await proprietors('AB1208001', 20);
    expect(stub.body.data.proprietors).toEqual([
      { kind: 'private_individual', name: 'Mr Joe Bloggs OBE', title: 'Mr', forenames: 'Joe', surname: 'Bloggs', decoration: 'OBE' },
    ]);
  });

  it('names none for a closed title, saying where it continues', async () => {
    const r = await proprietors('WSX118204', 20);
    expect(r.body.data).toEqual({
      titleNumber: 'WSX118204',
      titleStatus: 'closed_and_continued',
      continuedUnderTitleNumber: 'WSX402781',
      proprietors: [],
    });
  });

  it('answers 404 for a title the registry does not hold, and 503 with the opening time outside its hours, charging nothing', async () => {
    const missing = await proprietors('ZZ999999', 0);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'TITLE_NOT_FOUND']);
    londonAt(DateTime.now().setZone('Europe/London').plus({ days: 1 }).set({ hour: 23, minute: 30 }).toISO() as string);
    const closed = await proprietors('BK509231', 0);
    expect([closed.status, closed.body.error.code]).toEqual([503, 'LAND_REGISTRY_DELAYED']);
    expect(DateTime.fromISO(closed.body.error.retryAfter).setZone('Europe/London').toFormat('HH:mm')).toBe('06:30');
    expect(Number(closed.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
