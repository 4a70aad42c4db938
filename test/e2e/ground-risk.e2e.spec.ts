import { bngToWgs84 } from '@pds/geo';
import { groundRiskSimulatorDescription, syntheticGroundLayers } from '@pds/infra';
import { e2eFixture, onspdSample } from '../support/e2e';
import { haversineMetres } from '../support/sphere-distance';

// GET /property/ground-risk through the whole stack, against the map services' test environment and its SYNTHETIC
// layers (infra/src/open-data-simulator/ground/layers.ts: each shape placed by a postcode's Code-Point Open position,
// quoted there), the demo region's postcode files and the ONSPD sample (Aberdeen, Scotland). Each expectation is worked
// out from those shapes by hand; landslide distances are computed here (test/support/sphere-distance.ts) from the
// postcode's position and the landslide's. 5 credits a screen, a partial one too; 0 for a refusal or a failed screen.

const world = e2eFixture({ caller: { credits: 1_000 }, imports: ['codepoint-open', 'ons-postcode-lookup', onspdSample] });

const screen = (query: string, credits: number) => world.caller.paying(credits).get(`/property/ground-risk?${query}`);
const byPostcode = (postcode: string, radiusMetres?: number) =>
  screen(`postcode=${encodeURIComponent(postcode)}${radiusMetres ? `&radiusMetres=${radiusMetres}` : ''}`, 5);
const positionOf = async (postcode: string) => (await world.caller.get(`/postcodes/${encodeURIComponent(postcode)}`)).body.data;

/** A synthetic landslide's distance from a postcode, worked out here. */
const landslideDistance = async (postcode: string, n: number) => {
  const l = syntheticGroundLayers.landslides.find((x) => x.number === n)!;
  const p = bngToWgs84(l.easting, l.northing);
  return Math.round(
    haversineMetres(await positionOf(postcode), { latitude: Number(p.latitude.toFixed(6)), longitude: Number(p.longitude.toFixed(6)) }),
  );
};

describe('the demo region: no coal, landslides and geology', () => {
  it('RG30 1AA: nothing of concern, every source answered, with the disclaimer and the synthetic sources', async () => {
    const r = await byPostcode('RG30 1AA');
    const position = await positionOf('RG30 1AA');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      location: { postcode: 'RG30 1AA', country: 'england', latitude: position.latitude, longitude: position.longitude, radiusMetres: 250 },
      coverage: 'great-britain',
      complete: true,
      riskLevel: 'none',
      coalMining: { status: 'clear', riskLevel: 'none', reportingArea: false, developmentHighRiskArea: false, matchedLayers: [] },
      landslides: { status: 'clear', riskLevel: 'none', count: 0, records: [] },
      // Bedrock everywhere south of the divide, river terrace deposits within 500 m of RG30 1AA.
      geology: {
        status: 'clear',
        riskLevel: 'none',
        features: [
          { label: 'Bedrock', description: 'London Clay Formation (synthetic): clay, silt and sand (Ypresian Age)' },
          {
            label: 'Superficial',
            description: 'River Terrace Deposits (synthetic): sand and gravel (Pleistocene Epoch to Holocene Epoch)',
          },
        ],
      },
      unavailable: [],
    });
    expect(r.body.data.disclaimer).toMatch(/not a stability conclusion/);
    const sources = r.body.sources as Array<{ dataset: string; synthetic?: boolean; attribution: string }>;
    expect(sources.map((s) => s.dataset)).toEqual([
      'coal-mining-layers',
      'bgs-landslides',
      'bgs-geology-50k',
      'codepoint-open',
      'ons-postcode-lookup',
    ]);
    expect(sources.slice(0, 3).every((s) => s.synthetic === true && s.attribution === groundRiskSimulatorDescription)).toBe(true);
  });

  it('RG31 5PD: a recorded landslide within 50 m gives high', async () => {
    const distance = await landslideDistance('RG31 5PD', 90001);
    expect(distance).toBeLessThanOrEqual(50);
    const r = await byPostcode('RG31 5PD');
    expect(r.body.data).toMatchObject({
      riskLevel: 'high',
      landslides: {
        status: 'found',
        riskLevel: 'high',
        count: 1,
        records: [
          {
            id: '90001',
            name: 'Synthetic slip, Tilehurst',
            locality: 'Tilehurst, Reading, Berkshire (synthetic)',
            year: '1990',
            distanceMetres: distance,
            positionUncertaintyMetres: 10,
          },
        ],
      },
    });
  });

  it('RG30 4UN: a landslide 150 m away is medium within 250 m, and outside a 100 m radius', async () => {
    const distance = await landslideDistance('RG30 4UN', 90002);
    expect(distance).toBeGreaterThan(100);
    expect(distance).toBeLessThan(250);
    const r = await byPostcode('RG30 4UN');
    expect(r.body.data).toMatchObject({
      riskLevel: 'medium',
      landslides: { riskLevel: 'medium', count: 1, records: [{ id: '90002', year: null, distanceMetres: distance }] },
    });
    expect((await byPostcode('RG30 4UN', 100)).body.data).toMatchObject({ riskLevel: 'none', landslides: { status: 'clear', count: 0 } });
  });

  it('RG30 3EJ: made ground prompts review (low); a wider radius reaches a landslide 400 m away (medium)', async () => {
    const r = await byPostcode('RG30 3EJ');
    expect(r.body.data).toMatchObject({ riskLevel: 'low', geology: { status: 'review', riskLevel: 'review' }, landslides: { count: 0 } });
    expect(r.body.data.geology.features.map((f: { label: string }) => f.label)).toEqual(['Bedrock', 'Artificial Ground']);
    const wider = await byPostcode('RG30 3EJ', 500);
    expect(wider.body.data).toMatchObject({
      riskLevel: 'medium',
      landslides: { riskLevel: 'medium', records: [{ id: '90003', distanceMetres: await landslideDistance('RG30 3EJ', 90003) }] },
    });
  });

  it('RG31 7ZL: mass movement prompts review', async () => {
    expect((await byPostcode('RG31 7ZL')).body.data).toMatchObject({ riskLevel: 'low', geology: { status: 'review' } });
  });
});

