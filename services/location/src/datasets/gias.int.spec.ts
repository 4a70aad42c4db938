import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { importDatabase } from '../../../../test/support/import-database';
import { decodeWindows1252 } from '../../../../test/support/windows-1252';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { silentProgress, type Progress } from '../import/progress';
import { gias } from './gias';
import { giasLinks } from './gias-links';

// The GIAS importers over the real links file of 22 April 2025 (/work/shared/data, see its MANIFEST.md: 30,421 rows,
// a tenth held back) and the synthetic establishments files (the demo file in the 2025 layout, the test fixture in the
// 2024 layout with Ofsted columns). Every count is also made here separately, from the files' lines, decoded by the
// tests' own Windows-1252 table and split by a regular expression, not by the importer's reader.

const links = '/work/shared/data/dfe_gias/links_edubasealldata20250422.csv.gz';
const location = join(__dirname, '..', '..');
const demo2025 = join(location, 'demo-data', 'SYNTHETIC_edubasealldata20250422_RG30_RG31_LS.csv');
const fixture2024 = join(__dirname, 'test-data', 'gias', 'SYNTHETIC_edubasealldata20240717_RG30_RG31.csv');

const linesOf = (bytes: Buffer) => decodeWindows1252(bytes).split('\r\n').filter(Boolean);
/** Quoted or bare fields of a line (no value of these files holds a double quote). */
const fieldsOf = (line: string) => [...line.matchAll(/(?:^|,)("[^"]*"|[^,"]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, ''));
/** A GIAS file's rows by header name. */
const tableOf = (bytes: Buffer) => {
  const [header, ...rows] = linesOf(bytes).map(fieldsOf);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};
const countBy = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

let db: pg.Pool;
let deps: ImportDeps;
jest.setTimeout(120_000);

importDatabase('gias', (opened) => ({ db, deps } = opened));

const serving = async (dataset: string) =>
  (await db.query('SELECT version, vintage, rows FROM dataset_versions WHERE dataset = $1 AND serving', [dataset])).rows.map((r) => ({
    version: r.version,
    vintage: r.vintage,
    rows: Number(r.rows),
  }));

describe('importing the GIAS links file', () => {
  const file = tableOf(gunzipSync(readFileSync(links)));

  it('loads every link of the real file, each type as published, Windows-1252 decoded', async () => {
    expect(file).toHaveLength(30_421); // the manifest's count, and the file's lines
    const summary = await importDataset(deps, giasLinks, [links]);
    expect(summary).toMatchObject({ dataset: 'gias-links', vintage: '2025-04-22', rows: 30_421, rejected: 0, unchanged: false });
    const byType = await db.query<{ link_type: string; n: string }>('SELECT link_type, count(*) AS n FROM school_links GROUP BY link_type');
    expect(new Map(byType.rows.map((r) => [r.link_type, Number(r.n)]))).toEqual(countBy(file.map((r) => r.LinkType!)));
    expect(byType.rows).toHaveLength(17);
    const undated = await db.query('SELECT count(*) AS n FROM school_links WHERE link_established_on IS NULL');
    expect(Number(undated.rows[0].n)).toBe(file.filter((r) => r.LinkEstablishedDate === '').length);
    const aBecket = await db.query(
      'SELECT link_name, link_type, link_established_on::text AS d FROM school_links WHERE urn = 126416 AND link_urn = 149557',
    );
    expect(aBecket.rows).toEqual([
      { link_name: 'St Thomas \u00e0 Becket Church of England Aided Primary School', link_type: 'Successor', d: '2023-01-31' },
    ]);
  });

  it('changes nothing when the same file comes again', async () => {
    expect(await importDataset(deps, giasLinks, [links])).toMatchObject({ rows: 30_421, version: 1, unchanged: true });
    expect(await serving('gias-links')).toEqual([{ version: 1, vintage: '2025-04-22', rows: 30_421 }]);
  });
});

