// The published value sets of GIAS (Get Information About Schools, DfE) that answers name by slug: the phase of
// education and the establishment status, by the code the establishments file publishes beside each name. Codes and
// names as the research on the published file found them (research/gias.md §2d: the pairs in real rows, a DfE test's
// InlineData for the phases, the status comment in DFE-Digital/early-careers-framework). The 2018/19 files wrote
// "All through" for code 7; the slug is the code's, whatever the spelling.

export const schoolPhases = {
  'not-applicable': { code: '0', name: 'Not applicable' },
  nursery: { code: '1', name: 'Nursery' },
  primary: { code: '2', name: 'Primary' },
  'middle-deemed-primary': { code: '3', name: 'Middle deemed primary' },
  secondary: { code: '4', name: 'Secondary' },
  'middle-deemed-secondary': { code: '5', name: 'Middle deemed secondary' },
  'sixteen-plus': { code: '6', name: '16 plus' },
  'all-through': { code: '7', name: 'All-through' },
} as const;
export type SchoolPhase = keyof typeof schoolPhases;
export const schoolPhaseSlugs = Object.keys(schoolPhases) as [SchoolPhase, ...SchoolPhase[]];

export const schoolStatuses = {
  open: { code: '1', name: 'Open' },
  closed: { code: '2', name: 'Closed' },
  'open-proposed-to-close': { code: '3', name: 'Open, but proposed to close' },
  'proposed-to-open': { code: '4', name: 'Proposed to open' },
} as const;
export type SchoolStatus = keyof typeof schoolStatuses;

/** The statuses of an establishment that is open today: what an answer holds unless closed ones are asked for. */
export const openSchoolStatuses: readonly SchoolStatus[] = ['open', 'open-proposed-to-close'];

/** A slug of a published name this table does not know (a code added in a later release): lower case, words by hyphens. */
export const slugOfName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const slugByCode = <K extends string>(table: Record<K, { code: string }>) =>
  new Map(Object.entries<{ code: string }>(table).map(([slug, { code }]) => [code, slug]));
const phaseByCode = slugByCode(schoolPhases);
const statusByCode = slugByCode(schoolStatuses);

/** The slug of a published code (leading zeros ignored), else of the published name. */
const slugOf = (byCode: Map<string, string>, code: string, name: string) =>
  byCode.get(code.replace(/^0+(?=\d)/, '')) ?? (slugOfName(name) || 'unknown');

export const phaseSlugOf = (code: string, name: string) => slugOf(phaseByCode, code, name);
export const statusSlugOf = (code: string, name: string) => slugOf(statusByCode, code, name);
