import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { integer, orNull } from './csv';
import { ogl, type SqlValue } from './dataset';
import { giasDate } from './gias-columns';
import { giasLinksHeader, giasReleaseOf, isLinksHeader } from './gias-files';

// GIAS's establishment links, `links_edubasealldataYYYYMMDD.csv` as DfE publishes it (research/gias.md §4): the header
// `"URN","LinkURN","LinkName","LinkType","LinkEstablishedDate"`, URN and LinkURN unquoted, the rest quoted, dates
// DD-MM-YYYY or "", Windows-1252, CRLF. A row says what the establishment `LinkURN` (named `LinkName`) is to `URN`:
// its `Successor`, `Predecessor`, `Predecessor - merged`, … (17 values in every release seen).
//
// A dataset of its own, not a file the `gias` import takes beside the establishments: DfE publishes it as its own
// download with its own date, the import platform loads one table per dataset (one version, checksum and vintage
// each), and either file can then be refreshed alone; answers join the two and `sources` names both with their dates.
// Several files may be given at once (their rows together, each link once).

const published = 'links_edubasealldataYYYYMMDD.csv';

type Row = { values: SqlValue[] } | { rejected: string };

/** One published link as the table's values, or why not. */
export const giasLinkRow = (fields: readonly string[]): Row => {
  if (fields.length !== giasLinksHeader.length) return { rejected: `${fields.length} fields, not ${giasLinksHeader.length}` };
  const [urnText, linkUrnText, linkName, linkType, established] = fields.map((f) => f.trim()) as [string, string, string, string, string];
  const urn = integer(urnText);
  const linkUrn = integer(linkUrnText);
  if (urn === undefined || urn <= 0 || linkUrn === undefined || linkUrn <= 0)
    return { rejected: `URN/LinkURN ${JSON.stringify(urnText)}/${JSON.stringify(linkUrnText)} are not numbers` };
  if (linkType === '') return { rejected: 'no LinkType' };
  const date = giasDate(established);
  if (date === undefined) return { rejected: `LinkEstablishedDate ${JSON.stringify(established)} is not a date DD-MM-YYYY` };
  return { values: [urn, linkUrn, orNull(linkName), linkType, date] };
};

export const giasLinks = defineDataset({
  name: 'gias-links',
  importerVersion: 1,
  title: 'Get Information About Schools: establishment links',
  publisher: 'Department for Education',
  licence: ogl,
  attribution: attributions.gias,
  relation: 'school_links',
  columns: [
    { name: 'urn', type: 'integer' },
    { name: 'link_urn', type: 'integer' },
    { name: 'link_name', type: 'text' },
    { name: 'link_type', type: 'text' },
    { name: 'link_established_on', type: 'date' },
  ],
  indexes: ['CREATE INDEX ON {table} (urn)'],
  files: { usage: `gias-links takes the links file(s), ${published} (plain or gzip)` },
  encoding: 'windows-1252',
  header: (header, part) => {
    if (!isLinksHeader(header))
      throw new FormatError(`${part.name} is not a GIAS links file (${published}): its header is ${header.slice(0, 6).join(',')}`);
  },
  row: (fields) => giasLinkRow(fields),
  // One row per link: the same link in two files given together would count twice.
  once: { key: ([urn, linkUrn, , linkType]) => `${urn} ${linkUrn} ${linkType}`, rejected: (_link, first) => `the same link as ${first}` },
  vintage: { fromFiles: ({ paths }) => [...new Set(paths.map((p) => giasReleaseOf(p, published)))].sort().join(' and ') },
});
