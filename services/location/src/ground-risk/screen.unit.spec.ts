import type { CoalLayer, GroundRiskResult } from '@pds/contracts';
import type { GeologyFeature } from './geology-client';
import type { LandslideNear } from './landslides-client';
import { groundRiskScreen, type ScreenInputs } from './screen';

// The specification's severity rules, one by one, and every `complete` path, each worked out by hand.

const location: GroundRiskResult['location'] = {
  postcode: 'WF1 1AA',
  country: 'england',
  latitude: 53.68,
  longitude: -1.5,
  radiusMetres: 250,
};
const bedrock: GeologyFeature = {
  kind: 'Bedrock',
  fields: {
    LEX_D: 'Pennine Middle Coal Measures Formation',
    RCS_D: 'Mudstone',
    MAX_TIME_D: 'Duckmantian Age',
    MIN_TIME_D: 'Bolsovian Age',
  },
};
const landslide = (distanceMetres: number, n = 1): LandslideNear => ({
  distanceMetres,
  feature: {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-1.5, 53.68] },
    properties: {
      landslide_number: n,
      landslide_name: `Slip ${n}`,
      locality_details: 'Somewhere',
      first_known_date_year: 'UNKNOWN',
      plus_or_minus_metres: 10,
    },
  },
});
const clear: ScreenInputs = { location, coalContext: new Set(), coalSpecific: new Set(), landslides: [], geology: [bedrock] };
const screen = (over: Partial<ScreenInputs>) => groundRiskScreen({ ...clear, ...over });
const layers = (...l: CoalLayer[]) => new Set(l);

describe('the severity rules', () => {
  it('finds nothing: none, complete, clear everywhere', () => {
    expect(screen({})).toMatchObject({
      coverage: 'great-britain',
      complete: true,
      riskLevel: 'none',
      coalMining: { status: 'clear', riskLevel: 'none', reportingArea: false, developmentHighRiskArea: false, matchedLayers: [] },
      landslides: { status: 'clear', riskLevel: 'none', count: 0, records: [] },
      geology: {
        status: 'clear',
        riskLevel: 'none',
        features: [
          { label: 'Bedrock', description: 'Pennine Middle Coal Measures Formation: mudstone (Duckmantian Age to Bolsovian Age)' },
        ],
      },
      unavailable: [],
    });
  });

  it.each<[string, CoalLayer]>([
    ['coal outcrops', 'outcrops'],
    ['probable shallow workings', 'probableShallowWorkings'],
    ['past shallow workings', 'pastShallowWorkings'],
    ['fissures', 'fissures'],
    ['a mine entry zone of influence', 'mineEntryInfluenceZones'],
    ['a mine entry', 'mineEntries'],
  ])('%s: a specific coal layer gives high', (_what, layer) => {
    const s = screen({ coalContext: layers('reportingArea'), coalSpecific: layers(layer) });
    expect([s.riskLevel, s.coalMining.riskLevel, s.coalMining.status, s.coalMining.reportingArea]).toEqual([
      'high',
      'high',
      'matched',
      true,
    ]);
  });

  it.each<[string, CoalLayer, boolean]>([
    ['the reporting area', 'reportingArea', false],
    ['coal resources', 'coalResources', false],
    ['surface mining', 'surfaceMining', false],
    ['the development high risk area', 'developmentHighRiskArea', true],
  ])('%s: broader coal context gives medium', (_what, layer, highRiskArea) => {
    const s = screen({ coalContext: layers(layer) });
    expect([s.riskLevel, s.coalMining.riskLevel, s.coalMining.developmentHighRiskArea]).toEqual(['medium', 'medium', highRiskArea]);
  });

  it('names the matched coal layers in plain English, in a fixed order', () => {
    expect(
      screen({ coalContext: layers('developmentHighRiskArea', 'reportingArea'), coalSpecific: layers('mineEntries') }).coalMining
        .matchedLayers,
    ).toEqual(['Mine entries (shafts and adits)', 'Coal mining reporting area', 'Development high risk area']);
  });

  it('a recorded landslide within 50 m gives high; further within the radius, medium', () => {
    expect(screen({ landslides: [landslide(50)] }).riskLevel).toBe('high');
    expect(screen({ landslides: [landslide(50.4)] }).riskLevel).toBe('medium');
    const s = screen({ landslides: [landslide(30, 1), landslide(180, 2)] });
    expect(s.landslides).toEqual({
      status: 'found',
      riskLevel: 'high',
      count: 2,
      records: [
        { id: '1', name: 'Slip 1', locality: 'Somewhere', year: null, distanceMetres: 30, positionUncertaintyMetres: 10 },
        { id: '2', name: 'Slip 2', locality: 'Somewhere', year: null, distanceMetres: 180, positionUncertaintyMetres: 10 },
      ],
    });
  });

  it.each(['Artificial Ground', 'Mass Movement', 'Linear Feature'])(
    'geology showing %s prompts review: low overall when nothing else',
    (kind) => {
      const s = screen({ geology: [bedrock, { kind, fields: { LEX_D: 'X' } }] });
      expect([s.riskLevel, s.geology.status, s.geology.riskLevel]).toEqual(['low', 'review', 'review']);
      // …and does not lower a coal finding.
      expect(screen({ geology: [{ kind, fields: {} }], coalContext: layers('reportingArea') }).riskLevel).toBe('medium');
    },
  );

  it('ordinary bedrock or superficial mapping does not', () => {
    expect(screen({ geology: [bedrock, { kind: 'Superficial', fields: { LEX_D: 'Alluvium' } }] }).riskLevel).toBe('none');
  });

  it('takes the highest of coal and landslides', () => {
    expect(screen({ coalContext: layers('reportingArea'), landslides: [landslide(20)] }).riskLevel).toBe('high');
    expect(screen({ coalSpecific: layers('outcrops'), landslides: [landslide(200)] }).riskLevel).toBe('high');
  });
});

