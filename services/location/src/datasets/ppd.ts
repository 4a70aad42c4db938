import { normalisePostcode } from '@pds/contracts';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { ogl, type SqlValue } from './dataset';

// HM Land Registry's Price Paid Data as published (https://www.gov.uk/guidance/about-the-price-paid-data): no header,
// 16 fields a row, every one in double quotes (the monthly file has been seen with the id, price and date bare):
//   transaction id ({GUID}), price, date of transfer (`YYYY-MM-DD 00:00`), postcode, property type D/S/T/F/O,
//   old/new Y/N, duration F/L (U in old data), PAON, SAON, street, locality, town/city, district, county,
//   PPD category A/B, record status A/C/D.
// Full files (pp-complete.csv, the yearly pp-YYYY.csv, plain or gzip) replace the dataset: give every yearly file in
// one import. The monthly change file (pp-monthly-update-new-version.csv; told by its name) amends the serving version:
// A adds a record, C replaces the record of the same id, D deletes it. Both categories are kept; which answers use
// category B (additional price paid: repossessions, buy-to-let with a mortgage, buyers that are not individuals,
// property type Other) is for each answer to say.

const fieldCount = 16;
const id = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/i;
const date = /^(\d{4}-\d{2}-\d{2})(?: 00:00)?$/;
const changeFileName = /pp-monthly-update/i;

const codes = {
  propertyType: new Set(['D', 'S', 'T', 'F', 'O']),
  oldNew: new Set(['Y', 'N']),
  duration: new Set(['F', 'L', 'U']),
  category: new Set(['A', 'B']),
  status: new Set(['A', 'C', 'D']),
};

const text = (field: string | undefined) => {
  const t = field?.trim() ?? '';
  return t === '' ? null : t;
};

/** One published record as our columns (in the table's order), or why it cannot be read. */
export const ppdRow = (fields: readonly string[]): { values: SqlValue[] } | { rejected: string } => {
  if (fields.length !== fieldCount) return { rejected: `${fields.length} fields, not ${fieldCount}` };
  const f = fields.map((x) => x.trim());
  const [tid, price, transfer, postcode, type, oldNew, duration, paon, saon, street, locality, town, district, county, category, status] =
    f as [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string];
  if (!id.test(tid)) return { rejected: `transaction id ${JSON.stringify(tid)} is not a {GUID}` };
  if (!/^\d{1,10}$/.test(price) || Number(price) > 2_147_483_647) return { rejected: `price ${JSON.stringify(price)} is not whole pounds` };
  const day = date.exec(transfer)?.[1];
  if (!day || Number.isNaN(Date.parse(day))) return { rejected: `date of transfer ${JSON.stringify(transfer)} is not YYYY-MM-DD 00:00` };
  if (!codes.propertyType.has(type)) return { rejected: `property type ${JSON.stringify(type)} is not D, S, T, F or O` };
  if (!codes.oldNew.has(oldNew)) return { rejected: `old/new ${JSON.stringify(oldNew)} is not Y or N` };
  if (!codes.duration.has(duration)) return { rejected: `duration ${JSON.stringify(duration)} is not F, L or U` };
  if (!codes.category.has(category)) return { rejected: `PPD category ${JSON.stringify(category)} is not A or B` };
  if (!codes.status.has(status)) return { rejected: `record status ${JSON.stringify(status)} is not A, C or D` };
  return {
    values: [
      tid.toUpperCase(),
      Number(price),
      day,
      postcode === '' ? null : normalisePostcode(postcode),
      type,
      oldNew === 'Y',
      duration,
      text(paon),
      text(saon),
      text(street),
      text(locality),
      text(town),
      text(district),
      text(county),
      category,
      status,
    ],
  };
};

const statusAt = fieldCount - 1;

export const ppd = defineDataset({
  name: 'ppd',
  importerVersion: 1,
  title: 'Price Paid Data',
  publisher: 'HM Land Registry',
  licence: ogl,
  attribution: attributions.pricePaid,
  relation: 'ppd_sales',
  columns: [
    { name: 'transaction_id', type: 'text' },
    { name: 'price', type: 'integer' },
    { name: 'transfer_date', type: 'date' },
    { name: 'postcode', type: 'text' },
    { name: 'property_type', type: 'text' },
    { name: 'new_build', type: 'boolean' },
    { name: 'duration', type: 'text' },
    { name: 'paon', type: 'text' },
    { name: 'saon', type: 'text' },
    { name: 'street', type: 'text' },
    { name: 'locality', type: 'text' },
    { name: 'town', type: 'text' },
    { name: 'district', type: 'text' },
    { name: 'county', type: 'text' },
    { name: 'category', type: 'text' },
    { name: 'record_status', type: 'text' },
  ],
  indexes: ['CREATE INDEX ON {table} (postcode, transfer_date DESC)', 'CREATE INDEX ON {table} (transaction_id)'],
  changes: {
    keyColumn: 'transaction_id',
    statusColumn: 'record_status',
    deleted: 'D',
    vintageSql: "SELECT 'sales to ' || to_char(max(transfer_date), 'YYYY-MM-DD') AS vintage FROM {table}",
  },
  files: { usage: 'ppd takes pp-complete.csv, yearly pp-YYYY.csv files, or a monthly change file' },
  // The first record of each file: a file that is not Price Paid Data stops the import.
  check: {
    record: (fields, part) => {
      const row = ppdRow(fields);
      if ('rejected' in row)
        throw new FormatError(`${part.name} is not HM Land Registry Price Paid Data: its first record's ${row.rejected}`);
    },
  },
  changeFiles: (parts) => {
    const changeFiles = parts.filter(({ part }) => changeFileName.test(part.name));
    if (changeFiles.length > 0 && changeFiles.length < parts.length)
      throw new FormatError('give the monthly change file in an import of its own: it amends what the full files load');
    return changeFiles.length > 0;
  },
  row: (fields, { part, line, changeFiles }) => {
    const row = ppdRow(fields);
    // A full file holds every record as added; a change or deletion in one means it is a change file misnamed.
    if ('values' in row && !changeFiles && row.values[statusAt] !== 'A')
      throw new FormatError(
        `${part.name}:${line} is a change record (${row.values[statusAt]}): name the monthly file pp-monthly-update….csv`,
      );
    return row;
  },
  // The files name no release: the latest transfer they hold says how recent they are.
  vintage: { latest: 'transfer_date', said: (latest) => (latest ? `sales to ${latest}` : 'no sales') },
});
