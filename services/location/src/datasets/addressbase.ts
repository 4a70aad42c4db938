import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import { basename } from 'node:path';
import { FormatError, isZip, openFile, openZipMember, sizeOf, zipMembers, type FileStream } from '../import/files';
import { premiumRecords } from './addressbase-premium';
import { csvRecords, decimal, integer, orNull } from './csv';
import { type Dataset, type ReadRow } from './dataset';
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

type Part = { name: string; sizeBytes: number; layout: 'plus-csv' | 'premium-gml'; open: () => Promise<FileStream> };

const gmlMember = /\.(gml|xml)$/i;

/** What a plain or gzip file holds, by its first bytes: GML starts with `<`, the CSV with a UPRN. */
const layoutOf = async (path: string): Promise<Part['layout']> => {
  const { stream } = await openFile(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>)
      return chunk
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('<')
        ? 'premium-gml'
        : 'plus-csv';
  } finally {
    stream.destroy();
  }
  return 'plus-csv';
};

/** The files of a supply: the paths themselves, or every AddressBase Plus CSV or Premium GML in a zip. */
const partsOf = async (path: string): Promise<Part[]> => {
  if (!(await isZip(path)))
    return [{ name: basename(path), sizeBytes: sizeOf(path), layout: await layoutOf(path), open: () => openFile(path) }];
  const members = (await zipMembers(path)).filter((m) => csvPart.test(m.name) || gmlMember.test(m.name));
  if (members.length === 0) throw new FormatError(`${basename(path)} holds no AddressBasePlus_<supply>_<date>_<chunk>.csv or Premium GML`);
  return members.map((m) => ({
    name: m.name,
    sizeBytes: m.compressedBytes,
    layout: gmlMember.test(m.name) ? 'premium-gml' : 'plus-csv',
    open: () => openZipMember(path, m.name),
  }));
};

/** OS dates a supply in its file names (`AddressBasePlus_FULL_2026-10-01_001.csv`). */
export const supplyDateOf = (name: string) => /_(\d{4}-\d{2}-\d{2})_/.exec(name)?.[1];

export const addressBase: Dataset = {
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
  open: async (paths) => {
    if (paths.length === 0)
      throw new FormatError('addressbase takes the files of a supply: AddressBase Plus CSV or Premium GML (or their zips)');
    const parts = (await Promise.all(paths.map(partsOf))).flat();
    // A CSV that is not AddressBase Plus stops here: its first record must have the 77 columns (a GML file's root is
    // checked as it is read, before its first row).
    for (const part of parts.filter((p) => p.layout === 'plus-csv')) {
      const probe = await part.open();
      try {
        for await (const { fields } of csvRecords(probe.stream)) {
          if (fields.length !== addressBasePlusColumns.length)
            throw new FormatError(`${part.name} is not AddressBase Plus CSV: its first record has ${fields.length} fields, not 77`);
          if (fields[0] === 'UPRN')
            throw new FormatError(`${part.name} has a header row; OS's files have none (the header is a separate file)`);
          break;
        }
      } catch (error) {
        if (error instanceof FormatError) throw error;
        throw new FormatError(`${part.name} is not a CSV file: ${(error as Error).message.slice(0, 120)}`, { cause: error });
      } finally {
        probe.stream.destroy();
      }
    }
    let bytesDone = 0;
    let current: (() => number) | undefined;
    let queryTime: string | undefined;
    return {
      // The supply's date from OS's file names, or a GML supply's own query time.
      get vintage() {
        return supplyDateOf(parts[0]!.name) ?? queryTime?.slice(0, 10) ?? parts.map((p) => p.name).join(', ');
      },
      parts: parts.map(({ name, sizeBytes }) => ({ name, sizeBytes })),
      bytesRead: () => bytesDone + (current?.() ?? 0),
      rows: async function* (): AsyncGenerator<ReadRow> {
        for (const part of parts) {
          const file = await part.open();
          current = file.bytesRead;
          if (part.layout === 'premium-gml') {
            for await (const r of premiumRecords(file.stream, part.name, (t) => (queryTime ??= t))) {
              yield 'rejected' in r ? { part: part.name, ...r } : { part: part.name, line: r.line, ...addressValues(r.record) };
            }
          } else {
            for await (const { line, fields } of csvRecords(file.stream)) yield { part: part.name, line, ...addressBaseRow(fields) };
          }
          bytesDone += part.sizeBytes;
          current = undefined;
        }
      },
    };
  },
};
