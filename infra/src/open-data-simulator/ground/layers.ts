import type { Shape } from './shapes';

// SYNTHETIC map layers for the ground-risk test environment: not the Coal Authority's or BGS's data. They are laid
// over the demo region (Reading, RG30/RG31: no coal; a few landslides; bedrock, river terrace, made ground and a slip)
// and the Yorkshire coalfield around Wakefield (WF: every coal layer), placed by the real postcode positions of OS
// Code-Point Open (quoted beside each) so that tests can name the postcode that lies in each. Layer names and titles:
// `Coal.Outcrops` and `Probable.Shallow.Coal.Mine.Workings` (specific risk) are the publisher's documented names; the
// planning-constraint names are those public clients use; the others are this environment's own, and the location
// service finds every layer by its title, as it must with the real services.

export interface SyntheticLayer {
  name: string;
  title: string;
  features: Array<{ shape: Shape; fields: Record<string, string> }>;
}

const feature = (id: number, shape: Shape, fields: Record<string, string> = {}) => ({
  shape,
  fields: { OBJECTID: String(id), Shape: shape.kind === 'point' ? 'Point' : 'Polygon', ...fields },
});

/** coalauthority_planning_policy_constraints: broader coal context. */
export const coalContextLayers: SyntheticLayer[] = [
  {
    name: 'Development.High.Risk.Area',
    title: 'Development High Risk Area',
    // Centred on WF1 4BG (434349 421539).
    features: [
      feature(1, { kind: 'circle', easting: 434_349, northing: 421_539, radiusMetres: 400 }, { FEATURE_TY: 'Development High Risk Area' }),
    ],
  },
  {
    name: 'Development.Low.Risk.Area',
    title: 'Development Low Risk Area',
    // Over Leeds city centre (LS1 4AP: 429363 433330): not a layer of the screen's rules.
    features: [feature(1, { kind: 'box', minEasting: 425_000, minNorthing: 430_000, maxEasting: 435_000, maxNorthing: 436_000 })],
  },
  {
    name: 'Surface.Mining.Past.and.Current',
    title: 'Surface Mining Past and Current',
    // Centred on WF10 1QE (440817 425413).
    features: [feature(1, { kind: 'circle', easting: 440_817, northing: 425_413, radiusMetres: 300 })],
  },
  {
    name: 'Surface.Coal.Resource.Areas',
    title: 'Surface Coal Resource Areas',
    // Holds WF10 1QE, WF6 2QG (437920 423903), WF8 1EZ (445722 422080), WF8 3SH (445547 420074).
    features: [feature(1, { kind: 'box', minEasting: 437_000, minNorthing: 419_000, maxEasting: 446_000, maxNorthing: 426_000 })],
  },
  {
    name: 'Coal.Mining.Reporting.Area',
    title: 'Coal Mining Reporting Area',
    // Wakefield and around (WF1, WF2, WF3, WF4, WF5, WF6, WF8, WF10 …); not Dewsbury's WF13 3BH (421744 420122).
    features: [
      feature(
        1,
        { kind: 'box', minEasting: 425_000, minNorthing: 414_000, maxEasting: 447_000, maxNorthing: 426_000 },
        { NAME: 'Yorkshire' },
      ),
    ],
  },
];

/** The synthetic mine entries: one 30 m east of WF1 1AA (433063 420450), one in Dewsbury. */
export const mineEntries = [
  { easting: 433_093, northing: 420_450 },
  { easting: 421_800, northing: 420_200 },
];

/** coalauthority_specific_risk: specific coal mining features. */
export const coalSpecificLayers: SyntheticLayer[] = [
  {
    name: 'Coal.Outcrops',
    title: 'Coal Outcrops',
    // A 100 m strip (the publisher buffers outcrops by 50 m on the dip side) through WF2 9JW (431100 420724).
    features: [feature(1, { kind: 'box', minEasting: 431_050, minNorthing: 419_000, maxEasting: 431_150, maxNorthing: 422_000 })],
  },
  {
    name: 'Probable.Shallow.Coal.Mine.Workings',
    title: 'Probable Shallow Coal Mine Workings',
    // Centred on WF5 9BT (427907 420582).
    features: [feature(1, { kind: 'circle', easting: 427_907, northing: 420_582, radiusMetres: 250 })],
  },
  {
    name: 'Past.Shallow.Coal.Mine.Workings',
    title: 'Past Shallow Coal Mine Workings',
    // Centred on WF3 3JZ (432178 424852).
    features: [feature(1, { kind: 'circle', easting: 432_178, northing: 424_852, radiusMetres: 200 })],
  },
  {
    name: 'Fissures.and.Breaklines',
    title: 'Fissures and Breaklines',
    // A strip through WF4 5JA (430368 418565).
    features: [feature(1, { kind: 'box', minEasting: 430_300, minNorthing: 418_000, maxEasting: 430_440, maxNorthing: 419_000 })],
  },
  {
    name: 'Mine.Entries',
    title: 'Mine Entries',
    features: mineEntries.map((e, i) => feature(i + 1, { kind: 'point', ...e }, { TYPE: 'Shaft' })),
  },
  {
    name: 'Mine.Entries.Zones.Of.Influence',
    title: 'Mine Entry Zones of Influence',
    features: mineEntries.map((e, i) => feature(i + 1, { kind: 'circle', ...e, radiusMetres: 50 })),
  },
  {
    name: 'Mine.Gas.Sites',
    title: 'Mine Gas Sites',
    // Not a layer of the screen's rules: around WF13 3BH.
    features: [feature(1, { kind: 'circle', easting: 421_744, northing: 420_122, radiusMetres: 100 })],
  },
];

