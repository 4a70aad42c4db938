import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import type { Readable } from 'node:stream';
import { defineDataset, type Note, type Part, type Read } from '../import/define-dataset';
import { FormatError, openFile } from '../import/files';
import { premiumRecords } from './addressbase-premium';
import { csvRecords, decimal, integer, orNull } from './csv';
import { postalAddressOf, type RoyalMailFields } from './postal-address';

// OS AddressBase Plus, CSV as OS publishes it: no header (the header is a separate file), 77 columns in the order of
// OS's technical specification, strings quoted, CRLF; the full supply in volumes (`AddressBasePlus_FULL_2026-10-01_001.csv`)
// or 5 km chunks, zipped or not. One row per address: its UPRN, its position (British National Grid and ETRS89), the
// Royal Mail postal address and the local authority's address. The postal fields make the address shown and searched.
// AddressBase Premium's GML supplies are read too (addressbase-premium.ts): the same postal address from its delivery
// point. AddressBase is OS's licensed product, not open data: only the demo region's SYNTHETIC file (Plus layout) ships here.

export const addressBasePlusColumns = [
  'UPRN', 'UDPRN', 'CHANGE_TYPE', 'STATE', 'STATE_DATE', 'CLASS', 'PARENT_UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LATITUDE',
  'LONGITUDE', 'RPC', 'LOCAL_CUSTODIAN_CODE', 'COUNTRY', 'LA_START_DATE', 'LAST_UPDATE_DATE', 'ENTRY_DATE', 'RM_ORGANISATION_NAME',
  'LA_ORGANISATION', 'DEPARTMENT_NAME', 'LEGAL_NAME', 'SUB_BUILDING_NAME', 'BUILDING_NAME', 'BUILDING_NUMBER', 'SAO_START_NUMBER',
  'SAO_START_SUFFIX', 'SAO_END_NUMBER', 'SAO_END_SUFFIX', 'SAO_TEXT', 'ALT_LANGUAGE_SAO_TEXT', 'PAO_START_NUMBER', 'PAO_START_SUFFIX',
  'PAO_END_NUMBER', 'PAO_END_SUFFIX', 'PAO_TEXT', 'ALT_LANGUAGE_PAO_TEXT', 'USRN', 'USRN_MATCH_INDICATOR', 'AREA_NAME', 'LEVEL',
  'OFFICIAL_FLAG', 'OS_ADDRESS_TOID', 'OS_ADDRESS_TOID_VERSION', 'OS_ROADLINK_TOID', 'OS_ROADLINK_TOID_VERSION', 'OS_TOPO_TOID',
  'OS_TOPO_TOID_VERSION', 'VOA_CT_RECORD', 'VOA_NDR_RECORD', 'STREET_DESCRIPTION', 'ALT_LANGUAGE_STREET_DESCRIPTION',
  'DEPENDENT_THOROUGHFARE', 'THOROUGHFARE', 'WELSH_DEPENDENT_THOROUGHFARE', 'WELSH_THOROUGHFARE', 'DOUBLE_DEPENDENT_LOCALITY',
  'DEPENDENT_LOCALITY', 'LOCALITY', 'WELSH_DEPENDENT_LOCALITY', 'WELSH_DOUBLE_DEPENDENT_LOCALITY', 'TOWN_NAME', 'ADMINISTRATIVE_AREA',
  'POST_TOWN', 'WELSH_POST_TOWN', 'POSTCODE', 'POSTCODE_LOCATOR', 'POSTCODE_TYPE', 'DELIVERY_POINT_SUFFIX', 'ADDRESSBASE_POSTAL',
  'PO_BOX_NUMBER', 'WARD_CODE', 'PARISH_CODE', 'RM_START_DATE', 'MULTI_OCC_COUNT', 'VOA_NDR_P_DESC_CODE', 'VOA_NDR_SCAT_CODE',
  'ALT_LANGUAGE',
] as const; // prettier-ignore

