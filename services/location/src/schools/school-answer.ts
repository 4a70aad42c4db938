import type { School } from '@pds/contracts';

// A school of the answer from its rows (`schools` and its `school_links`): pure, so the reading of the published
// values is tested by hand (school-answer.unit.spec.ts).

export interface SchoolRow {
  urn: number;
  name: string;
  la_code: string | null;
  la_name: string | null;
  type_name: string | null;
  type_group: string | null;
  status: string;
  status_name: string | null;
  phase: string;
  phase_name: string | null;
  /** `date` columns, read as text (YYYY-MM-DD) so no time zone moves them. */
  opened_on: string | null;
  closed_on: string | null;
  statutory_low_age: number | null;
  statutory_high_age: number | null;
  gender: string | null;
  religious_character: string | null;
  street: string | null;
  locality: string | null;
  address3: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  latitude: number;
  longitude: number;
  ofsted_published: boolean;
  ofsted_rating: string | null;
  ofsted_last_inspection: string | null;
  distance: number;
  links: LinkRow[];
}

export interface LinkRow {
  link_urn: number;
  link_name: string | null;
  link_type: string;
  link_established_on: string | null;
}

/** ReligiousCharacter values that say the school has none (research/gias.md §2d: the real rows' value sets). */
const noReligiousCharacter = new Set(['none', 'does not apply']);

type Link = School['predecessors'][number];

/** Links by direction, as their published type says it: only `Predecessor…` and `Successor…` have one. */
export const linksOf = (rows: readonly LinkRow[]): Pick<School, 'predecessors' | 'successors' | 'otherLinks'> => {
  const sorted = [...rows].sort(
    (a, b) => (a.link_established_on ?? '').localeCompare(b.link_established_on ?? '') || a.link_urn - b.link_urn,
  );
  const links: Record<'predecessors' | 'successors' | 'otherLinks', Link[]> = { predecessors: [], successors: [], otherLinks: [] };
  for (const r of sorted) {
    const link = { urn: String(r.link_urn), name: r.link_name, linkType: r.link_type, establishedOn: r.link_established_on };
    const kind = /^predecessor/i.test(r.link_type) ? 'predecessors' : /^successor/i.test(r.link_type) ? 'successors' : 'otherLinks';
    links[kind].push(link);
  }
  return links;
};

export const schoolOf = (r: SchoolRow): School => ({
  urn: String(r.urn),
  name: r.name,
  type: r.type_name,
  typeGroup: r.type_group,
  phase: r.phase,
  phaseName: r.phase_name,
  statutoryAgeRange: { low: r.statutory_low_age, high: r.statutory_high_age },
  gender: r.gender,
  religiousCharacter:
    r.religious_character === null || noReligiousCharacter.has(r.religious_character.toLowerCase()) ? null : r.religious_character,
  status: r.status,
  statusName: r.status_name,
  openedOn: r.opened_on,
  closedOn: r.closed_on,
  localAuthority: { code: r.la_code, name: r.la_name },
  address: { street: r.street, locality: r.locality, address3: r.address3, town: r.town, county: r.county, postcode: r.postcode },
  latitude: r.latitude,
  longitude: r.longitude,
  distanceMetres: Math.round(r.distance),
  ofsted: r.ofsted_published ? { rating: r.ofsted_rating, lastInspectionDate: r.ofsted_last_inspection } : null,
  ...linksOf(r.links),
});