/** The synthetic landslides, each placed by a postcode's position and an offset (metres east, north). */
export const landslides = [
  {
    number: 90001,
    name: 'Synthetic slip, Tilehurst',
    locality: 'Tilehurst, Reading, Berkshire (synthetic)',
    year: '1990',
    plusOrMinusMetres: 10,
    from: 'RG31 5PD',
    easting: 466_573 + 30,
    northing: 173_854,
  },
  {
    number: 90002,
    name: 'Synthetic slip, Norcot',
    locality: 'Reading, Berkshire (synthetic)',
    year: 'UNKNOWN',
    plusOrMinusMetres: 20,
    from: 'RG30 4UN',
    easting: 467_574,
    northing: 173_420 + 150,
  },
  {
    number: 90003,
    name: 'Synthetic cutting failure, Southcote',
    locality: 'Reading, Berkshire (synthetic)',
    year: '1968',
    plusOrMinusMetres: 100,
    from: 'RG30 3EJ',
    easting: 469_341 + 400,
    northing: 172_015,
  },
  {
    number: 90004,
    name: 'Synthetic spoil slip, Dewsbury',
    locality: 'Dewsbury, Kirklees (synthetic)',
    year: '2001',
    plusOrMinusMetres: 10,
    from: 'WF13 3BH',
    easting: 421_744 + 60,
    northing: 420_122,
  },
];

/** BGS 1:50k geology: bedrock everywhere, and the features placed over it. */
export const geologyFeatures: Array<{ shape: Shape | 'everywhere-south' | 'everywhere-north'; fields: Record<string, string> }> = [
  {
    shape: 'everywhere-south',
    fields: {
      LEX_D: 'London Clay Formation (synthetic)',
      RCS_D: 'Clay, Silt And Sand',
      MAX_TIME_D: 'Ypresian Age',
      MIN_TIME_D: 'Ypresian Age',
      BGSTYPE: 'Bedrock',
    },
  },
  {
    shape: 'everywhere-north',
    fields: {
      LEX_D: 'Pennine Middle Coal Measures Formation (synthetic)',
      RCS_D: 'Mudstone, Siltstone And Sandstone',
      MAX_TIME_D: 'Duckmantian Age',
      MIN_TIME_D: 'Bolsovian Age',
      BGSTYPE: 'Bedrock',
    },
  },
  {
    // Around RG30 1AA (470248 173483).
    shape: { kind: 'circle', easting: 470_248, northing: 173_483, radiusMetres: 500 },
    fields: {
      LEX_D: 'River Terrace Deposits (synthetic)',
      RCS_D: 'Sand And Gravel',
      MAX_TIME_D: 'Pleistocene Epoch',
      MIN_TIME_D: 'Holocene Epoch',
      BGSTYPE: 'Superficial',
    },
  },
  {
    // Around RG30 3EJ (469341 172015).
    shape: { kind: 'circle', easting: 469_341, northing: 172_015, radiusMetres: 150 },
    fields: {
      LEX_D: 'Made Ground (Undivided) (synthetic)',
      RCS_D: 'Artificial Deposit',
      MAX_TIME_D: 'Holocene Epoch',
      MIN_TIME_D: 'Holocene Epoch',
      BGSTYPE: 'Artificial Ground',
    },
  },
  {
    // Around RG31 7ZL (467619 171533).
    shape: { kind: 'circle', easting: 467_619, northing: 171_533, radiusMetres: 150 },
    fields: {
      LEX_D: 'Landslide Deposits (synthetic)',
      RCS_D: 'Clay, Silt And Sand',
      MAX_TIME_D: 'Quaternary Period',
      MIN_TIME_D: 'Quaternary Period',
      BGSTYPE: 'Mass Movement',
    },
  },
];

/** Where the synthetic bedrock changes from the south's to the coalfield's (northings, metres). */
export const bedrockDivideNorthing = 300_000;