type Column = (typeof addressBasePlusColumns)[number];
const at = Object.fromEntries(addressBasePlusColumns.map((name, i) => [name, i])) as Record<Column, number>;
const uprnPattern = /^[1-9]\d{0,11}$/;
/** AddressBase's country codes: E, W, S, N (Northern Ireland), L (Channel Islands), M (Isle of Man), J (not assigned). */
const countries = new Set(['E', 'W', 'S', 'N', 'L', 'M', 'J']);
const csvPart = /(^|\/)AddressBasePlus_[A-Z]+_\d{4}-\d{2}-\d{2}_[A-Z0-9]+\.csv$/i;

/** One address as either layout gives it: the BLPU's identity and position, the Royal Mail fields. */
export interface AddressRecord {
  uprn: string;
  udprn: string | null;
  parentUprn: string | null;
  classification: string | null;
  x: number | undefined;
  y: number | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  country: string | null;
  /** The Royal Mail postcode, else the BLPU's postcode locator. */
  postcode: string | null;
  royalMail: Omit<RoyalMailFields, 'postcode'>;
}

/** An address as our columns, or why not. Records without a postcode are not addresses one can post to. */
export const addressValues = (a: AddressRecord): { values: (string | number | null)[] } | { rejected: string } => {
  if (!uprnPattern.test(a.uprn)) return { rejected: `UPRN ${JSON.stringify(a.uprn)} is not a UPRN` };
  const { x, y, latitude, longitude } = a;
  if (x === undefined || y === undefined || latitude === undefined || longitude === undefined)
    return { rejected: `UPRN ${a.uprn}: its position is not numbers` };
  if (!a.country || !countries.has(a.country))
    return { rejected: `UPRN ${a.uprn}: COUNTRY ${JSON.stringify(a.country)} is not one of OS's codes` };
  const postcode = normalisePostcode(a.postcode ?? '');
  if (!fullPostcodePattern.test(postcode)) return { rejected: `UPRN ${a.uprn}: no postcode (${JSON.stringify(a.postcode)})` };
  const rm = { ...a.royalMail, postcode };
  const address = postalAddressOf(rm);
  return {
    values: [
      a.uprn,
      integer(a.udprn ?? undefined) ?? null,
      a.parentUprn && uprnPattern.test(a.parentUprn) ? a.parentUprn : null,
      a.classification,
      x,
      y,
      latitude,
      longitude,
      a.country,
      postcode,
      rm.organisation,
      rm.subBuilding,
      rm.buildingName,
      rm.buildingNumber,
      rm.thoroughfare,
      address.lines[0] ?? null,
      address.lines[1] ?? null,
      address.lines.slice(2).join(', ') || null,
      address.town,
      address.singleLine,
      // A tsvector of the search words (letters and digits only, so its text form needs no quoting).
      address.searchWords.join(' '),
    ],
  };
};

/** One AddressBase Plus CSV record as our columns, or why not. */
export const addressBaseRow = (fields: string[]): { values: (string | number | null)[] } | { rejected: string } => {
  if (fields.length !== addressBasePlusColumns.length) return { rejected: `${fields.length} fields, not ${addressBasePlusColumns.length}` };
  const field = (c: Column) => orNull(fields[at[c]]);
  const number = (c: Column) => decimal(field(c) ?? undefined);
  return addressValues({
    uprn: field('UPRN') ?? '',
    udprn: field('UDPRN'),
    parentUprn: field('PARENT_UPRN'),
    classification: field('CLASS'),
    x: number('X_COORDINATE'),
    y: number('Y_COORDINATE'),
    latitude: number('LATITUDE'),
    longitude: number('LONGITUDE'),
    country: field('COUNTRY'),
    postcode: field('POSTCODE') ?? field('POSTCODE_LOCATOR'),
    royalMail: {
      organisation: field('RM_ORGANISATION_NAME'),
      subBuilding: field('SUB_BUILDING_NAME'),
      buildingName: field('BUILDING_NAME'),
      buildingNumber: field('BUILDING_NUMBER'),
      dependentThoroughfare: field('DEPENDENT_THOROUGHFARE'),
      thoroughfare: field('THOROUGHFARE') ?? field('STREET_DESCRIPTION'),
      doubleDependentLocality: field('DOUBLE_DEPENDENT_LOCALITY'),
      dependentLocality: field('DEPENDENT_LOCALITY'),
      postTown: field('POST_TOWN') ?? field('TOWN_NAME'),
    },
  });
};

