import { FormatError } from '../import/files';
import { censusTables, totalKey, type CensusTable } from './census-2021-tables';
import { mapColumns } from './header-columns';

// A Nomis Census 2021 bulk CSV's header, read by name (never by position): `date`, `geography` and `geography code`,
// then one column per category, "<Variable>: <category>" with or without "; measures: Value" (TS001 has the suffix,
// TS007A and TS054 do not: census-2021-tables.ts cites each). The variable and the exact set of categories say which
// table the file is; a header that is not wholly one known table stops the import before anything loads.

/** Where each column of a census table's file is. */
export interface CensusHeader {
  table: CensusTable;
  date: number;
  geography: number;
  code: number;
  /** Each count column: its index, the category's key (`total` for the total) and its label as published. */
  counts: { index: number; key: string; label: string }[];
}

const measuresSuffix = /;\s*measures:\s*value$/i;

/** "Tenure of household: Owned: Owns outright; measures: Value" → variable and category (split at the first ": "). */
export const splitHeading = (heading: string): { variable: string; category: string } | undefined => {
  const bare = heading.trim().replace(measuresSuffix, '').trim();
  const at = bare.indexOf(': ');
  if (at <= 0 || at + 2 >= bare.length) return undefined;
  return { variable: bare.slice(0, at).trim(), category: bare.slice(at + 2).trim() };
};

const tablesNamed = censusTables.map((t) => `${t.name} (${t.title.toLowerCase()})`).join(', ');

const labelsOf = (table: CensusTable) => [table.totalLabel, ...table.categories.map((c) => c.label)];

const keyOf = (table: CensusTable, label: string) =>
  label === table.totalLabel ? totalKey : table.categories.find((c) => c.label === label)?.key;

const quoted = (labels: string[]) => labels.map((l) => JSON.stringify(l)).join(', ');

/** The table a header is, and where its columns are; a FormatError saying what is wrong otherwise. */
export const readCensusHeader = (header: readonly string[], file: string): CensusHeader => {
  const ids = mapColumns(
    header,
    {
      date: { names: ['date'], required: true },
      geography: { names: ['geography'], required: true },
      code: { names: ['geography code'], required: true },
    },
    file,
  ) as Record<'date' | 'geography' | 'code', number>;
  const idColumns = new Set([ids.date, ids.geography, ids.code]);
  const columns = header.flatMap((heading, index) => (idColumns.has(index) ? [] : [{ index, heading, split: splitHeading(heading) }]));
  if (columns.length === 0) throw new FormatError(`${file}: its header has no count columns after date, geography and geography code`);
  const unsplit = columns.find((c) => c.split === undefined);
  if (unsplit) throw new FormatError(`${file}: column ${JSON.stringify(unsplit.heading)} is not "<Variable>: <category>"`);
  const variables = [...new Set(columns.map((c) => c.split?.variable))];
  if (variables.length > 1)
    throw new FormatError(`${file}: its columns are of several variables (${quoted(variables as string[])}), not one table`);
  const variable = variables[0] as string;
  const candidates = censusTables.filter((t) => t.variable === variable);
  if (candidates.length === 0)
    throw new FormatError(
      `${file}: its columns are "${variable}: …", not one of the Census 2021 tables this importer reads: ${tablesNamed}`,
    );
  const found = columns.map((c) => c.split?.category as string);
  const duplicate = found.find((label, i) => found.indexOf(label) !== i);
  if (duplicate !== undefined) throw new FormatError(`${file}: the column "${variable}: ${duplicate}" appears twice`);
  const table = candidates.find((t) => labelsOf(t).length === found.length && labelsOf(t).every((l) => found.includes(l)));
  if (!table) {
    const expected = labelsOf(candidates[0] as CensusTable);
    const missing = expected.filter((l) => !found.includes(l));
    const unexpected = found.filter((l) => !expected.includes(l));
    throw new FormatError(
      `${file}: its "${variable}" columns are not ${candidates.map((t) => t.name).join(' or ')}'s categories` +
        `${missing.length > 0 ? `; missing ${quoted(missing.slice(0, 4))}` : ''}` +
        `${unexpected.length > 0 ? `; not expected ${quoted(unexpected.slice(0, 4))}` : ''}`,
    );
  }
  return {
    table,
    ...ids,
    counts: columns.map((c) => {
      const label = c.split?.category as string;
      return { index: c.index, key: keyOf(table, label) as string, label };
    }),
  };
};