describe('the coalfield', () => {
  it.each([
    ['WF2 6SD', 'medium', ['Coal mining reporting area'], false],
    ['WF1 4BG', 'medium', ['Coal mining reporting area', 'Development high risk area'], true],
    ['WF10 1QE', 'medium', ['Coal mining reporting area', 'Surface coal resource areas', 'Surface mining, past and current'], false],
    ['WF8 3SH', 'medium', ['Coal mining reporting area', 'Surface coal resource areas'], false],
    ['WF5 9BT', 'high', ['Probable shallow coal mine workings', 'Coal mining reporting area'], false],
    ['WF3 3JZ', 'high', ['Past shallow coal mine workings', 'Coal mining reporting area'], false],
    ['WF2 9JW', 'high', ['Coal outcrops', 'Coal mining reporting area'], false],
    ['WF4 5JA', 'high', ['Fissures and breaklines', 'Coal mining reporting area'], false],
    // 30 m from a mine entry: inside its zone of influence, not on the entry itself.
    ['WF1 1AA', 'high', ['Mine entry zones of influence', 'Coal mining reporting area'], false],
    // A low risk area and mine gas are not layers of the rules.
    ['LS1 4AP', 'none', [], false],
  ])('%s: coal %s', async (postcode, level, matchedLayers, highRiskArea) => {
    const r = await byPostcode(postcode);
    expect(r.body.data).toMatchObject({
      complete: true,
      riskLevel: level,
      coalMining: {
        status: level === 'none' ? 'clear' : 'matched',
        riskLevel: level,
        reportingArea: matchedLayers.length > 0,
        developmentHighRiskArea: highRiskArea,
        matchedLayers,
      },
      geology: {
        features: [
          {
            label: 'Bedrock',
            description:
              'Pennine Middle Coal Measures Formation (synthetic): mudstone, siltstone and sandstone (Duckmantian Age to Bolsovian Age)',
          },
        ],
      },
    });
  });

  it('WF13 3BH: outside the reporting area, but a landslide just over 50 m away is medium', async () => {
    const distance = await landslideDistance('WF13 3BH', 90004);
    expect(distance).toBeGreaterThan(50);
    const r = await byPostcode('WF13 3BH');
    expect(r.body.data).toMatchObject({
      riskLevel: 'medium',
      coalMining: { status: 'clear' },
      landslides: { riskLevel: 'medium', records: [{ id: '90004', distanceMetres: distance }] },
    });
  });

  it('gives the same screen for the postcode and for its latitude and longitude', async () => {
    const position = await positionOf('WF5 9BT');
    const a = (await byPostcode('WF5 9BT')).body.data;
    const b = (await screen(`latitude=${position.latitude}&longitude=${position.longitude}`, 5)).body.data;
    expect(b).toEqual({ ...a, location: { ...a.location, postcode: null } });
  });
});

