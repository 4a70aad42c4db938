import { normalisePostcode } from '@pds/contracts';
import { defineDataset } from '../import/define-dataset';
import { FormatError } from '../import/files';
import { attributions } from './attributions';
import { type SqlValue } from './dataset';

// HM Land Registry's "UK companies that own property in England and Wales" (CCOD) and "Overseas companies that own
// property in England and Wales" (OCOD), as the technical specifications describe them
// (https://use-land-property-data.service.gov.uk/datasets/ccod/tech-spec, …/ocod/tech-spec): CCOD_FULL_YYYY_MM.zip
// or CCOD_COU_YYYY_MM.zip (one CSV of the same name; the CSV alone is read too), every field quoted, a header row,
// dates DD-MM-YYYY. Title Number, Tenure, Property Address, District, County, Region, Postcode, Multiple Address
// Indicator, Price Paid, then four proprietors of Proprietor Name (n), Company Registration No. (n), Proprietorship
// Category (n), (OCOD: Country Incorporated (n)), Proprietor (n) Address (1) to (3), then Date Proprietor Added and
// Additional Proprietor Indicator; a change-only (COU) file adds Change Indicator (A added, D deleted: a changed title
// comes as D with its old values and A with its new) and Change Date. Columns are found by header name. The files
// may end with a `Row Count:` line, which is not a title. Only companies and corporate bodies are in these files:
// private individuals and charities never are.

/** Free to use on the terms accepted when downloading (not the Open Government Licence). */
const companyOwnersLicence = "HM Land Registry's licence for the dataset, accepted on download from use-land-property-data.service.gov.uk";

const required = ['Title Number', 'Tenure', 'Property Address', 'Postcode', 'Proprietor Name (1)', 'Proprietorship Category (1)'];
const proprietors = [1, 2, 3, 4];
const ddmmyyyy = /^(\d{2})-(\d{2})-(\d{4})$/;

interface Columns {
  at: (name: string) => number;
  change: number;
}

const key = (h: string) => h.trim().replace(/\s+/g, ' ').toLowerCase();

const columnsOf = (header: readonly string[], name: string, overseas: boolean): Columns => {
  const index = new Map(header.map((h, i) => [key(h), i]));
  const missing = required.filter((c) => !index.has(key(c)));
  const product = overseas ? 'Overseas companies that own property (OCOD)' : 'UK companies that own property (CCOD)';
  if (missing.length > 0) throw new FormatError(`${name} is not HM Land Registry's ${product} file: no column ${missing.join(', ')}`);
  const hasCountry = index.has(key('Country Incorporated (1)'));
  if (overseas && !hasCountry) throw new FormatError(`${name} has no Country Incorporated (1): it is the UK companies (CCOD) file`);
  if (!overseas && hasCountry) throw new FormatError(`${name} has Country Incorporated (1): it is the overseas companies (OCOD) file`);
  return { at: (c) => index.get(key(c)) ?? -1, change: index.get(key('Change Indicator')) ?? -1 };
};

const field = (fields: readonly string[], i: number) => (i < 0 ? null : fields[i]?.trim() || null);

