import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';

// The reference files the e2e tests load, and their loading: the import command, as an operator runs it, its last
// stdout line the summary.

const location = join(__dirname, '..', '..', 'services', 'location');

/** A file of the demo region's data, the data `npm start` loads. */
export const demoFile = (name: string) => join(location, 'demo-data', name);
/** A file the location service keeps for tests: SYNTHETIC data in a publisher's layout. */
export const testDataFile = (name: string) => join(location, 'test-data', name);
/** A file of the real published data this machine holds (its MANIFEST.md says what and whence). */
export const sharedDataFile = (path: string) => join('/work/shared/data', path);

/** `synthetic` marks files made here: it is recorded as the version's attribution, and every answer flags it. */
export interface DatasetImport {
  dataset: string;
  files: string[];
  synthetic?: string;
}
/**
 * A dataset's name alone stands for its demo files, imported as `npm start` imports them (demo.json): in the steps
 * demo.json lists, where it lists the dataset more than once (files that overlap, each import superseding the last).
 */
export type ImportSpec = string | DatasetImport;

export interface ImportSummary {
  dataset: string;
  vintage: string;
  version: number;
  unchanged: boolean;
  rows: number;
  rejected: number;
  seconds: number;
}

/** Every import demo.json lists for a dataset, in its order. */
export const demoImports = (dataset: string): DatasetImport[] => {
  const { imports } = JSON.parse(readFileSync(demoFile('demo.json'), 'utf8')) as { imports: DatasetImport[] };
  const demos = imports.filter((i) => i.dataset === dataset);
  if (demos.length === 0) throw new Error(`demo.json imports no dataset ${dataset}`);
  return demos.map((demo) => ({ ...demo, files: demo.files.map(demoFile) }));
};

/** The first import demo.json lists for a dataset. */
export const demoImport = (dataset: string): DatasetImport => demoImports(dataset)[0]!;

/** ONSPD's sample (Aberdeen, Scotland, and a few others) as published. */
export const onspdSample: DatasetImport = {
  dataset: 'onspd',
  files: [sharedDataFile('ons_onspd_sample/ONSPD_sample_AB1_postcodes.csv.gz')],
};

/**
 * The registry test environment's fictional addresses (its titles outside the demo region, by their UPRNs), for tests
 * that find titles by UPRN. Import beside the demo region's file (one `addressbase` import of both) to have every title.
 */
export const registryTestAddresses: DatasetImport = {
  dataset: 'addressbase',
  files: [testDataFile('SYNTHETIC_AddressBasePlus_FULL_2026-10-01_REGISTRY_TEST.csv')],
  synthetic:
    'SYNTHETIC addresses in the AddressBase Plus layout, made by infra/demo-data/src/registry-addresses/generate.ts from ' +
    "the registry test environment's titles: fictional addresses (postcodes ending 9ZZ), invented UPRNs and made-up " +
    'positions; not OS data.',
};

const run = promisify(execFile);
const importCommand = join(location, 'dist', 'import', 'cli.js');

const importOnce = async (databaseUrl: string, { dataset, files, synthetic }: DatasetImport): Promise<ImportSummary> => {
  const args = [importCommand, dataset, ...files, ...(synthetic ? ['--synthetic', synthetic] : [])];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as ImportSummary;
};

/** Imports the files given, or a dataset's demo files in demo.json's steps: the summary of the last import. */
export const importWithCli = async (databaseUrl: string, spec: ImportSpec): Promise<ImportSummary> => {
  if (typeof spec !== 'string') return importOnce(databaseUrl, spec);
  let summary: ImportSummary | undefined;
  for (const step of demoImports(spec)) summary = await importOnce(databaseUrl, step);
  return summary!;
};

const nationalLookup = sharedDataFile('ons_postcode_oa_lsoa_msoa_lad/PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz');

/**
 * The demo region's postcode lookup with the lines of the national file (ONS, May 2022, as published) that `wanted`
 * picks, as a file to import under the national file's name; and those lines.
 */
export const demoLookupWith = (wanted: (line: string) => boolean) => {
  const national = gunzipSync(readFileSync(nationalLookup)).toString('latin1').split('\r\n').filter(wanted);
  const demo = gunzipSync(readFileSync(demoFile('PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU_RG_LS_WF.csv.gz')))
    .toString('latin1')
    .trimEnd();
  const file = join(mkdtempSync(join(tmpdir(), 'pds-postcode-lookup-')), 'PCD_OA_LSOA_MSOA_LAD_MAY22_UK_LU.csv.gz');
  writeFileSync(file, gzipSync(Buffer.from(`${demo}\r\n${national.join('\r\n')}\r\n`, 'latin1')));
  return { file, national };
};
