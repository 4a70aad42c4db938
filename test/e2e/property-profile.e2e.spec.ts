import { PropertyProfileResponse } from '@pds/contracts';
import { runAudit } from '../support/audit';
import { chargedCredits as charged, demoFile, e2eFixture, testDataFile, type Caller } from '../support/e2e';

// POST /property/profile through the whole stack: the demo region's SYNTHETIC addresses (with a SYNTHETIC Welsh and a
// Scottish address in the same layout), certificates, INSPIRE polygons and planning constraints, and the registry test
// environment's titles (194 Oxford Road: one freehold; 250 Oxford Road: two freeholds; 9 Heol y Felin, Cardiff: a
// Welsh freehold). infra/demo-data/src/planning/constraints.ts centres a 300 m conservation area square and a
// 500 m Article 4 direction square on RG30 1AA's point and places a listed building 10 m east of it: 194 Oxford Road's
// point is about 4 m from that listed building, inside both squares. Every part is checked against the answer of the
// operation that owns it, asked separately; every profile is read by the specification's schema (strict at every
// level). 100 credits per completed profile, nothing for an incomplete one or a refusal.

const synthetic = 'SYNTHETIC test import';
/** Each part's budget here; the registry's slow fault holds a search longer than this and than the work timeout (5 s). */
const budgetMs = 2_500;

const oxfordRoad194 = '993262081585';
const oxfordRoad250 = '995106020908';
const heolYFelin = '10002515320';
const princesStreet = '906700000101';

const world = e2eFixture({
  env: { PROFILE_PART_BUDGET_MS: String(budgetMs) },
  imports: [
    'codepoint-open',
    {
      dataset: 'addressbase',
      files: [
        demoFile('SYNTHETIC_AddressBasePlus_FULL_2026-10-01_RG30_RG31.csv.gz'),
        testDataFile('SYNTHETIC_AddressBasePlus_FULL_2026-10-01_WALES_SCOTLAND.csv'),
      ],
      synthetic,
    },
    'epc-domestic',
  ],
});

const customer = (credits = 10_000) => world.fundedCaller({ credits });
const profile = (c: Caller, body: unknown) => c.send('POST', '/property/profile', body);

/** The profile, read by the specification's schema: any property not in the table fails here. */
const read = (r: { status: number; body: unknown }) => {
  expect(r.status).toBe(200);
  const parsed = PropertyProfileResponse.safeParse(r.body);
  if (!parsed.success) throw new Error(`not the specification's profile: ${JSON.stringify(parsed.error.issues)}`);
  return parsed.data;
};

/** The planning constraints applying at a point, asked of the planning constraints operation and filtered by hand. */
const constraintsAt = async (c: Caller, latitude: number, longitude: number) => {
  const r = await c.get('/area/planning-constraints', {
    latitude: String(latitude),
    longitude: String(longitude),
    radiusMetres: '10',
  });
  expect(r.status).toBe(200);
  return (r.body.data.constraints as { type: string; distanceMetres: number }[]).filter(
    (c) => c.distanceMetres === 0 || (c.type === 'listed-building' && c.distanceMetres <= 10),
  );
};

describe('before the INSPIRE polygons and planning constraints are imported', () => {
  it('answers an incomplete profile, naming what could not be had, and charges nothing for it', async () => {
    const c = await customer();
    const r = await profile(c, { property: { uprn: oxfordRoad194 } });
    const p = read(r);
    expect([charged(r), p.billing.creditsCharged, p.billing.creditsRemaining]).toEqual([0, 0, 10_000]);
    expect(await c.balance()).toBe(10_000);
    expect(p.data.complete).toBe(false);
    expect(p.data.unavailable).toEqual(['planningConstraints', 'registeredArea']);
    expect(p.data.title).toEqual({
      status: 'matched',
      titleNumber: 'BK301194',
      tenure: 'freehold',
      matchedAddress: '194 Oxford Road, Reading RG30 1AA',
    });
    expect(p.data.facts).toEqual({ legalTenure: 'freehold', planningConstraintCount: 0 });
    expect(runAudit(world.databaseUrl).code).toBe(0);
  });
});

