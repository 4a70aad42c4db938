import { basename } from 'node:path';
import { FormatError, isZip, openFile, openZipMember, sizeOf, zipMembers, type FileStream } from '../import/files';
import { attributions } from './attributions';
import { csvRecords, decimal } from './csv';
import { ogl, type Dataset, type ReadRow } from './dataset';

// OS Open UPRN: every GB UPRN with its position, one CSV (`osopenuprn_202510.csv`, in `osopenuprn_202510_csv.zip`)
// with a header row `UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE`: British National Grid metres to 2 decimals
// and ETRS89 latitude/longitude to 7, both as OS publishes them (OS converts with OSTN15, so nothing is converted here).

export const openUprnHeader = ['UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LATITUDE', 'LONGITUDE'];
const csvMember = /(^|\/)osopenuprn_\d{6}\.csv$/i;
/** UPRNs are positive integers of up to 12 digits. */
const uprnPattern = /^[1-9]\d{0,11}$/;

/** OS names the release in the file name: `osopenuprn_202510…` is `2025-10`; otherwise the file's own name. */
export const openUprnRelease = (name: string) => {
  const m = /osopenuprn_(\d{4})(\d{2})/i.exec(name);
  return m ? `${m[1]}-${m[2]}` : basename(name);
};

/** One published record as our columns, or why not. */
export const openUprnRow = (fields: string[]): { values: (string | number)[] } | { rejected: string } => {
  if (fields.length !== openUprnHeader.length) return { rejected: `${fields.length} fields, not ${openUprnHeader.length}` };
  const uprn = fields[0]!.trim();
  if (!uprnPattern.test(uprn)) return { rejected: `UPRN ${JSON.stringify(fields[0])} is not a UPRN` };
  const [x, y, latitude, longitude] = fields.slice(1).map(decimal);
  if (x === undefined || y === undefined || x < 0 || x > 700_000 || y < 0 || y > 1_300_000)
    return { rejected: `X/Y ${fields[1]}/${fields[2]} are not British National Grid metres` };
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return { rejected: `latitude/longitude ${fields[3]}/${fields[4]} are not degrees` };
  return { values: [uprn, x, y, latitude, longitude] };
};

/** The CSV itself (plain or gzip) or the zip OS publishes it in. */
const openSource = async (path: string): Promise<{ name: string; sizeBytes: number; open: () => Promise<FileStream> }> => {
  if (!(await isZip(path))) return { name: basename(path), sizeBytes: sizeOf(path), open: () => openFile(path) };
  const found = (await zipMembers(path)).find((m) => csvMember.test(m.name));
  if (!found) throw new FormatError(`${basename(path)} is not OS Open UPRN: it has no osopenuprn_YYYYMM.csv`);
  return { name: found.name, sizeBytes: found.compressedBytes, open: () => openZipMember(path, found.name) };
};

export const osOpenUprn: Dataset = {
  name: 'os-open-uprn',
  importerVersion: 1,
  title: 'OS Open UPRN',
  publisher: 'Ordnance Survey',
  licence: ogl,
  attribution: attributions.osOpenUprn,
  relation: 'open_uprn_positions',
  columns: [
    { name: 'uprn', type: 'bigint' },
    { name: 'x_coordinate', type: 'double precision' },
    { name: 'y_coordinate', type: 'double precision' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (uprn)'],
  open: async (paths) => {
    if (paths.length !== 1) throw new FormatError('os-open-uprn takes one file: osopenuprn_YYYYMM_csv.zip or the CSV in it');
    const source = await openSource(paths[0]!);
    const first = await source.open();
    let header: string[] = [];
    try {
      for await (const record of csvRecords(first.stream)) {
        header = record.fields.map((h) => h.trim());
        break;
      }
    } catch (error) {
      throw new FormatError(`${source.name} is not a CSV file: ${(error as Error).message.slice(0, 120)}`, { cause: error });
    } finally {
      first.stream.destroy();
    }
    if (header.join(',') !== openUprnHeader.join(','))
      throw new FormatError(`${source.name} is not OS Open UPRN: its header is ${JSON.stringify(header.join(',').slice(0, 120))}`);
    let file: FileStream | undefined;
    return {
      vintage: openUprnRelease(source.name),
      parts: [{ name: source.name, sizeBytes: source.sizeBytes }],
      bytesRead: () => file?.bytesRead() ?? 0,
      rows: async function* (): AsyncGenerator<ReadRow> {
        file = await source.open();
        let first = true;
        for await (const { line, fields } of csvRecords(file.stream)) {
          if (first) {
            first = false;
            continue;
          }
          yield { part: source.name, line, ...openUprnRow(fields) };
        }
      },
    };
  },
};
