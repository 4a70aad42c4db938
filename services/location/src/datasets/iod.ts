import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { decimal, integer } from './csv';
import { ogl } from './dataset';

// The English Indices of Deprivation 2025 (MHCLG, 30 October 2025), File 7 as published:
// `File_7_IoD2025_All_Ranks_Scores_Deciles_Population_Denominators.csv`, one row per 2021 LSOA of England (33,755),
// 56 columns: the LSOA and its 2024 local authority, then Score, Rank, Decile for the index and each domain and
// sub-domain, then four mid-2022 population denominators. Rank 1 is the most deprived; decile 1 the most deprived
// tenth. Header as published (checked against a copy of the file: the Education domain's three headers are quoted,
// four scores are "Score (rate)", and the Children and Young People decile's header is cut short at "…10% of LSO"),
// so each column is found by the start of its name. Given as the CSV (plain or gzip) or a zip holding it.
// Source: https://www.gov.uk/government/statistics/english-indices-of-deprivation-2025

/** Our name of each index, domain and sub-domain, and the start of its published Score/Rank/Decile headers. */
export const iodMeasures = [
  ['imd', 'Index of Multiple Deprivation (IMD)'],
  ['income', 'Income'],
  ['employment', 'Employment'],
  ['education', 'Education, Skills and Training'],
  ['health', 'Health Deprivation and Disability'],
  ['crime', 'Crime'],
  ['barriers', 'Barriers to Housing and Services'],
  ['living_environment', 'Living Environment'],
  ['idaci', 'Income Deprivation Affecting Children Index (IDACI)'],
  ['idaopi', 'Income Deprivation Affecting Older People (IDAOPI)'],
  ['children_young_people', 'Children and Young People Sub-domain'],
  ['adult_skills', 'Adult Skills Sub-domain'],
  ['geographical_barriers', 'Geographical Barriers Sub-domain'],
  ['wider_barriers', 'Wider Barriers Sub-domain'],
  ['indoors', 'Indoors Sub-domain'],
  ['outdoors', 'Outdoors Sub-domain'],
] as const;

const identity = ['LSOA code (2021)', 'LSOA name (2021)', 'Local Authority District code (2024)', 'Local Authority District name (2024)'];
const populations = [
  ['population_total', 'Total population: mid 2022'],
  ['population_children', 'Dependent Children aged 0-15: mid 2022'],
  ['population_older', 'Older population aged 60 and over: mid 2022'],
  ['population_working_age', 'Working age population 18-66'],
] as const;

/** England's 2021 LSOAs: the number ranked. */
export const iodLsoaCount = 33_755;

type Columns = { measures: Array<{ score: number; rank: number; decile: number }>; populations: number[] };

/** Where each column is, by the start of its published name; a header that is not File 7 of IoD2025 fails here. */
export const iodColumns = (header: readonly string[], file: string): Columns => {
  const at = (prefix: string, what: string) => {
    const i = header.findIndex((h) => h.trim().startsWith(prefix));
    if (i < 0) throw new FormatError(`${file} is not File 7 of the English Indices of Deprivation 2025: no column "${prefix}…" (${what})`);
    return i;
  };
  identity.forEach((name, i) => {
    if (header[i]?.trim() !== name)
      throw new FormatError(
        `${file} is not File 7 of the English Indices of Deprivation 2025: column ${i + 1} is ${JSON.stringify(header[i])}, not "${name}"` +
          (header[0]?.includes('2011') ? ' (this looks like an earlier release, on 2011 LSOAs)' : ''),
      );
  });
  return {
    measures: iodMeasures.map(([, name]) => ({
      score: at(`${name} Score`, 'score'),
      rank: at(`${name} Rank`, 'rank'),
      decile: at(`${name} Decile`, 'decile'),
    })),
    populations: populations.map(([, name]) => at(name, 'population')),
  };
};

/** One published row as our columns, or why not. */
export const iodRow = (columns: Columns, fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  const [code, name, ladCode, ladName] = fields.map((f) => f.trim());
  if (!code || !/^E01\d{6}$/.test(code)) return { rejected: `not an English LSOA code: ${JSON.stringify(fields[0])}` };
  const values: (string | number | null)[] = [code, name || null, ladCode || null, ladName || null];
  for (const [i, m] of columns.measures.entries()) {
    const score = decimal(fields[m.score]);
    const rank = integer(fields[m.rank]);
    const decile = integer(fields[m.decile]);
    const measure = iodMeasures[i]![0];
    if (score === undefined) return { rejected: `${measure} score ${JSON.stringify(fields[m.score])} is not a number` };
    if (rank === undefined || rank < 1 || rank > iodLsoaCount)
      return { rejected: `${measure} rank ${JSON.stringify(fields[m.rank])} is not 1 to ${iodLsoaCount}` };
    if (decile === undefined || decile < 1 || decile > 10)
      return { rejected: `${measure} decile ${JSON.stringify(fields[m.decile])} is not 1 to 10` };
    values.push(score, rank, decile);
  }
  for (const p of columns.populations) values.push(integer(fields[p]) ?? null);
  return { values };
};

const fileMember = /(^|\/)File_7_IoD2025[^/]*\.csv$/i;

export const iod = defineDataset({
  name: 'iod',
  importerVersion: 1,
  title: 'English Indices of Deprivation 2025 (File 7: all ranks, deciles and scores)',
  publisher: 'Ministry of Housing, Communities and Local Government',
  licence: ogl,
  attribution: attributions.iod,
  relation: 'iod_lsoa_scores',
  columns: [
    { name: 'lsoa_code', type: 'text' },
    { name: 'lsoa_name', type: 'text' },
    { name: 'lad_code', type: 'text' },
    { name: 'lad_name', type: 'text' },
    ...iodMeasures.flatMap(([m]) => [
      { name: `${m}_score`, type: 'double precision' },
      { name: `${m}_rank`, type: 'integer' },
      { name: `${m}_decile`, type: 'smallint' },
    ]),
    ...populations.map(([p]) => ({ name: p, type: 'integer' })),
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (lsoa_code)'],
  files: {
    usage: 'iod takes one file: File_7_IoD2025_All_Ranks_Scores_Deciles_Population_Denominators.csv',
    one: true,
    archive: { members: fileMember, first: true, noMembers: (file) => `${file} holds no File_7_IoD2025….csv` },
  },
  header: (header, part) => iodColumns(header, part.name),
  row: (fields, { layout }) => iodRow(layout, fields),
  vintage: 'IoD2025',
});