describe('importing GIAS establishments', () => {
  const rows2024 = tableOf(readFileSync(fixture2024));
  const rows2025 = tableOf(readFileSync(demo2025));

  it('loads the 2024 layout (139 columns) with its Ofsted ratings and dates', async () => {
    const summary = await importDataset(deps, gias, [fixture2024]);
    expect(summary).toMatchObject({ dataset: 'gias', vintage: '2024-07-17', rows: rows2024.length, rejected: 0 });
    expect(rows2024).toHaveLength(24);
    const rated = await db.query<{ urn: number; ofsted_rating: string; d: string }>(
      'SELECT urn, ofsted_rating, ofsted_last_inspection::text AS d FROM schools WHERE ofsted_rating IS NOT NULL ORDER BY urn',
    );
    const ymd = (d: string) => d.split('-').reverse().join('-');
    expect(rated.rows).toEqual(
      rows2024
        .filter((r) => r['OfstedRating (name)'] !== '')
        .map((r) => ({ urn: Number(r.URN), ofsted_rating: r['OfstedRating (name)'], d: ymd(r.OfstedLastInsp!) })),
    );
    const flags = await db.query('SELECT DISTINCT ofsted_published FROM schools');
    expect(flags.rows).toEqual([{ ofsted_published: true }]);
  });

  it('loads the 2025 layout (135 columns) as a new version: every establishment, no Ofsted data, those without a position kept', async () => {
    const summary = await importDataset(deps, gias, [demo2025]);
    expect(summary).toMatchObject({ vintage: '2025-04-22', rows: 72, rejected: 0, version: 2, unchanged: false });
    expect(rows2025).toHaveLength(72);
    const counts = await db.query<{ status_name: string; n: string }>(
      'SELECT status_name, count(*) AS n FROM schools GROUP BY status_name',
    );
    expect(new Map(counts.rows.map((r) => [r.status_name, Number(r.n)]))).toEqual(
      countBy(rows2025.map((r) => r['EstablishmentStatus (name)']!)),
    );
    const unplaced = await db.query<{ urn: number }>('SELECT urn FROM schools WHERE geog IS NULL ORDER BY urn');
    expect(unplaced.rows.map((r) => r.urn)).toEqual(rows2025.filter((r) => r.Easting === '').map((r) => Number(r.URN)));
    const ofsted = await db.query('SELECT count(*) FILTER (WHERE ofsted_published OR ofsted_rating IS NOT NULL) AS n FROM schools');
    expect(Number(ofsted.rows[0].n)).toBe(0);
    const stMary = await db.query('SELECT name, religious_character, easting, northing, postcode FROM schools WHERE urn = 990005');
    const want = rows2025.find((r) => r.URN === '990005')!;
    expect(stMary.rows).toEqual([
      {
        name: 'Synthetic St Mary\u2019s Catholic Primary School 5',
        religious_character: want['ReligiousCharacter (name)'],
        easting: Number(want.Easting),
        northing: Number(want.Northing),
        postcode: want.Postcode,
      },
    ]);
    expect(await importDataset(deps, gias, [demo2025])).toMatchObject({ rows: 72, version: 2, unchanged: true });
  });

  it('rejects a row that is not one, with its file, line and reason, and loads the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-gias-'));
    const [header, ...lines] = readFileSync(demo2025).toString('latin1').split('\r\n');
    const broken = join(dir, 'edubasealldata20250501.csv');
    writeFileSync(broken, Buffer.from([header, lines[0], lines[1]!.replace(/^990002,/, 'x,'), lines[2]].join('\r\n'), 'latin1'));
    const said: string[] = [];
    const progress: Progress = { ...silentProgress, say: (line) => said.push(line) };
    expect(await importDataset({ ...deps, progress }, gias, [broken])).toMatchObject({ rows: 2, rejected: 1, version: 3 });
    expect(said).toContain('rejected edubasealldata20250501.csv:3: URN "x" is not a number');
  });

  it('refuses files that are not the dataset, before loading anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-gias-'));
    const police = join(dir, 'edubasealldata20250601.csv');
    writeFileSync(police, 'Crime ID,Month,Reported by,Falls within,Longitude,Latitude\r\n');
    const unnamed = join(dir, 'schools.csv');
    copyFileSync(demo2025, unnamed);
    const refusals: Array<[typeof gias, string[], RegExp]> = [
      [gias, [links], /links_edubasealldata20250422\.csv\.gz is the GIAS links file: import it as the gias-links dataset/],
      [
        gias,
        [police],
        /edubasealldata20250601\.csv is not a GIAS establishments file \(edubasealldataYYYYMMDD\.csv\): its header has no URN, /,
      ],
      [gias, [unnamed], /schools\.csv: name the file as GIAS publishes it, edubasealldataYYYYMMDD\.csv/],
      [gias, [demo2025, fixture2024], /gias takes one establishments file/],
      [giasLinks, [demo2025], /SYNTHETIC_edubasealldata20250422_RG30_RG31_LS\.csv is not a GIAS links file/],
    ];
    for (const [dataset, paths, message] of refusals) {
      const attempt = importDataset(deps, dataset, paths);
      await expect(attempt).rejects.toThrow(FormatError);
      await expect(importDataset(deps, dataset, paths)).rejects.toThrow(message);
    }
    expect((await serving('gias'))[0]?.version).toBe(3);
    expect((await serving('gias-links'))[0]?.version).toBe(1);
  });
});