describe('POST /property/profile', () => {
  beforeAll(async () => {
    await world.importDataset('inspire');
    const planning = ['conservation-area', 'listed-building', 'flood-risk-zone', 'article-4-direction-area', 'tree-preservation-zone'];
    await world.importDataset(
      'planning-data',
      planning.map((d) => demoFile(`SYNTHETIC_planning-data_${d}_RG30_RG31.csv.gz`)),
      { synthetic },
    );
  }, 300_000);

  it('profiles 194 Oxford Road by UPRN: its freehold title, registered area, constraints and enquiries; 100 credits', async () => {
    const c = await customer();
    const r = await profile(c, { property: { uprn: oxfordRoad194 } });
    const p = read(r);
    expect([charged(r), p.billing.creditsCharged, await c.balance()]).toEqual([100, 100, 9_900]);
    const d = p.data;
    expect([d.complete, d.unavailable]).toEqual([true, []]);
    expect(d.property).toMatchObject({ uprn: oxfordRoad194, postcode: 'RG30 1AA' });
    expect(d.property.address).toMatch(/^194 Oxford Road/i);
    expect(d.title).toEqual({
      status: 'matched',
      titleNumber: 'BK301194',
      tenure: 'freehold',
      matchedAddress: '194 Oxford Road, Reading RG30 1AA',
    });

    // The registered area is the boundary lookup's polygon; the constraints are the planning operation's at the point.
    const boundary = await c.get('/property/boundary', { uprn: oxfordRoad194 });
    expect(d.facts.registeredAreaSqM).toBe(boundary.body.data.boundary.areaSquareMetres);
    const { latitude, longitude } = d.property.coordinates!;
    expect([latitude, longitude]).toEqual([boundary.body.data.property.latitude, boundary.body.data.property.longitude]);
    const applying = await constraintsAt(c, latitude, longitude);
    expect(applying.map((x) => x.type).sort()).toEqual(['article-4-direction-area', 'conservation-area', 'listed-building']);
    expect(d.facts.planningConstraintCount).toBe(applying.length);

    // No certificate is registered for it (the EPC lookup says so), so the facts have none of a certificate's.
    expect((await c.get('/property/epc', { uprn: oxfordRoad194 })).body.error?.code).toBe('EPC_NOT_FOUND');
    expect(d.facts).toEqual({ legalTenure: 'freehold', registeredAreaSqM: d.facts.registeredAreaSqM, planningConstraintCount: 3 });
    expect(d.enquiries.map((e) => [e.code, e.priority])).toEqual([
      ['LISTED_BUILDING', 'high'],
      ['NO_ENERGY_CERTIFICATE', 'medium'],
      ['ARTICLE_4_DIRECTION', 'medium'],
      ['CONSERVATION_AREA', 'medium'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
    expect(d.manualReviewRequired).toBe(true);
    expect(p.sources.map((s) => s.dataset).sort()).toEqual(['addressbase', 'inspire', 'planning-data']);
  });

  it("takes a certificate's facts but never its assessor's tenure: 110 Salisbury Road by address, no title registered", async () => {
    const c = await customer();
    const r = await profile(c, { property: { address: '110 Salisbury Road', postcode: 'rg301bn' } });
    const d = read(r).data;
    expect(charged(r)).toBe(100);
    const epc = (await c.get('/property/epc', { address: '110 Salisbury Road', postcode: 'RG30 1BN' })).body.data.latest;
    expect(epc.assessorRecordedTenure).not.toBeNull();
    expect(d.title).toMatchObject({ status: 'no_match', reason: 'NO_REGISTERED_TITLE' });
    const band = /(\d{4}-\d{4}|before \d{4}|\d{4} onwards)$/.exec(epc.constructionAgeBand)![1];
    expect(d.facts).toEqual({
      propertyType: epc.propertyType,
      builtForm: epc.builtForm,
      floorAreaSqM: epc.floorAreaSqM,
      buildingAge: { period: band },
      planningConstraintCount: (await constraintsAt(c, d.property.coordinates!.latitude, d.property.coordinates!.longitude)).length,
    });
    expect(JSON.stringify(d)).not.toContain(epc.assessorRecordedTenure);
    expect(epc.currentRating).toBe('F');
    expect(d.enquiries.slice(0, 2).map((e) => e.code)).toEqual(['NO_REGISTERED_TITLE', 'ENERGY_RATING_BELOW_MINIMUM']);
    expect([d.manualReviewRequired, d.complete]).toEqual([true, true]);
  });

  it('shows both freehold titles of 250 Oxford Road for a person to settle, with the tenure they share', async () => {
    const c = await customer();
    const d = read(await profile(c, { property: { uprn: oxfordRoad250 } })).data;
    expect(d.title).toEqual({
      status: 'multiple_titles',
      reason: 'MULTIPLE_TITLES',
      message: expect.stringContaining('2 titles'),
      candidates: [
        { titleNumber: 'BK302250', tenure: 'freehold', matchedAddress: '250 Oxford Road, Reading RG30 1AB' },
        { titleNumber: 'BK302251', tenure: 'freehold', matchedAddress: 'Land at the rear of 250 Oxford Road, Reading RG30 1AB' },
      ],
    });
    expect(d.facts.legalTenure).toBe('freehold');
    expect(d.enquiries[0]).toMatchObject({ code: 'MULTIPLE_TITLES', priority: 'high' });
    expect([d.manualReviewRequired, d.complete]).toEqual([true, true]);
  });

  it('profiles a Welsh property in part: its title, no England-only planning constraints, an enquiry saying so', async () => {
    const c = await customer();
    const r = await profile(c, { property: { address: '9 Heol y Felin', postcode: 'CF14 9ZZ' } });
    const d = read(r).data;
    expect(charged(r)).toBe(100);
    expect(d.property).toMatchObject({ uprn: heolYFelin, postcode: 'CF14 9ZZ' });
    expect(d.title).toMatchObject({ status: 'matched', titleNumber: 'CYM604817', tenure: 'freehold' });
    expect(d.facts).toEqual({ legalTenure: 'freehold', planningConstraintCount: 0 });
    expect(d.enquiries.map((e) => e.code)).toEqual(['NO_ENERGY_CERTIFICATE', 'PLANNING_NOT_COVERED_IN_WALES', 'COUNCIL_TAX_BAND']);
    expect([d.complete, d.unavailable, d.manualReviewRequired]).toEqual([true, [], false]);
  });

  it('refuses Scotland and Northern Ireland, bad bodies and unknown or ambiguous properties, charging nothing', async () => {
    const c = await customer();
    const cases: [unknown, number, string][] = [
      [{ property: { uprn: princesStreet } }, 400, 'OUTSIDE_ENGLAND_AND_WALES'],
      [{ property: { address: '1 Princes Street', postcode: 'EH2 9ZZ' } }, 400, 'OUTSIDE_ENGLAND_AND_WALES'],
      [{ property: { address: '1 Donegall Square', postcode: 'BT1 5GS' } }, 400, 'OUTSIDE_ENGLAND_AND_WALES'],
      [{}, 400, 'INVALID_PARAMETERS'],
      [{ uprn: oxfordRoad194 }, 400, 'INVALID_PARAMETERS'],
      [{ property: { uprn: oxfordRoad194 }, extra: 1 }, 400, 'INVALID_PARAMETERS'],
      [{ property: { uprn: oxfordRoad194, address: '194 Oxford Road', postcode: 'RG30 1AA' } }, 400, 'INVALID_PARAMETERS'],
      [{ property: { uprn: oxfordRoad194, colour: 'red' } }, 400, 'INVALID_PARAMETERS'],
      [{ property: { address: '194 Oxford Road', postcode: 'RG30' } }, 400, 'INVALID_PARAMETERS'],
      [{ property: { uprn: '1' } }, 404, 'PROPERTY_NOT_FOUND'],
      [{ property: { address: 'Wheeler Court', postcode: 'RG31 6JB' } }, 409, 'ADDRESS_AMBIGUOUS'],
    ];
    for (const [body, status, code] of cases) {
      const r = await profile(c, body);
      expect([JSON.stringify(body), r.status, r.body.error?.code, charged(r)]).toEqual([JSON.stringify(body), status, code, 0]);
      expect(r.headers.get('x-credits-remaining')).toBe('10000');
    }
    const ambiguous = await profile(c, { property: { address: 'Wheeler Court', postcode: 'RG31 6JB' } });
    expect(ambiguous.body.error.candidates.length).toBeGreaterThan(30);
    expect((await world.send('POST', '/property/profile', 'not-a-key', { property: { uprn: oxfordRoad194 } })).status).toBe(401);
    const poor = await customer(99);
    const refused = await profile(poor, { property: { uprn: oxfordRoad194 } });
    expect([refused.status, refused.body.error?.code, charged(refused)]).toEqual([402, 'INSUFFICIENT_CREDITS', 0]);
    expect([await c.balance(), await poor.balance()]).toEqual([10_000, 99]);
  });

  it('carries a registry delay as the title with its retry time, answered free so that asking again costs once', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'search', mode: 'delay', retryAfterSeconds: 120, times: 1 }]);
    const r = await profile(c, { property: { uprn: oxfordRoad194 } });
    const d = read(r).data;
    expect(d.title).toMatchObject({ status: 'delayed', reason: 'LAND_REGISTRY_DELAYED' });
    expect(Date.parse(d.title.retryAfter!) - Date.now()).toBeGreaterThan(100_000);
    expect([d.complete, d.unavailable, d.manualReviewRequired, charged(r)]).toEqual([false, ['title'], true, 0]);
    // Without a title the tenure is not known, so neither is whether the INSPIRE polygon is the property's.
    expect(d.facts).toEqual({ planningConstraintCount: 3 });
    expect(await c.balance()).toBe(10_000);
    const again = await profile(c, { property: { uprn: oxfordRoad194 } });
    expect([read(again).data.complete, charged(again), await c.balance()]).toEqual([true, 100, 9_900]);
  });

  it('leaves out a registry slower than the budget (the rest answered), and charges nothing', async () => {
    const c = await customer();
    await world.registry.setFaults([{ operation: 'search', mode: 'slow', delayMs: 7_000, times: 1 }]);
    const r = await profile(c, { property: { uprn: oxfordRoad194 } });
    const d = read(r).data;
    // TIME_BUDGET_EXCEEDED, not UPSTREAM_TIMEOUT: the budget (2.5 s), not the work timeout (5 s), ended the wait.
    expect(d.title).toMatchObject({ status: 'unavailable', reason: 'TIME_BUDGET_EXCEEDED' });
    expect([d.complete, d.unavailable, charged(r)]).toEqual([false, ['title'], 0]);
    expect(d.facts.planningConstraintCount).toBe(3);
    expect(await c.balance()).toBe(10_000);
    expect(runAudit(world.databaseUrl).code).toBe(0);
  });
});