const gmlMember = /\.(gml|xml)$/i;

/** What a plain or gzip file holds, by its first bytes: GML starts with `<`, the CSV with a UPRN. */
const isGml = async (part: Part): Promise<boolean> => {
  if (part.member !== undefined) return gmlMember.test(part.member);
  const { stream } = await openFile(part.path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>)
      return chunk
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('<');
  } finally {
    stream.destroy();
  }
  return false;
};

/** A part of a supply: AddressBase Plus CSV records (each its fields), or Premium GML's addresses. */
async function* addressRecords(stream: Readable, part: Part, note: Note): AsyncGenerator<Read<string[] | AddressRecord>> {
  if (await isGml(part)) yield* premiumRecords(stream, part.name, note);
  else for await (const { line, fields } of csvRecords(stream)) yield { line, record: fields };
}

/** OS dates a supply in its file names (`AddressBasePlus_FULL_2026-10-01_001.csv`). */
export const supplyDateOf = (name: string) => /_(\d{4}-\d{2}-\d{2})_/.exec(name)?.[1];

export const addressBase = defineDataset({
  name: 'addressbase',
  importerVersion: 1,
  title: 'OS AddressBase',
  publisher: 'Ordnance Survey',
  licence: 'OS AddressBase Plus licence (Public Sector Geospatial Agreement or commercial); not open data',
  attribution:
    '© Crown copyright and database rights 2026 Ordnance Survey. © Local Government Information House Limited copyright and database rights 2026.',
  relation: 'addresses',
  columns: [
    { name: 'uprn', type: 'bigint' },
    { name: 'udprn', type: 'bigint' },
    { name: 'parent_uprn', type: 'bigint' },
    { name: 'class', type: 'text' },
    { name: 'x_coordinate', type: 'double precision' },
    { name: 'y_coordinate', type: 'double precision' },
    { name: 'latitude', type: 'double precision' },
    { name: 'longitude', type: 'double precision' },
    { name: 'country', type: 'text' },
    { name: 'postcode', type: 'text' },
    { name: 'organisation', type: 'text' },
    { name: 'sub_building', type: 'text' },
    { name: 'building_name', type: 'text' },
    { name: 'building_number', type: 'text' },
    { name: 'thoroughfare', type: 'text' },
    { name: 'line1', type: 'text' },
    { name: 'line2', type: 'text' },
    { name: 'line3', type: 'text' },
    { name: 'town', type: 'text' },
    { name: 'single_line', type: 'text' },
    { name: 'search', type: 'tsvector' },
  ],
  indexes: ['CREATE UNIQUE INDEX ON {table} (uprn)', 'CREATE INDEX ON {table} (postcode)', 'CREATE INDEX ON {table} USING gin (search)'],
  files: {
    usage: 'addressbase takes the files of a supply: AddressBase Plus CSV or Premium GML (or their zips)',
    archive: {
      members: (name) => csvPart.test(name) || gmlMember.test(name),
      name: (_zip, member) => member,
      noMembers: (file) => `${file} holds no AddressBasePlus_<supply>_<date>_<chunk>.csv or Premium GML`,
    },
  },
  records: addressRecords,
  // A CSV that is not AddressBase Plus stops here: its first record must have the 77 columns (a GML file's root is
  // checked as it is read).
  check: {
    record: (record, part) => {
      if (!Array.isArray(record)) return;
      if (record.length !== addressBasePlusColumns.length)
        throw new FormatError(`${part.name} is not AddressBase Plus CSV: its first record has ${record.length} fields, not 77`);
      if (record[0] === 'UPRN')
        throw new FormatError(`${part.name} has a header row; OS's files have none (the header is a separate file)`);
    },
  },
  row: (record) => (Array.isArray(record) ? addressBaseRow(record) : addressValues(record)),
  // The supply's date from OS's file names, or a GML supply's own query time.
  vintage: {
    fromNotes: (notes, { parts }) =>
      supplyDateOf(parts[0]!.name) ?? notes.all('queryTime')[0]?.slice(0, 10) ?? parts.map((p) => p.name).join(', '),
  },
});
