import { bngToWgs84 } from '@pds/geo';
import { createHash } from 'node:crypto';
import { addressBasePlusColumns } from '@pds/location';
import { syntheticUprn } from '../synthetic-uprn';
import type { SoldAddress } from './price-paid-addresses';

// One SYNTHETIC AddressBase Plus record for a real Price Paid address: the Royal Mail fields from the address as sold,
// the demo region's synthetic UPRN (its building's as PARENT_UPRN for a flat), and a made-up position near the
// postcode's real Code-Point Open position (every flat of a building at the building's point). Strings quoted, numbers
// and dates bare, as OS writes the file.

export type AddressBaseColumn = (typeof addressBasePlusColumns)[number];
type Column = AddressBaseColumn;
const numeric = new Set<Column>([
  'UPRN', 'UDPRN', 'STATE', 'PARENT_UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LATITUDE', 'LONGITUDE', 'RPC', 'LOCAL_CUSTODIAN_CODE',
  'SAO_START_NUMBER', 'SAO_END_NUMBER', 'PAO_START_NUMBER', 'PAO_END_NUMBER', 'USRN', 'OS_ADDRESS_TOID_VERSION',
  'OS_ROADLINK_TOID_VERSION', 'OS_TOPO_TOID_VERSION', 'VOA_CT_RECORD', 'VOA_NDR_RECORD', 'MULTI_OCC_COUNT',
  'STATE_DATE', 'LA_START_DATE', 'LAST_UPDATE_DATE', 'ENTRY_DATE', 'RM_START_DATE',
]); // prettier-ignore

/** AddressBase classification by the Price Paid property type: detached, semi-detached, terraced, flat; other unclassified. */
const classOf = { D: 'RD02', S: 'RD03', T: 'RD04', F: 'RD06', O: 'U' } as const;

/** 0 ≤ n < 1 from a digest, for a made-up but repeatable offset. */
const fraction = (digest: Buffer, at: number) => digest.readUInt32BE(at) / 2 ** 32;

/** The building's point: within 40 m of the postcode's position, the same for every flat of it. */
export const buildingPoint = (a: SoldAddress, postcodeAt: { eastings: number; northings: number }) => {
  // Keyed as the building's UPRN is (postcode and PAON), so a flat and its parent record share the point.
  const digest = createHash('sha256').update(`${a.postcode}|${a.paon}`).digest();
  const angle = 2 * Math.PI * fraction(digest, 0);
  const distance = 4 + 36 * Math.sqrt(fraction(digest, 4));
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round(postcodeAt.eastings + distance * Math.cos(angle)), y: round(postcodeAt.northings + distance * Math.sin(angle)) };
};

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** One record's line (without its CRLF): the 77 columns in OS's order, the columns not given empty. */
export const addressBaseLine = (values: Partial<Record<Column, string | number>>): string =>
  addressBasePlusColumns
    .map((c) => {
      const v = values[c];
      if (numeric.has(c)) return v === undefined ? '' : String(v);
      return quoted(v === undefined ? '' : String(v));
    })
    .join(',');

export const addressBaseRecord = (a: SoldAddress, postcodeAt: { eastings: number; northings: number }, updated: string): string => {
  const { x, y } = buildingPoint(a, postcodeAt);
  const { latitude, longitude } = bngToWgs84(x, y);
  const paonNumber = /^(\d+)([A-Z]?)$/.exec(a.paon);
  const values: Partial<Record<Column, string | number>> = {
    UPRN: syntheticUprn(a.postcode, a.paon, a.saon || null),
    CHANGE_TYPE: 'I',
    STATE: 2,
    STATE_DATE: a.firstSale,
    CLASS: classOf[a.type],
    PARENT_UPRN: a.saon ? syntheticUprn(a.postcode, a.paon) : '',
    X_COORDINATE: x.toFixed(2),
    Y_COORDINATE: y.toFixed(2),
    LATITUDE: latitude.toFixed(7),
    LONGITUDE: longitude.toFixed(7),
    RPC: 5,
    COUNTRY: 'E',
    LA_START_DATE: a.firstSale,
    LAST_UPDATE_DATE: updated,
    ENTRY_DATE: a.firstSale,
    SUB_BUILDING_NAME: a.saon,
    // Royal Mail's building number is digits only: `294A` and names are building names.
    BUILDING_NAME: paonNumber && !paonNumber[2] ? '' : a.paon,
    BUILDING_NUMBER: paonNumber && !paonNumber[2] ? a.paon : '',
    PAO_START_NUMBER: paonNumber ? paonNumber[1]! : '',
    PAO_START_SUFFIX: paonNumber?.[2] ?? '',
    PAO_TEXT: paonNumber ? '' : a.paon,
    SAO_TEXT: a.saon,
    STREET_DESCRIPTION: a.street,
    THOROUGHFARE: a.street,
    DEPENDENT_LOCALITY: a.locality && a.locality !== a.town ? a.locality : '',
    TOWN_NAME: a.town,
    ADMINISTRATIVE_AREA: a.district,
    POST_TOWN: a.town,
    POSTCODE: a.postcode,
    POSTCODE_LOCATOR: a.postcode,
    POSTCODE_TYPE: 'S',
    ADDRESSBASE_POSTAL: 'D',
    RM_START_DATE: a.firstSale,
    MULTI_OCC_COUNT: 0,
  };
  return addressBaseLine(values);
};
