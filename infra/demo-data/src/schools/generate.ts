// Writes the demo region's SYNTHETIC GIAS files (no real establishments file is available to this project):
//   node infra/demo-data/dist/schools/generate.js
// - demo-data/SYNTHETIC_edubasealldata20250422_RG30_RG31_LS.csv: establishments in RG30/RG31 (Reading, West
//   Berkshire) and central Leeds, in the 135-column layout of files since January 2025;
// - demo-data/SYNTHETIC_links_edubasealldata20250422_RG30_RG31_LS.csv: the links between them, in the links layout;
// - src/datasets/test-data/gias/SYNTHETIC_edubasealldata20240717_RG30_RG31.csv: the Reading ones in the 139-column
//   layout of July 2024 to January 2025, with the Ofsted columns (for tests).
// Windows-1252, CRLF, quoted as DfE quotes (gias-layout.ts). Names "Synthetic …", URNs from 990001, positions those of
// real postcodes (sites.ts). The same inputs give the same bytes. demo.json says what they are (recorded with each
// import and shown in `sources`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { giasLinksHeader } from '@pds/location';
import { seededRandom } from '../epc/prng';
import { giasLine, header2024, header2025, windows1252File } from './gias-layout';
import { recordOf } from './records';
import { demoSites } from './sites';
import { leedsStories, readingStories } from './stories';
import { World, type Link } from './world';
import { locationDir as location } from '../paths';

const demoData = join(location, 'demo-data');
export const establishmentsFile = 'SYNTHETIC_edubasealldata20250422_RG30_RG31_LS.csv';
export const linksFile = 'SYNTHETIC_links_edubasealldata20250422_RG30_RG31_LS.csv';
export const fixture2024 = join(location, 'src', 'datasets', 'test-data', 'gias', 'SYNTHETIC_edubasealldata20240717_RG30_RG31.csv');
export const firstUrn = 990_001;
const seed = 20_250_422;

const linkLine = (l: Link) => `${l.urn},${l.linkUrn},"${l.linkName}","${l.linkType}","${l.date}"`;

/** The three files' bytes, from the demo Code-Point zip. */
export const generate = async () => {
  const random = seededRandom(seed);
  const sites = await demoSites(join(demoData, 'codepo_gb_RG_LS_WF.zip'));
  const reading = new World(random, sites.reading, firstUrn);
  readingStories(reading);
  const leeds = new World(random, sites.leeds, firstUrn + reading.establishments.length);
  leedsStories(leeds);
  const numbers = new Set<string>();
  const records = [...reading.establishments, ...leeds.establishments].map((e) => recordOf(e, random, numbers));
  const readingRecords = records.slice(0, reading.establishments.length);
  const quotedHeader = (header: readonly string[]) => header.map((h) => `"${h}"`).join(',');
  const links = [...reading.links, ...leeds.links].sort((a, b) => a.urn - b.urn || a.linkUrn - b.linkUrn);
  return {
    establishments: windows1252File([quotedHeader(header2025), ...records.map((r) => giasLine(header2025, r))]),
    links: windows1252File([quotedHeader(giasLinksHeader), ...links.map(linkLine)]),
    fixture2024: windows1252File([quotedHeader(header2024), ...readingRecords.map((r) => giasLine(header2024, r))]),
    counts: { reading: reading.establishments.length, leeds: leeds.establishments.length, links: links.length },
  };
};

const main = async () => {
  const made = await generate();
  writeFileSync(join(demoData, establishmentsFile), made.establishments);
  writeFileSync(join(demoData, linksFile), made.links);
  writeFileSync(fixture2024, made.fixture2024);
  process.stdout.write(
    `${establishmentsFile}: ${made.counts.reading} + ${made.counts.leeds} establishments; ${linksFile}: ${made.counts.links} links\n`,
  );
};

if (require.main === module) void main();
