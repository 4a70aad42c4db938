// Writes a SYNTHETIC AddressBase Plus file of the registry test environment's fictional addresses, so that a test
// which finds a title by UPRN (the address dataset turns the UPRN into the address the registry is searched by) has
// them in its address dataset:
//   node infra/demo-data/dist/registry-addresses/generate.js
// - test-data/SYNTHETIC_AddressBasePlus_FULL_2026-10-01_REGISTRY_TEST.csv: one record per UPRN of the titles outside
//   the demo region (postcodes ending "9ZZ", infra/src/registry-simulator/titles/dataset.ts), in OS's published
//   layout as the demo region's file is (../addresses): no header, 77 columns, strings quoted, CRLF.
// The demo region's titles are left out: their UPRNs are the demo region's file's. The same titles give the same bytes.
import { bngToWgs84 } from '@pds/geo';
import { registeredTitles, type RegisteredTitle } from '@pds/infra';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressBaseLine } from '../addresses/addressbase-record';
import { testDataDir } from '../paths';
import { placeOf, placePoint } from './places';
import { titleAddressFields, type TitleAddressFields } from './title-address-fields';

export const registryAddressesFile = 'SYNTHETIC_AddressBasePlus_FULL_2026-10-01_REGISTRY_TEST.csv';
const supplyDate = '2026-10-01';
/** When the made-up records came into being: a date of no meaning, the same for all. */
const enteredDate = '2001-04-02';

/** The registry test environment's fictional postcodes end in this unit, which is never issued. */
export const isFictional = (title: Pick<RegisteredTitle, 'postcode'>) => title.postcode.endsWith(' 9ZZ');

/** AddressBase classifications of the uses titles' registers state, which their addresses do not show. */
const statedUse: Record<string, string> = {
  WT371956: 'CR08', // a leasehold shop: Shop / Showroom
  WYK736104: 'LA01', // moorland grazed by sheep since 1968: Grazing Land
};

interface Address {
  uprn: string;
  title: RegisteredTitle;
  fields: TitleAddressFields;
}

/** A building's identity within its postcode: a flat's parent is the record of the same building with no flat. */
const buildingKey = (a: Address) =>
  [a.title.postcode, a.fields.buildingName, a.fields.paoNumber, a.fields.paoSuffix, a.fields.thoroughfare].join('|');

/** One address per UPRN: titles sharing a UPRN (a closed title and the one it continues under) must agree on it. */
const addressesOf = (titles: readonly RegisteredTitle[]): Address[] => {
  const byUprn = new Map<string, Address>();
  for (const title of titles.filter(isFictional))
    for (const uprn of title.uprns) {
      const held = byUprn.get(uprn);
      if (!held) byUprn.set(uprn, { uprn, title, fields: titleAddressFields(title.address) });
      else if (
        [held.title.address, held.title.postcode, held.title.country].join('|') !== [title.address, title.postcode, title.country].join('|')
      )
        throw new Error(
          `UPRN ${uprn} is at "${held.title.address}" (${held.title.titleNumber}) and "${title.address}" (${title.titleNumber})`,
        );
    }
  return [...byUprn.values()];
};

const record = (a: Address, parentUprn: string, classification: string): string => {
  const f = a.fields;
  const place = f.dependentLocality || f.postTown;
  const { x, y } = placePoint(place, buildingKey(a));
  const { latitude, longitude } = bngToWgs84(x, y);
  return addressBaseLine({
    UPRN: a.uprn,
    CHANGE_TYPE: 'I',
    STATE: 2,
    STATE_DATE: enteredDate,
    CLASS: classification,
    PARENT_UPRN: parentUprn,
    X_COORDINATE: x.toFixed(2),
    Y_COORDINATE: y.toFixed(2),
    LATITUDE: latitude.toFixed(7),
    LONGITUDE: longitude.toFixed(7),
    RPC: 5,
    COUNTRY: a.title.country === 'Wales' ? 'W' : 'E',
    LA_START_DATE: enteredDate,
    LAST_UPDATE_DATE: supplyDate,
    ENTRY_DATE: enteredDate,
    SUB_BUILDING_NAME: f.subBuilding,
    BUILDING_NAME: f.buildingName,
    BUILDING_NUMBER: f.buildingNumber,
    PAO_START_NUMBER: f.paoNumber,
    PAO_START_SUFFIX: f.paoSuffix,
    PAO_TEXT: f.buildingName && !f.paoSuffix ? f.buildingName : '',
    SAO_TEXT: f.subBuilding,
    STREET_DESCRIPTION: f.thoroughfare,
    THOROUGHFARE: f.thoroughfare,
    DOUBLE_DEPENDENT_LOCALITY: f.doubleDependentLocality,
    DEPENDENT_LOCALITY: f.dependentLocality,
    TOWN_NAME: place,
    ADMINISTRATIVE_AREA: placeOf(place).authority,
    POST_TOWN: f.postTown,
    POSTCODE: a.title.postcode,
    POSTCODE_LOCATOR: a.title.postcode,
    POSTCODE_TYPE: 'S',
    ADDRESSBASE_POSTAL: 'D',
    RM_START_DATE: enteredDate,
    MULTI_OCC_COUNT: 0,
  });
};

/** The file's text: a record per UPRN in the titles' order, a flat's building as its parent (classed a property shell). */
export const generateRegistryAddresses = (titles: readonly RegisteredTitle[] = registeredTitles) => {
  const addresses = addressesOf(titles);
  const buildings = new Map(addresses.filter((a) => !a.fields.subBuilding).map((a) => [buildingKey(a), a.uprn]));
  const parentOf = (a: Address) => (a.fields.subBuilding ? (buildings.get(buildingKey(a)) ?? '') : '');
  const parents = new Set(addresses.map(parentOf).filter((p) => p !== ''));
  const classOf = (a: Address) =>
    statedUse[a.title.titleNumber] ??
    (a.fields.subBuilding ? 'RD06' : parents.has(a.uprn) ? 'PP' : /^LAND\b/.test(a.fields.buildingName) ? 'L' : 'RD04');
  const csv = addresses.map((a) => `${record(a, parentOf(a), classOf(a))}\r\n`).join('');
  return { addresses: addresses.length, csv };
};

const main = () => {
  const { addresses, csv } = generateRegistryAddresses();
  writeFileSync(join(testDataDir, registryAddressesFile), csv);
  process.stdout.write(`${registryAddressesFile}: ${addresses} addresses\n`);
};

if (require.main === module) main();