describe('partial and failed screens', () => {
  it('one coal request failing: complete false, the other still counts, and the partial screen is charged', async () => {
    await world.openData.setFaults([{ operation: 'coal-specific-risk', mode: 'error' }]);
    const r = await byPostcode('WF5 9BT');
    expect(r.body.data).toMatchObject({
      complete: false,
      riskLevel: 'medium',
      coalMining: { status: 'matched', riskLevel: 'medium', reportingArea: true, matchedLayers: ['Coal mining reporting area'] },
      unavailable: ['coal-mining-specific'],
    });
  });

  it.each([
    ['coal-planning-constraints', 'coal-mining-context'],
    ['bgs-landslides', 'landslides'],
    ['bgs-geology', 'geology'],
  ] as const)('%s answering something that is not its format: complete false (%s unavailable)', async (operation, unavailable) => {
    await world.openData.setFaults([{ operation, mode: 'malformed' }]);
    const r = await byPostcode('RG30 1AA');
    expect(r.body.data).toMatchObject({ complete: false, riskLevel: 'unknown', unavailable: [unavailable] });
  });

  it('never waits on a dead upstream past its budget: a silent geology service leaves a partial screen', async () => {
    await world.openData.setFaults([{ operation: 'bgs-geology', mode: 'slow', delayMs: 30_000 }]);
    const started = Date.now();
    const r = await byPostcode('WF5 9BT');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.body.data).toMatchObject({
      complete: false,
      riskLevel: 'high',
      geology: { status: 'unavailable', riskLevel: 'unknown' },
      unavailable: ['geology'],
    });
  });

  it('every source failing is a failed screen: 502, nothing charged', async () => {
    await world.openData.setFaults([{ mode: 'error' }]);
    const r = await screen('postcode=WF5%209BT', 0);
    expect([r.status, r.body.error.code]).toEqual([502, 'GROUND_RISK_SERVICE_ERROR']);
  });
});

describe('coverage and refusals', () => {
  it('covers Scotland where records exist (AB10 1AB, from ONSPD)', async () => {
    const r = await byPostcode('AB10 1AB');
    expect(r.body.data).toMatchObject({ location: { country: 'scotland' }, complete: true, riskLevel: 'none' });
    expect((r.body.sources as Array<{ dataset: string }>).map((s) => s.dataset)).toContain('onspd');
  });

  it('refuses Northern Ireland, by postcode and by a point, charging nothing', async () => {
    for (const query of ['postcode=BT1%201AA', 'latitude=54.597&longitude=-5.930']) {
      const r = await screen(query, 0);
      expect([r.status, r.body.error.code]).toEqual([400, 'OUTSIDE_GREAT_BRITAIN']);
    }
  });

  it.each([
    ['a radius under 25 m', 'postcode=WF5%209BT&radiusMetres=24'],
    ['a radius over 2000 m', 'postcode=WF5%209BT&radiusMetres=2001'],
    ['both a postcode and a point', 'postcode=WF5%209BT&latitude=53.68&longitude=-1.5'],
    ['a longitude alone', 'longitude=-1.5'],
    ['a latitude out of range', 'latitude=91&longitude=-1.5'],
  ])('%s: 400 INVALID_PARAMETERS, nothing charged', async (_what, query) => {
    const r = await screen(query, 0);
    expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PARAMETERS']);
  });

  it('answers 404 for a postcode no dataset places', async () => {
    const r = await screen('postcode=WF99%209ZZ', 0);
    expect([r.status, r.body.error.code]).toEqual([404, 'POSTCODE_NOT_FOUND']);
  });
});
