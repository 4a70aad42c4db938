import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import yauzl from 'yauzl';
import { importDatabase } from '../../../../test/support/import-database';
import { newServiceHeader, newServiceRow } from '../../../../test/support/epc-new-layout';
import { FormatError } from '../import/files';
import { importDataset, type ImportDeps } from '../import/import-dataset';
import { legacyHeader } from './epc-columns';
import { epcDomestic } from './epc-domestic';

// The EPC bulk importer into the real PostgreSQL: the demo region's synthetic bulk zip (legacy layout, a folder per
// local authority), and files in the new service's layout and the 92-column legacy one. Every expected count is made
// here separately: lines of the files, and fields split by a small reader of quoted CSV written for this test.

const zipPath = join(__dirname, '..', '..', 'demo-data', 'SYNTHETIC_epc_domestic_RG30_RG31.zip');
const synthetic = 'SYNTHETIC certificates for this test';

let db: pg.Pool;
let deps: ImportDeps;

importDatabase('epc', (opened) => ({ db, deps } = opened));

/** The text of every certificates.csv member of the zip, by member. */
const zipCertificates = (): Promise<Map<string, string>> =>
  new Promise((resolve, reject) => {
    const texts = new Map<string, string>();
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/certificates.csv')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            texts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(texts));
      zip.readEntry();
    });
  });

/** Fields of one line of quoted CSV (no line breaks inside fields in these files). */
const fieldsOf = (line: string): string[] =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));

const rowCountOf = (text: string) => text.split('\r\n').filter((l) => l !== '').length - 1;

const count = async (where = 'true') =>
  Number((await db.query(`SELECT count(*) AS n FROM epc_domestic_certificates WHERE ${where}`)).rows[0].n);

describe('the synthetic demo bulk download', () => {
  it('loads every certificate of every local authority folder, as many as the files have rows, none rejected', async () => {
    const texts = await zipCertificates();
    expect([...texts.keys()].sort()).toEqual([
      'domestic-E06000037-West-Berkshire/certificates.csv',
      'domestic-E06000038-Reading/certificates.csv',
    ]);
    const rows = [...texts.values()].flatMap((t) =>
      t
        .split('\r\n')
        .filter((l) => l !== '')
        .slice(1)
        .map(fieldsOf),
    );
    expect(rows.every((r) => r.length === 93)).toBe(true);
    const lodged = rows.map((r) => r[legacyHeader.indexOf('LODGEMENT_DATE')]!).sort();
    const summary = await importDataset(deps, epcDomestic, [zipPath], { synthetic });
    expect(summary).toMatchObject({
      dataset: 'epc-domestic',
      rows: rows.length,
      rejected: 0,
      version: 1,
      vintage: `lodged to ${lodged.at(-1)}`,
    });
    expect(await count()).toBe(rows.length);
    const at = (name: (typeof legacyHeader)[number]) => legacyHeader.indexOf(name);
    expect(await count('uprn IS NULL')).toBe(rows.filter((r) => r[at('UPRN')] === '').length);
    expect(await count("local_authority = 'E06000037'")).toBe(rowCountOf(texts.get('domestic-E06000037-West-Berkshire/certificates.csv')!));
    const { rows: served } = await db.query("SELECT synthetic, attribution FROM dataset_versions_serving WHERE dataset = 'epc-domestic'");
    expect(served).toEqual([{ synthetic: true, attribution: synthetic }]);
  });

  it('stores anomaly markers as null and keeps them in the row as published', async () => {
    const texts = await zipCertificates();
    const rows = [...texts.values()].flatMap((t) =>
      t
        .split('\r\n')
        .filter((l) => l !== '')
        .slice(1)
        .map(fieldsOf),
    );
    const band = legacyHeader.indexOf('CONSTRUCTION_AGE_BAND');
    const anomalies = rows.filter((r) => ['NO DATA!', 'INVALID!'].includes(r[band]!)).length;
    expect(anomalies).toBeGreaterThan(0);
    expect(await count("construction_age_band IS NULL AND published->>'CONSTRUCTION_AGE_BAND' IN ('NO DATA!', 'INVALID!')")).toBe(
      anomalies,
    );
    expect(await count('construction_age_band IS NULL')).toBe(anomalies);
    const builtForm = legacyHeader.indexOf('BUILT_FORM');
    expect(await count('built_form IS NULL')).toBe(rows.filter((r) => r[builtForm] === 'NO DATA!').length);
  });

  it('changes nothing when the same zip is imported again', async () => {
    const before = await count();
    await expect(importDataset(deps, epcDomestic, [zipPath], { synthetic })).resolves.toMatchObject({ version: 1, unchanged: true });
    expect(await count()).toBe(before);
  });
});