describe('complete, and what a failed request means', () => {
  it('is complete only when all four requests answered', () => {
    expect(screen({}).complete).toBe(true);
    for (const failed of ['coalContext', 'coalSpecific', 'landslides', 'geology'] as const)
      expect(screen({ [failed]: undefined }).complete).toBe(false);
  });

  it('a failed coal request with nothing matched: coal unavailable and unknown, overall unknown', () => {
    const s = screen({ coalSpecific: undefined });
    expect(s).toMatchObject({
      complete: false,
      riskLevel: 'unknown',
      coalMining: { status: 'unavailable', riskLevel: 'unknown' },
      unavailable: ['coal-mining-specific'],
    });
  });

  it('what the other coal request matched still counts: a level is a floor when incomplete', () => {
    const s = screen({ coalContext: layers('reportingArea'), coalSpecific: undefined });
    expect(s).toMatchObject({
      complete: false,
      riskLevel: 'medium',
      coalMining: { status: 'matched', riskLevel: 'medium', reportingArea: true },
    });
  });

  it('failed landslides and geology are unavailable and unknown, in the order of the four requests', () => {
    const s = screen({ landslides: undefined, geology: undefined, coalContext: undefined });
    expect(s.landslides).toEqual({ status: 'unavailable', riskLevel: 'unknown', count: 0, records: [] });
    expect(s.geology).toEqual({ status: 'unavailable', riskLevel: 'unknown', features: [] });
    expect(s.unavailable).toEqual(['coal-mining-context', 'landslides', 'geology']);
    expect(s.riskLevel).toBe('unknown');
  });

  it('says it is a prompt for enquiry, not a stability conclusion', () => {
    expect(screen({}).disclaimer).toMatch(/^A prompt for enquiry, not a stability conclusion: an empty result does not rule out hazards\./);
  });
});