/** One published title as our columns, or why not. */
const rowOf = (c: Columns, fields: readonly string[], overseas: boolean): { values: SqlValue[] } | { rejected: string } | null => {
  const get = (name: string) => field(fields, c.at(name));
  const title = field(fields, c.at('Title Number'));
  if (title?.startsWith('Row Count')) return null; // the trailer line
  if (!title) return { rejected: 'no Title Number' };
  const tenure = get('Tenure');
  if (tenure !== 'Freehold' && tenure !== 'Leasehold') return { rejected: `Tenure ${JSON.stringify(tenure)} is not Freehold or Leasehold` };
  const added = get('Date Proprietor Added');
  const date = added ? ddmmyyyy.exec(added) : null;
  if (added && !date) return { rejected: `Date Proprietor Added ${JSON.stringify(added)} is not DD-MM-YYYY` };
  const price = get('Price Paid');
  if (price && !/^\d{1,12}$/.test(price)) return { rejected: `Price Paid ${JSON.stringify(price)} is not whole pounds` };
  const change = c.change < 0 ? 'A' : field(fields, c.change);
  if (change !== 'A' && change !== 'D') return { rejected: `Change Indicator ${JSON.stringify(change)} is not A or D` };
  const owners = proprietors.flatMap((n) => {
    const ownerName = get(`Proprietor Name (${n})`);
    if (!ownerName) return [];
    return [
      {
        name: ownerName,
        companyRegistrationNo: get(`Company Registration No. (${n})`),
        category: get(`Proprietorship Category (${n})`),
        ...(overseas ? { countryIncorporated: get(`Country Incorporated (${n})`) } : {}),
        address: [1, 2, 3].flatMap((a) => get(`Proprietor (${n}) Address (${a})`) ?? []),
      },
    ];
  });
  if (owners.length === 0) return { rejected: 'no Proprietor Name (1)' };
  const postcode = get('Postcode');
  return {
    values: [
      title,
      tenure,
      get('Property Address'),
      get('District'),
      get('County'),
      get('Region'),
      postcode ? normalisePostcode(postcode) : null,
      get('Multiple Address Indicator') === 'Y',
      price ? Number(price) : null,
      JSON.stringify(owners),
      date ? `${date[3]}-${date[2]}-${date[1]}` : null,
      get('Additional Proprietor Indicator') === 'Y',
      change,
    ],
  };
};

const columns = [
  { name: 'title_number', type: 'text' },
  { name: 'tenure', type: 'text' },
  { name: 'property_address', type: 'text' },
  { name: 'district', type: 'text' },
  { name: 'county', type: 'text' },
  { name: 'region', type: 'text' },
  { name: 'postcode', type: 'text' },
  { name: 'multiple_address', type: 'boolean' },
  { name: 'price_paid', type: 'bigint' },
  { name: 'proprietors', type: 'jsonb' },
  { name: 'date_proprietor_added', type: 'date' },
  { name: 'additional_proprietor', type: 'boolean' },
  { name: 'change_indicator', type: 'text' },
];

/** The month of the file, in its name: `CCOD_FULL_2026_10.csv`. */
const monthOf = (name: string) => {
  const month = /_(FULL|COU)_(\d{4})_(\d{2})/i.exec(name);
  return month ? `${month[2]}-${month[3]}` : 'undated';
};

const companyOwners = (overseas: boolean) => {
  const name = overseas ? 'ocod' : 'ccod';
  return defineDataset({
    name,
    importerVersion: 1,
    title: overseas ? 'Overseas companies that own property in England and Wales' : 'UK companies that own property in England and Wales',
    publisher: 'HM Land Registry',
    licence: companyOwnersLicence,
    attribution: attributions.companyOwners,
    relation: overseas ? 'ocod_titles' : 'ccod_titles',
    columns,
    indexes: ['CREATE INDEX ON {table} (title_number)', 'CREATE INDEX ON {table} (postcode)'],
    changes: { keyColumn: 'title_number', statusColumn: 'change_indicator', deleted: 'D' },
    files: {
      usage: `${name} takes one file: the FULL or the change-only (COU) file of a month`,
      one: true,
      archive: { members: /\.csv$/i, first: true, noMembers: (file) => `${file} holds no CSV` },
    },
    header: (header, part) => columnsOf(header, part.name, overseas),
    // A change-only file says so in its header (Change Indicator).
    changeFiles: ([first]) => (first?.layout.change ?? -1) >= 0,
    row: (fields, { layout }) => rowOf(layout, fields, overseas),
    vintage: { fromFiles: ({ parts }) => monthOf(parts[0]!.name) },
  });
};

export const ccod = companyOwners(false);
export const ocod = companyOwners(true);
