import { linksOf, schoolOf, type SchoolRow } from './school-answer';

// A school of the answer from its rows: the published values as the contract names them, links by the direction
// their type states (the real links file's LinkType values, research/gias.md §4).

const row: SchoolRow = {
  urn: 990013,
  name: 'Synthetic Primary School 13',
  la_code: '872',
  la_name: 'Reading',
  type_name: 'Community school',
  type_group: 'Local authority maintained schools',
  status: 'open',
  status_name: 'Open',
  phase: 'primary',
  phase_name: 'Primary',
  opened_on: '2000-09-01',
  closed_on: null,
  statutory_low_age: 3,
  statutory_high_age: 11,
  gender: 'Mixed',
  religious_character: 'Does not apply',
  street: 'Synthetic Road',
  locality: null,
  address3: null,
  town: 'Reading',
  county: 'Berkshire',
  postcode: 'RG30 4AY',
  latitude: 51.4504,
  longitude: -1.0156,
  ofsted_published: false,
  ofsted_rating: null,
  ofsted_last_inspection: null,
  distance: 412.5,
  links: [],
};

const link = (link_urn: number, link_type: string, link_established_on: string | null = null) => ({
  link_urn,
  link_name: `School ${link_urn}`,
  link_type,
  link_established_on,
});

describe('a school of the answer', () => {
  it('says the published values, rounds the distance to whole metres, and has no Ofsted data from a 2025 file', () => {
    expect(schoolOf(row)).toEqual({
      urn: '990013',
      name: 'Synthetic Primary School 13',
      type: 'Community school',
      typeGroup: 'Local authority maintained schools',
      phase: 'primary',
      phaseName: 'Primary',
      statutoryAgeRange: { low: 3, high: 11 },
      gender: 'Mixed',
      religiousCharacter: null,
      status: 'open',
      statusName: 'Open',
      openedOn: '2000-09-01',
      closedOn: null,
      localAuthority: { code: '872', name: 'Reading' },
      address: { street: 'Synthetic Road', locality: null, address3: null, town: 'Reading', county: 'Berkshire', postcode: 'RG30 4AY' },
      latitude: 51.4504,
      longitude: -1.0156,
      distanceMetres: 413,
      ofsted: null,
      predecessors: [],
      successors: [],
      otherLinks: [],
    });
  });

  it('gives Ofsted data where the file carries the columns, even when the school has none', () => {
    expect(schoolOf({ ...row, ofsted_published: true, ofsted_rating: 'Good', ofsted_last_inspection: '2019-03-12' }).ofsted).toEqual({
      rating: 'Good',
      lastInspectionDate: '2019-03-12',
    });
    expect(schoolOf({ ...row, ofsted_published: true }).ofsted).toEqual({ rating: null, lastInspectionDate: null });
  });

  it('gives a religious character only where there is one', () => {
    expect(
      ['Church of England', 'None', 'does not apply', null].map((r) => schoolOf({ ...row, religious_character: r }).religiousCharacter),
    ).toEqual(['Church of England', null, null, null]);
  });
});

describe('links by direction', () => {
  it('puts Predecessor… and Successor… types their way, every other type apart, oldest first', () => {
    const links = linksOf([
      link(5, 'Successor', '2016-08-31'),
      link(4, 'Predecessor - amalgamated', '2000-09-01'),
      link(3, 'Result of Amalgamation', '2000-09-01'),
      link(2, 'Predecessor - merged', null),
      link(6, 'Successor - Split School', '2019-08-31'),
      link(7, 'Sixth Form Centre Link', null),
    ]);
    expect(links.predecessors.map((l) => [l.urn, l.linkType])).toEqual([
      ['2', 'Predecessor - merged'],
      ['4', 'Predecessor - amalgamated'],
    ]);
    expect(links.successors.map((l) => l.urn)).toEqual(['5', '6']);
    expect(links.otherLinks.map((l) => [l.urn, l.linkType])).toEqual([
      ['7', 'Sixth Form Centre Link'],
      ['3', 'Result of Amalgamation'],
    ]);
    expect(links.successors[0]).toEqual({ urn: '5', name: 'School 5', linkType: 'Successor', establishedOn: '2016-08-31' });
  });
});
