import { basename } from 'node:path';
import { defineDataset, type Part } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { readCensusHeader, type CensusHeader } from './census-2021-header';
import { censusTableById, censusTables } from './census-2021-tables';
import { integer } from './csv';
import { ogl } from './dataset';

// The Census 2021 tables of England and Wales as Nomis publishes them in bulk (https://www.nomisweb.co.uk/census/2021/bulk;
// /work/research/iod-census.md §2): a zip per table, `census2021-tsNNN.zip`, holding one CSV per geography
// (`census2021-tsNNN-oa.csv`, `-lsoa`, `-msoa`, `-ltla`, `-utla`, `-rgn`, `-ctry`) and `metadata/`. The LSOA, MSOA and
// local-authority (ltla) members are read, from the zip or given alone (plain or gzip); the others are skipped in a zip
// and refused alone. Which table a file is comes from its header (census-2021-header.ts), which agrees with its name
// where the name says; the geography level from the name, else from each row's GSS code.
//
// Stored long: one row per (table, level, area, category) with its count, so that any table is the same few columns
// (a new table is a declaration in census-2021-tables.ts, not a migration) and an area's every figure is one indexed
// read. Tables add up: a (table, level) is a part of the dataset, so importing TS054 keeps TS007A, and importing a
// table's LSOA file again replaces that table's LSOAs only. Counts are stored as published: ONS's small random
// adjustments (cell key perturbation) make totals differ slightly between tables and levels, and that is kept.

export type CensusLevel = 'lsoa' | 'msoa' | 'ltla';

export const censusLevels: readonly CensusLevel[] = ['lsoa', 'msoa', 'ltla'];

/** GSS codes of each level: LSOAs E01/W01, MSOAs E02/W02, local authorities E06–E09 (England), W06 (Wales). */
const codePatterns: Record<CensusLevel, RegExp> = {
  lsoa: /^[EW]01\d{6}$/,
  msoa: /^[EW]02\d{6}$/,
  ltla: /^(E0[6-9]|W06)\d{6}$/,
};

export const levelOfCode = (code: string): CensusLevel | undefined => censusLevels.find((l) => codePatterns[l].test(code));

/** `census2021-ts054-lsoa.csv` (or `.csv.gz`, or with more after it): the table and level its name says. */
const publishedName = /census2021-(ts\d{3}[a-z]?)-(oa|lsoa|msoa|ltla|utla|rgn|ctry)(?![a-z])/i;

export const namedTableAndLevel = (name: string): { table: string; level: string } | undefined => {
  const m = publishedName.exec(basename(name));
  return m ? { table: (m[1] as string).toLowerCase(), level: (m[2] as string).toLowerCase() } : undefined;
};

const isCensusLevel = (level: string): level is CensusLevel => (censusLevels as readonly string[]).includes(level);

/** The part's header, which must be a known table and the table its name says, and the level its name says. */
const layoutOf = (fields: string[], part: Part): { header: CensusHeader; level: CensusLevel | undefined } => {
  const named = namedTableAndLevel(part.member ?? part.name);
  if (named && !isCensusLevel(named.level))
    throw new FormatError(`${part.name} is the ${named.level} file; census-2021 loads the lsoa, msoa and ltla files`);
  const header = readCensusHeader(fields, part.name);
  if (named && named.table !== header.table.id)
    throw new FormatError(`${part.name}: its name says ${named.table.toUpperCase()}, its header is ${header.table.name}'s`);
  return { header, level: named?.level as CensusLevel | undefined };
};

/** A zip's members read: the lsoa, msoa and ltla CSV files (the others are skipped). */
const isReadMember = (member: string) => {
  const named = namedTableAndLevel(member);
  return named !== undefined && isCensusLevel(named.level) && /\.csv$/i.test(member);
};

/** One published line as our rows (one per count column), or why not. */
export const censusRows = (
  header: CensusHeader,
  fields: readonly string[],
  namedLevel: CensusLevel | undefined,
): { rows: (string | number)[][] } | { rejected: string } => {
  if (fields.length !== header.counts.length + 3) return { rejected: `${fields.length} fields, not ${header.counts.length + 3}` };
  const at = (i: number) => (fields[i] ?? '').trim();
  if (at(header.date) !== '2021') return { rejected: `date ${JSON.stringify(at(header.date))} is not 2021` };
  const code = at(header.code);
  const name = at(header.geography);
  const level = namedLevel ?? levelOfCode(code);
  if (!level) return { rejected: `${JSON.stringify(code)} is not the code of an LSOA, MSOA or local authority` };
  if (!codePatterns[level].test(code)) return { rejected: `${JSON.stringify(code)} is not the code of an ${level.toUpperCase()}` };
  if (name === '') return { rejected: `no name for ${code}` };
  const rows: (string | number)[][] = [];
  for (const c of header.counts) {
    const count = integer(fields[c.index]);
    if (count === undefined || count < 0) return { rejected: `${c.label}: ${JSON.stringify(at(c.index))} is not a count` };
    rows.push([header.table.id, level, code, name, c.key, c.label, count]);
  }
  return { rows };
};

/** `ts007a / lsoa`, `ts054 / msoa` keys → `Census 2021: TS007A, TS054`. */
export const tablesHeld = (keys: string[]) => {
  const ids = new Set(keys.map((k) => k.split(' / ')[0] ?? ''));
  const names = censusTables.filter((t) => ids.has(t.id)).map((t) => t.name);
  return names.length === 0 ? 'Census 2021' : `Census 2021: ${names.join(', ')}`;
};

export const census2021 = defineDataset({
  name: 'census-2021',
  importerVersion: 1,
  title: 'Census 2021 (England and Wales): Nomis bulk tables',
  publisher: 'Office for National Statistics',
  licence: ogl,
  attribution: attributions.census2021,
  relation: 'census_2021_counts',
  columns: [
    { name: 'census_table', type: 'text' },
    { name: 'level', type: 'text' },
    { name: 'area_code', type: 'text' },
    { name: 'area_name', type: 'text' },
    { name: 'category', type: 'text' },
    { name: 'label', type: 'text' },
    { name: 'count', type: 'integer' },
  ],
  indexes: ['CREATE INDEX ON {table} (area_code, census_table)', 'CREATE INDEX ON {table} (level, area_name text_pattern_ops)'],
  accumulates: { partColumns: ['census_table', 'level'], vintage: tablesHeld },
  files: {
    usage: 'census-2021 takes Nomis bulk zips (census2021-tsNNN.zip) or their lsoa, msoa and ltla CSV files',
    archive: {
      members: isReadMember,
      noMembers: (file) => `${file} holds no census2021-tsNNN-lsoa.csv, -msoa.csv or -ltla.csv; is it a Nomis Census 2021 bulk zip?`,
    },
  },
  header: layoutOf,
  row: (fields, { layout }) => censusRows(layout.header, fields, layout.level),
  // An area read twice for a table (a zip and its own member, say) would count twice: the second is rejected.
  once: {
    key: ([table, level, code]) => `${table} / ${level} / ${code}`,
    rejected: ([table, , code], first) => `${code} of ${String(table).toUpperCase()} was read already, from ${first}`,
  },
});

/** For the answer: a stored table id's published name (TS007A). */
export const censusTableName = (id: string) => censusTableById(id)?.name ?? id.toUpperCase();
