import { e2eFixture } from '../support/e2e';

// GET /property/compliance through the whole stack, over the demo region's SYNTHETIC addresses, certificates and
// planning constraints (infra/demo-data/src/planning/constraints.ts places each by a real postcode: a 300 m
// conservation area square on RG30 1AA, flood zones 3 (400 m) and 2 (800 m) on RG30 4UN). The energy check is read
// against the EPC lookup's own answer and the 2015 Regulations' rule (E or better); the planning checks against the
// planning constraints operation's own answer at the property's position. 5 credits when a check is made.

const world = e2eFixture({
  caller: { credits: 10_000 },
  imports: ['codepoint-open', 'ons-postcode-lookup', 'addressbase', 'epc-domestic'],
});

const get = (path: string, query: Record<string, string>) => world.caller.get(path, query);
const compliance = (query: Record<string, string>, credits: number) => world.caller.paying(credits).get('/property/compliance', query);
const positionOf = async (uprn: string) =>
  (await world.db.query('SELECT latitude, longitude FROM addresses WHERE uprn = $1', [uprn])).rows[0] as {
    latitude: number;
    longitude: number;
  };
/** 110 Salisbury Road, RG30 1BN: its latest SYNTHETIC certificate is rated F. */
const ratedF = '994150618187';

describe('before the planning datasets are imported', () => {
  it('checks the energy rating against the 2015 Regulations, and says the planning checks were not made', async () => {
    const r = await compliance({ uprn: ratedF }, 5);
    expect(r.status).toBe(200);
    const c = r.body.data;
    const epc = (await get('/property/epc', { uprn: ratedF })).body.data.latest;
    expect(epc.currentRating).toBe('F');
    expect(c.minimumEnergyEfficiency).toEqual({
      checked: true,
      status: 'below-minimum',
      reason: expect.stringMatching(/below E/),
      rating: 'F',
      certificateNumber: epc.certificateNumber,
      expiresOn: epc.expiresOn,
      certificateValid: !epc.expired,
    });
    for (const check of ['listedBuilding', 'conservationArea', 'floodZone'])
      expect([check, c[check]]).toEqual([
        check,
        { checked: false, status: 'not-checked', reason: expect.stringMatching(/not imported/), entries: [] },
      ]);
    expect(c.notChecked).toEqual(['listedBuilding', 'conservationArea', 'floodZone']);
    expect(c.property).toMatchObject({ uprn: ratedF, postcode: 'RG30 1BN', position: await positionOf(ratedF) });
  });
});

describe('with the planning datasets', () => {
  beforeAll(() => world.importDataset('planning-data'));

  /** The planning constraints operation's own answer at the property's position, 10 m around. */
  const constraintsAt = async (uprn: string) => {
    const { latitude, longitude } = await positionOf(uprn);
    const r = await get('/area/planning-constraints', { latitude: String(latitude), longitude: String(longitude), radiusMetres: '10' });
    return r.body.data.constraints as Array<{ type: string; distanceMetres: number; details: Record<string, string> }>;
  };

  it('finds the conservation area the property lies in (RG30 1AA, inside the 300 m square)', async () => {
    const uprn = (await world.db.query("SELECT uprn::text AS uprn FROM addresses WHERE postcode = 'RG30 1AA' ORDER BY uprn LIMIT 1"))
      .rows[0].uprn;
    const c = (await compliance({ uprn }, 5)).body.data;
    expect(c.conservationArea).toMatchObject({ checked: true, status: 'in-conservation-area' });
    expect(c.conservationArea.entries.map((e: { name: string }) => e.name)).toEqual(['Synthetic Oxford Road Conservation Area']);
    const listed = (await constraintsAt(uprn)).filter(
      (x) => x.type === 'listed-building' || (x.type === 'listed-building-outline' && x.distanceMetres === 0),
    );
    expect(c.listedBuilding).toMatchObject({ checked: true, status: listed.length > 0 ? 'listed' : 'not-listed', entries: listed });
    expect(c.floodZone).toMatchObject({ checked: true, status: 'flood-zone-1', entries: [] });
  });

  it('finds flood zone 3 where a property lies in it (near RG30 4UN)', async () => {
    const near = (
      await world.db.query("SELECT uprn::text AS uprn FROM addresses WHERE postcode LIKE 'RG30 4%' ORDER BY uprn LIMIT 60")
    ).rows.map((r) => r.uprn as string);
    let found: string | undefined;
    for (const uprn of near) {
      const zones = (await constraintsAt(uprn)).filter((x) => x.type === 'flood-risk-zone' && x.distanceMetres === 0);
      if (zones.some((z) => z.details['flood-risk-level'] === '3')) {
        found = uprn;
        break;
      }
    }
    expect(found).toBeDefined();
    const c = (await compliance({ uprn: found! }, 5)).body.data;
    expect(c.floodZone).toMatchObject({ checked: true, status: 'flood-zone-3' });
    expect(c.floodZone.entries.map((e: { details: Record<string, string> }) => e.details['flood-risk-level']).sort()).toEqual(['2', '3']);
    expect(c.conservationArea.status).toBe('not-in-conservation-area');
  });

  it('does not check the planning of a property whose position is not known, and says why', async () => {
    const c = (await compliance({ address: '999 Salisbury Road', postcode: 'RG30 1BN' }, 5)).body.data;
    expect(c.property.position).toBeNull();
    expect(c.floodZone).toEqual({
      checked: false,
      status: 'not-checked',
      reason: expect.stringMatching(/position is not known/),
      entries: [],
    });
    expect(c.minimumEnergyEfficiency).toMatchObject({ checked: true, status: 'no-certificate' });
  });
});

describe('refusals, charging nothing', () => {
  it.each([
    [{}, 400, 'INVALID_PARAMETERS'],
    [{ uprn: ratedF, postcode: 'RG30 1BN' }, 400, 'INVALID_PARAMETERS'],
    [{ address: '1 Princes Street', postcode: 'EH2 2AN' }, 400, 'OUTSIDE_ENGLAND_AND_WALES'],
  ])('%j: %i %s', async (query, status, code) => {
    const r = await compliance(query as Record<string, string>, 0);
    expect([r.status, r.body.error.code]).toEqual([status, code]);
  });

  it('answers 401 without a key', async () => {
    const r = await world.call(`/api/v1/property/compliance?uprn=${ratedF}`);
    expect([r.status, r.headers.get('x-credits-charged')]).toEqual([401, '0']);
  });
});
