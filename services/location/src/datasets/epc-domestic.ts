import { defineDataset } from '../import/define-dataset';
import { attributions } from './attributions';
import { epcColumnIndexes, epcRow, epcTableColumns } from './epc-columns';

// The EPC domestic bulk download: each file given is a zip as the register publishes it (the legacy service's, with a
// folder per local authority holding certificates.csv and recommendations.csv; the new service's, with
// certificates-<year>.csv files) or one certificates CSV, plain or gzip. Every certificates CSV in them is loaded (the
// recommendations are not); each is read by its own header, so a release mixing layouts loads too. One row per
// certificate as published: the lookups take a property's latest by lodgement date.

/** A member holding certificates: `certificates.csv` in any folder, or `certificates-2026.csv`. */
const certificatesMember = /(^|\/)certificates(-\d{4})?\.csv$/i;

export const epcDomestic = defineDataset({
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
  files: {
    usage: 'epc-domestic takes the bulk zip(s), or certificates CSV files',
    archive: {
      members: certificatesMember,
      noMembers: (file) => `${file} holds no certificates.csv; is it the EPC domestic bulk download?`,
    },
  },
  // Each part's own header: a file that is not this product's stops the import here.
  header: (header, part) => ({ header, at: epcColumnIndexes(header, part.name) }),
  row: (fields, { layout }) => epcRow(layout.header, layout.at, fields),
  // The files name no release: the latest lodgement they hold says how recent they are.
  vintage: { latest: 'lodgement_date', said: (latest) => (latest ? `lodged to ${latest}` : 'no certificates') },
});
