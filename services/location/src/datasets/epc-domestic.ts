import { basename } from 'node:path';
import { FormatError, isZip, openFile, openZipMember, sizeOf, zipMembers, type FileStream } from '../import/files';
import { attributions } from './attributions';
import { csvRecords } from './csv';
import { csvHeaderOf } from './csv-header';
import { type Dataset, type DatasetPart, type ReadRow } from './dataset';
import { epcColumnIndexes, epcRow, epcTableColumns } from './epc-columns';

// The EPC domestic bulk download: each file given is a zip as the register publishes it (the legacy service's, with a
// folder per local authority holding certificates.csv and recommendations.csv; the new service's, with
// certificates-<year>.csv files) or one certificates CSV, plain or gzip. Every certificates CSV in them is loaded (the
// recommendations are not); each is read by its own header, so a release mixing layouts loads too. One row per
// certificate as published: the lookups take a property's latest by lodgement date.

/** A member holding certificates: `certificates.csv` in any folder, or `certificates-2026.csv`. */
const certificatesMember = /(^|\/)certificates(-\d{4})?\.csv$/i;
const lodgementAt = epcTableColumns.findIndex(([name]) => name === 'lodgement_date');

interface Part extends DatasetPart {
  open: () => Promise<FileStream>;
}

const partsOf = async (path: string): Promise<Part[]> => {
  if (!(await isZip(path))) return [{ name: basename(path), sizeBytes: sizeOf(path), open: () => openFile(path) }];
  const members = (await zipMembers(path)).filter((m) => certificatesMember.test(m.name));
  if (members.length === 0) throw new FormatError(`${basename(path)} holds no certificates.csv; is it the EPC domestic bulk download?`);
  return members.map((m) => ({
    name: `${basename(path)}:${m.name}`,
    sizeBytes: m.compressedBytes,
    open: () => openZipMember(path, m.name),
  }));
};

/** The header of a part, checked before anything loads: a file that is not this product's stops the import here. */
const headerOf = async (part: Part): Promise<string[]> => {
  const header = await csvHeaderOf(part.open, part.name);
  epcColumnIndexes(header, part.name);
  return header;
};

export const epcDomestic: Dataset = {
  name: 'epc-domestic',
  importerVersion: 1,
  title: 'Energy Performance of Buildings Data: domestic certificates (England and Wales)',
  publisher: 'Ministry of Housing, Communities and Local Government',
  licence: 'Open Government Licence v3.0 (address data: the Ordnance Survey and Royal Mail notice)',
  attribution: attributions.epcDomestic,
  relation: 'epc_domestic_certificates',
  columns: epcTableColumns.map(([name, type]) => ({ name, type })),
  indexes: [
    'CREATE INDEX ON {table} (uprn) WHERE uprn IS NOT NULL',
    'CREATE INDEX ON {table} (postcode)',
    'CREATE INDEX ON {table} (certificate_number)',
  ],
  open: async (paths) => {
    if (paths.length === 0) throw new FormatError('epc-domestic takes the bulk zip(s), or certificates CSV files');
    const parts = (await Promise.all(paths.map(partsOf))).flat();
    const headers = new Map<string, string[]>();
    for (const part of parts) headers.set(part.name, await headerOf(part));
    let bytesDone = 0;
    let current: (() => number) | undefined;
    let latestLodgement = '';
    return {
      // The files name no release: the latest lodgement they hold says how recent they are. Read once every row has
      // been (the import records the version after loading).
      get vintage() {
        return latestLodgement ? `lodged to ${latestLodgement}` : 'no certificates';
      },
      parts: parts.map(({ name, sizeBytes }) => ({ name, sizeBytes })),
      bytesRead: () => bytesDone + (current?.() ?? 0),
      rows: async function* (): AsyncGenerator<ReadRow> {
        for (const part of parts) {
          const header = headers.get(part.name) as string[];
          const at = epcColumnIndexes(header, part.name);
          const file = await part.open();
          current = file.bytesRead;
          let first = true;
          for await (const { line, fields } of csvRecords(file.stream)) {
            if (first) {
              first = false;
              continue;
            }
            const row = epcRow(header, at, fields);
            if ('values' in row && String(row.values[lodgementAt]) > latestLodgement) latestLodgement = String(row.values[lodgementAt]);
            yield { part: part.name, line, ...row };
          }
          bytesDone += part.sizeBytes;
          current = undefined;
        }
      },
    };
  },
};
