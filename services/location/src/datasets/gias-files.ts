import { basename } from 'node:path';
import { FormatError } from '../import/files';
import { giasDate } from './gias-columns';

// What GIAS's two downloads have in common: Windows-1252 CSV with CRLF line ends and a quoted header (research/gias.md
// §2a, §2b), published as `edubasealldataYYYYMMDD.csv` and `links_edubasealldataYYYYMMDD.csv`, the date in the name
// being the release's (the files carry no other).

/** The release date in a file's name (`…edubasealldata20250422…` → 2025-04-22), or why the name does not say it. */
export const giasReleaseOf = (path: string, published: string): string => {
  const name = basename(path);
  const m = /edubasealldata(\d{4})(\d{2})(\d{2})/i.exec(name);
  const date = m ? giasDate(`${m[3]}-${m[2]}-${m[1]}`) : undefined;
  if (!date) throw new FormatError(`${name}: name the file as GIAS publishes it, ${published} (its date is the release's)`);
  return date;
};

/** The GIAS links file's header, exactly (research/gias.md §4: all 9 witan.gias copies, 2023-04-21 to 2025-04-22). */
export const giasLinksHeader = ['URN', 'LinkURN', 'LinkName', 'LinkType', 'LinkEstablishedDate'] as const;

export const isLinksHeader = (header: readonly string[]) => header.join(',') === giasLinksHeader.join(',');
