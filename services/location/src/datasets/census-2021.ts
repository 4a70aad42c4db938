import { basename } from 'node:path';
import { FormatError, isZip, openFile, openZipMember, sizeOf, zipMembers, type FileStream } from '../import/files';
import { attributions } from './attributions';
import { readCensusHeader, type CensusHeader } from './census-2021-header';
import { censusTableById, censusTables } from './census-2021-tables';
import { csvRecords, integer } from './csv';
import { ogl, type Dataset, type DatasetPart, type ReadRow } from './dataset';

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

interface Part extends DatasetPart {
  /** The level the name says, if it says one. */
  level: CensusLevel | undefined;
  /** The table the name says, if it says one. */
  table: string | undefined;
  open: () => Promise<FileStream>;
}

const partsOf = async (path: string): Promise<Part[]> => {
  const file = basename(path);
  if (!(await isZip(path))) {
    const named = namedTableAndLevel(file);
    if (named && !isCensusLevel(named.level))
      throw new FormatError(`${file} is the ${named.level} file; census-2021 loads the lsoa, msoa and ltla files`);
    const level = named?.level as CensusLevel | undefined;
    return [{ name: file, sizeBytes: sizeOf(path), level, table: named?.table, open: () => openFile(path) }];
  }
  const members = (await zipMembers(path)).flatMap((m) => {
    const named = namedTableAndLevel(m.name);
    return named && isCensusLevel(named.level) && /\.csv$/i.test(m.name) ? [{ member: m, ...named, level: named.level }] : [];
  });
  if (members.length === 0)
    throw new FormatError(`${file} holds no census2021-tsNNN-lsoa.csv, -msoa.csv or -ltla.csv; is it a Nomis Census 2021 bulk zip?`);
  return members.map(({ member, table, level }) => ({
    name: `${file}:${member.name}`,
    sizeBytes: member.compressedBytes,
    level,
    table,
    open: () => openZipMember(path, member.name),
  }));
};

/** The part's header, which must be a known table and the table its name says. */
const headerOf = async (part: Part): Promise<CensusHeader> => {
  const probe = await part.open();
  try {
    for await (const { fields } of csvRecords(probe.stream)) {
      const header = readCensusHeader(fields, part.name);
      if (part.table !== undefined && part.table !== header.table.id)
        throw new FormatError(`${part.name}: its name says ${part.table.toUpperCase()}, its header is ${header.table.name}'s`);
      return header;
    }
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`${part.name} is not a CSV file: ${(error as Error).message.slice(0, 120)}`, { cause: error });
  } finally {
    probe.stream.destroy();
  }
  throw new FormatError(`${part.name} is empty`);
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

export const census2021: Dataset = {
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
  open: async (paths) => {
    if (paths.length === 0)
      throw new FormatError('census-2021 takes Nomis bulk zips (census2021-tsNNN.zip) or their lsoa, msoa and ltla CSV files');
    const parts = (await Promise.all(paths.map(partsOf))).flat();
    const headers = new Map<Part, CensusHeader>();
    for (const part of parts) headers.set(part, await headerOf(part));
    let bytesDone = 0;
    let current: (() => number) | undefined;
    const keys = new Set<string>();
    return {
      get vintage() {
        return tablesHeld([...keys]);
      },
      parts: parts.map(({ name, sizeBytes }) => ({ name, sizeBytes })),
      bytesRead: () => bytesDone + (current?.() ?? 0),
      rows: async function* (): AsyncGenerator<ReadRow> {
        // An area read twice for a table (a zip and its own member, say) would count twice: the second is rejected.
        const seen = new Map<string, string>();
        for (const part of parts) {
          const header = headers.get(part) as CensusHeader;
          const file = await part.open();
          current = file.bytesRead;
          let first = true;
          for await (const { line, fields } of csvRecords(file.stream)) {
            if (first) {
              first = false;
              continue;
            }
            const read = censusRows(header, fields, part.level);
            if ('rejected' in read) {
              yield { part: part.name, line, rejected: read.rejected };
              continue;
            }
            const [table, level, code] = read.rows[0] as [string, string, string];
            const area = `${table} / ${level} / ${code}`;
            const before = seen.get(area);
            if (before !== undefined) {
              yield { part: part.name, line, rejected: `${code} of ${table.toUpperCase()} was read already, from ${before}` };
              continue;
            }
            seen.set(area, `${part.name}:${line}`);
            keys.add(`${table} / ${level}`);
            for (const values of read.rows) yield { part: part.name, line, values };
          }
          bytesDone += part.sizeBytes;
          current = undefined;
        }
      },
    };
  },
};

/** For the answer: a stored table id's published name (TS007A). */
export const censusTableName = (id: string) => censusTableById(id)?.name ?? id.toUpperCase();
