import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { ogl } from './dataset';
import { giasLayoutOf, giasRow, giasTableColumns, type GiasLayout } from './gias-columns';
import { giasReleaseOf, isLinksHeader } from './gias-files';

// GIAS (Get Information About Schools, DfE): the establishments file `edubasealldataYYYYMMDD.csv` as DfE publishes it
// (research/gias.md): Windows-1252, CRLF, a quoted header, every field quoted but a few numeric ones, one row per
// establishment of every status. Read plain or gzip. One file is one release (the date in its name); the links
// between establishments are the separate `gias-links` dataset, published as a file of its own with its own date.
// Establishments without a position (overseas, some closed or proposed ones) are kept, never within any radius.

const published = 'edubasealldataYYYYMMDD.csv';

/** The file's layout from its header: a file that is not GIAS's establishments stops the import before loading. */
const layoutOf = (header: string[], name: string): GiasLayout => {
  if (isLinksHeader(header)) throw new FormatError(`${name} is the GIAS links file: import it as the gias-links dataset`);
  const layout = giasLayoutOf(header);
  if ('missing' in layout) {
    const shown = layout.missing.slice(0, 6).join(', ');
    const more = layout.missing.length > 6 ? ` and ${layout.missing.length - 6} more` : '';
    throw new FormatError(`${name} is not a GIAS establishments file (${published}): its header has no ${shown}${more}`);
  }
  return layout;
};

export const gias = defineDataset({
  name: 'gias',
  importerVersion: 1,
  title: 'Get Information About Schools: establishments',
  publisher: 'Department for Education',
  licence: ogl,
  attribution: attributions.gias,
  relation: 'schools',
  columns: giasTableColumns.map(([name, type]) => ({ name, type })),
  indexes: ['CREATE INDEX ON {table} USING gist (geog)', 'CREATE INDEX ON {table} (urn)'],
  files: {
    usage: `gias takes one establishments file, ${published} (plain or gzip); the links file is the gias-links dataset`,
    one: true,
  },
  encoding: 'windows-1252',
  header: (header, part) => layoutOf(header, part.name),
  row: (fields, { layout }) => giasRow(layout, fields),
  vintage: { fromFiles: ({ paths }) => giasReleaseOf(paths[0]!, published) },
});