describe('the other published layouts, loaded together', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-epc-'));
  const newLayout = join(dir, 'certificates-2026.csv');
  const older = join(dir, 'certificates.csv.gz');
  const quote = (fields: readonly string[]) => fields.map((f) => (/[",]/.test(f) ? `"${f}"` : f)).join(',');
  const header = newServiceHeader.split(',');
  const withField = (row: readonly string[], name: string, value: string) => row.map((v, i) => (header[i] === name ? value : v));
  writeFileSync(
    newLayout,
    [
      newServiceHeader,
      quote(newServiceRow),
      quote(withField(withField(newServiceRow, 'certificate_number', '0151-3058-8202-6036-8205'), 'uprn', 'NO DATA!')),
      quote(withField(newServiceRow, 'postcode', '')),
      '',
    ].join('\n'),
  );
  // The legacy layout before REPORT_TYPE was added: 92 columns, gzip.
  const legacy92 = legacyHeader.slice(0, 92);
  const legacyRow = (key: string, lodged: string) =>
    legacy92.map(
      (n) =>
        ({
          LMK_KEY: key,
          ADDRESS1: 'Flat 2',
          ADDRESS2: '10 Oxford Road',
          POSTCODE: 'RG30 1AB',
          LODGEMENT_DATE: lodged,
          CURRENT_ENERGY_RATING: 'E',
          TOTAL_FLOOR_AREA: '41.5',
          UPRN: '990000000001',
        })[n as string] ?? '',
    );
  writeFileSync(
    older,
    gzipSync([legacy92.join(','), quote(legacyRow('k-2012', '2012-05-01')), quote(legacyRow('k-2018', '2018-09-30')), ''].join('\r\n')),
  );

  it('reads each file by its own header; the row without a postcode is rejected', async () => {
    const summary = await importDataset(deps, epcDomestic, [newLayout, older]);
    expect(summary).toMatchObject({ version: 2, rows: 4, rejected: 1, vintage: 'lodged to 2026-02-06' });
    const { rows } = await db.query(
      `SELECT certificate_number, uprn, postcode, address, built_form, total_floor_area, to_char(lodgement_date, 'YYYY-MM-DD') AS lodged
         FROM epc_domestic_certificates ORDER BY certificate_number`,
    );
    expect(rows).toEqual([
      {
        certificate_number: '0151-3058-8202-6036-8204',
        uprn: '68132136',
        postcode: 'SM7 3NE',
        address: '1 Stafford Court, Kingscroft Road',
        built_form: null,
        total_floor_area: 60,
        lodged: '2026-02-06',
      },
      {
        certificate_number: '0151-3058-8202-6036-8205',
        uprn: null,
        postcode: 'SM7 3NE',
        address: '1 Stafford Court, Kingscroft Road',
        built_form: null,
        total_floor_area: 60,
        lodged: '2026-02-06',
      },
      {
        certificate_number: 'k-2012',
        uprn: '990000000001',
        postcode: 'RG30 1AB',
        address: 'Flat 2, 10 Oxford Road',
        built_form: null,
        total_floor_area: 41.5,
        lodged: '2012-05-01',
      },
      {
        certificate_number: 'k-2018',
        uprn: '990000000001',
        postcode: 'RG30 1AB',
        address: 'Flat 2, 10 Oxford Road',
        built_form: null,
        total_floor_area: 41.5,
        lodged: '2018-09-30',
      },
    ]);
  });

  it('refuses a file that is not a certificates file before loading anything, and the version serving stays', async () => {
    const other = join(dir, 'recommendations.csv');
    writeFileSync(other, 'LMK_KEY,IMPROVEMENT_ITEM,IMPROVEMENT_SUMMARY_TEXT\nk1,1,Cavity wall insulation\n');
    await expect(importDataset(deps, epcDomestic, [other])).rejects.toThrow(FormatError);
    await expect(importDataset(deps, epcDomestic, [other])).rejects.toThrow(/CURRENT_ENERGY_RATING/);
    expect(await count()).toBe(4);
  });
});
