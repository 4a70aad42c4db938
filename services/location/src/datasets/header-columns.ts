import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import { FormatError } from '../import/files';

// ONS renames columns between releases (`pcd`/`pcd7`, `oslaua`/`lad25cd`, `lsoa11`/`lsoa11cd`): a column is found
// by the names and patterns it has had, so a new release with renamed columns is a one-line change here, not a new
// importer.

export type ColumnNames = readonly (string | RegExp)[];

/** The index of the first header field matching any of `names` (case-insensitive), or undefined. */
export const findColumn = (header: readonly string[], names: ColumnNames): number | undefined => {
  const lower = header.map((h) => h.trim().toLowerCase());
  for (const name of names) {
    const index = typeof name === 'string' ? lower.indexOf(name.toLowerCase()) : lower.findIndex((h) => name.test(h));
    if (index >= 0) return index;
  }
  return undefined;
};

/** Finds every column of `wanted`; a required one missing fails the import with the header it saw. */
export const mapColumns = <K extends string>(
  header: readonly string[],
  wanted: Record<K, { names: ColumnNames; required?: boolean }>,
  file: string,
): Record<K, number | undefined> => {
  const found = {} as Record<K, number | undefined>;
  const missing: string[] = [];
  for (const [key, spec] of Object.entries(wanted) as Array<[K, { names: ColumnNames; required?: boolean }]>) {
    found[key] = findColumn(header, spec.names);
    if (found[key] === undefined && spec.required) missing.push(`${key} (${spec.names.map(String).join(' or ')})`);
  }
  if (missing.length > 0)
    throw new FormatError(`${file}: its header has no ${missing.join(', ')}; header: ${header.slice(0, 12).join(',')}…`);
  return found;
};

/** A file's header as read, and where each wanted column is in it. */
export interface HeaderLayout<K extends string> {
  header: string[];
  at: Record<K, number | undefined>;
}

export const headerLayout = <K extends string>(
  header: string[],
  wanted: Record<K, { names: ColumnNames; required?: boolean }>,
  file: string,
): HeaderLayout<K> => ({ header, at: mapColumns(header, wanted, file) });

/** A record's field by wanted column, or why the record cannot be read that way (not as wide as the header). */
export const fieldsByName = <K extends string>(
  { header, at }: HeaderLayout<K>,
  fields: readonly string[],
): { field: (k: K) => string | undefined } | { rejected: string } =>
  fields.length === header.length
    ? { field: (k) => (at[k] === undefined ? undefined : fields[at[k]]) }
    : { rejected: `${fields.length} fields, the header has ${header.length}` };

/** A record of an ONS postcode product (ONSPD, the postcode lookup): its fields by name and its postcode, or why not. */
export const onsPostcodeRecord = <K extends string>(
  layout: HeaderLayout<K | 'pcds'>,
  fields: readonly string[],
): { field: (k: K | 'pcds') => string | undefined; postcode: string } | { rejected: string } => {
  const read = fieldsByName(layout, fields);
  if ('rejected' in read) return read;
  const postcode = normalisePostcode(read.field('pcds') ?? '');
  if (!fullPostcodePattern.test(postcode)) return { rejected: `not a postcode: ${JSON.stringify(read.field('pcds'))}` };
  return { field: read.field, postcode };
};
