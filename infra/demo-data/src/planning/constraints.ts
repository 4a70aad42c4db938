// SYNTHETIC planning constraints for the demo region, in planning.data.gov.uk's published layout: not MHCLG's, Historic
// England's, the Environment Agency's or Natural England's data. Each is a square (or a point) placed by a real
// postcode's Code-Point Open position (quoted), offset and sized in metres, so that tests can name the postcode each
// applies to. Entity numbers lie in each dataset's own range on the platform, at its top (e.g. 44999901 for
// conservation areas), where no real entity is; organisation 262 is Reading Borough Council's entity number there.

export interface SyntheticConstraint {
  dataset: string;
  entity: number;
  name: string;
  reference: string;
  /** The postcode it is placed by, and its position (British National Grid). */
  at: { postcode: string; easting: number; northing: number };
  /** Metres east and north of the postcode. */
  offset?: [number, number];
  /** The side of the square, metres; absent for a point. */
  sideMetres?: number;
  startDate: string;
  endDate?: string;
  organisationEntity: string;
  fields?: Record<string, string>;
}

const rg301aa = { postcode: 'RG30 1AA', easting: 470_248, northing: 173_483 };
const rg304un = { postcode: 'RG30 4UN', easting: 467_574, northing: 173_420 };
const rg303ej = { postcode: 'RG30 3EJ', easting: 469_341, northing: 172_015 };
const rg315pd = { postcode: 'RG31 5PD', easting: 466_573, northing: 173_854 };
const rg317zl = { postcode: 'RG31 7ZL', easting: 467_619, northing: 171_533 };

export const syntheticConstraints: SyntheticConstraint[] = [
  {
    dataset: 'conservation-area',
    entity: 44_999_901,
    name: 'Synthetic Oxford Road Conservation Area',
    reference: 'SYN-CA-1',
    at: rg301aa,
    sideMetres: 300,
    startDate: '1985-06-14',
    organisationEntity: '262',
    fields: { 'designation-date': '1985-06-14' },
  },
  // Ended: no longer in force, so never in an answer.
  {
    dataset: 'conservation-area',
    entity: 44_999_902,
    name: 'Synthetic Southcote Conservation Area (ended)',
    reference: 'SYN-CA-2',
    at: rg303ej,
    sideMetres: 300,
    startDate: '1990-01-01',
    endDate: '2020-01-01',
    organisationEntity: '262',
  },
  // Listed buildings are published as points: one 10 m and one 40 m east of RG30 1AA.
  {
    dataset: 'listed-building',
    entity: 41_099_901,
    name: 'Synthetic listed house, Oxford Road',
    reference: '9990001',
    at: rg301aa,
    offset: [10, 0],
    startDate: '1972-03-01',
    organisationEntity: '16',
    fields: { 'listed-building-grade': 'II' },
  },
  {
    dataset: 'listed-building',
    entity: 41_099_902,
    name: 'Synthetic listed chapel, Oxford Road',
    reference: '9990002',
    at: rg301aa,
    offset: [40, 0],
    startDate: '1951-11-20',
    organisationEntity: '16',
    fields: { 'listed-building-grade': 'II*' },
  },
  {
    dataset: 'article-4-direction-area',
    entity: 7_019_999_901,
    name: 'Synthetic Article 4 direction, Oxford Road',
    reference: 'SYN-A4-1',
    at: rg301aa,
    sideMetres: 500,
    startDate: '2012-04-01',
    organisationEntity: '262',
    fields: { 'permitted-development-rights': 'Class A' },
  },
  {
    dataset: 'flood-risk-zone',
    entity: 65_999_901,
    name: '',
    reference: '999001/3',
    at: rg304un,
    sideMetres: 400,
    startDate: '',
    organisationEntity: '600009',
    fields: { 'flood-risk-level': '3', 'flood-risk-type': 'Fluvial Models' },
  },
  {
    dataset: 'flood-risk-zone',
    entity: 65_999_902,
    name: '',
    reference: '999002/2',
    at: rg304un,
    sideMetres: 800,
    startDate: '',
    organisationEntity: '600009',
    fields: { 'flood-risk-level': '2', 'flood-risk-type': 'Fluvial Models' },
  },
  {
    dataset: 'tree-preservation-zone',
    entity: 29_099_901,
    name: 'Synthetic TPO 1/2001',
    reference: 'SYN-TPO-1',
    at: rg315pd,
    sideMetres: 60,
    startDate: '2001-05-01',
    organisationEntity: '262',
    fields: { 'tree-preservation-zone-type': 'area' },
  },
  {
    dataset: 'green-belt',
    entity: 610_999,
    name: 'Synthetic green belt, west of Reading',
    reference: 'SYN-GB-1',
    at: rg317zl,
    sideMetres: 3_000,
    startDate: '',
    organisationEntity: '600001',
    fields: { 'green-belt-core': 'London' },
  },
  {
    dataset: 'area-of-outstanding-natural-beauty',
    entity: 1_099_901,
    name: 'Synthetic Downs National Landscape',
    reference: 'SYN-AONB-1',
    at: rg317zl,
    offset: [-1_000, 0],
    sideMetres: 2_500,
    startDate: '1972-12-01',
    organisationEntity: '501910',
  },
  // 40 m square, its near side 80 m north of RG30 3EJ.
  {
    dataset: 'scheduled-monument',
    entity: 13_999_901,
    name: 'Synthetic barrow, Southcote',
    reference: '9990003',
    at: rg303ej,
    offset: [0, 100],
    sideMetres: 40,
    startDate: '1925-08-10',
    organisationEntity: '16',
  },
];
