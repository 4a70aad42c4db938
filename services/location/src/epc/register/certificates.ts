import { estimatedBedrooms, expiryOf, normalisePostcode, type EnergyCertificate, type epcRegisterApi } from '@pds/contracts';
import { builtForms, constructionAgeBandOf, propertyTypes, rdsapFuels, sapFuels, tenures, transactionTypes } from './codes';

// The live register's answers as certificates: a search row gives the address, UPRN, number, current band and date;
// a certificate's document gives the rest, with codes read into the words the bulk files print.

type SearchRow = epcRegisterApi.RegisterSearchRow;
type Document = epcRegisterApi.RegisterCertificateDocument;

const band = (text: string | null | undefined): EnergyCertificate['currentRating'] => {
  const t = text?.trim().toUpperCase() ?? '';
  return /^[A-G]$/.test(t) ? (t as EnergyCertificate['currentRating']) : null;
};

const date = (text: string | null | undefined): string | null => (text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null);

const uprnOf = (value: number | string | null | undefined): string | null => {
  const t = value === null || value === undefined ? '' : String(value).trim();
  return /^\d{1,12}$/.test(t) && !/^0+$/.test(t) ? t.replace(/^0+/, '') : null;
};

const lines = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => p?.trim() ?? '')
    .filter((p) => p !== '')
    .join(', ');

/** The address lines of a search row, as one address. */
export const searchRowAddress = (row: SearchRow) => lines(row.addressLine1, row.addressLine2, row.addressLine3, row.addressLine4);

/** A search row: what the register's search gives of a certificate. */
export const certificateOfSearchRow = (row: SearchRow): EnergyCertificate | null => {
  const lodgementDate = date(row.registrationDate);
  if (lodgementDate === null) return null;
  return {
    certificateNumber: row.certificateNumber,
    uprn: uprnOf(row.uprn),
    address: searchRowAddress(row),
    postcode: normalisePostcode(row.postcode),
    postTown: row.postTown?.trim() || null,
    currentRating: band(row.currentEnergyEfficiencyBand),
    potentialRating: null,
    currentEfficiency: null,
    potentialEfficiency: null,
    floorAreaSqM: null,
    habitableRooms: null,
    estimatedBedrooms: null,
    lodgementDate,
    inspectionDate: null,
    expiresOn: expiryOf(lodgementDate),
    propertyType: null,
    builtForm: null,
    constructionAgeBand: null,
    mainFuel: null,
    mainHeating: null,
    transactionType: null,
    assessorRecordedTenure: null,
    detail: 'summary',
  };
};

const coded = (table: Readonly<Record<string, string>>, value: number | string | null | undefined): string | null =>
  value === null || value === undefined ? null : (table[String(value).trim()] ?? null);

const wholeNumber = (value: number | null | undefined) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

const descriptionOf = (item: { description: string | { value: string } }) =>
  typeof item.description === 'string' ? item.description : item.description.value;

/** The main dwelling's part (the first, or the one numbered 1). */
const mainPart = (document: Document) => {
  const parts = document.sap_building_parts ?? [];
  return parts.find((p) => String((p as { building_part_number?: unknown }).building_part_number) === '1') ?? parts[0];
};

/** A certificate's document, with the number it was asked for by (documents do not repeat it). */
export const certificateOfDocument = (certificateNumber: string, document: Document, row?: SearchRow): EnergyCertificate | null => {
  const lodgementDate = date(document.registration_date) ?? date(row?.registrationDate);
  if (lodgementDate === null) return null;
  const sap = document.assessment_type?.toUpperCase() === 'SAP';
  const fuelCode = document.sap_heating?.main_heating_details[0]?.main_fuel_type;
  const heating = document.main_heating === undefined ? [] : [document.main_heating].flat();
  const age = mainPart(document)?.construction_age_band;
  const floorArea = Number(document.total_floor_area);
  const habitableRooms = wholeNumber(document.habitable_room_count);
  return {
    certificateNumber,
    uprn: uprnOf(document.uprn) ?? uprnOf(row?.uprn),
    address:
      lines(document.address_line_1, document.address_line_2, document.address_line_3, document.address_line_4) ||
      (row ? searchRowAddress(row) : ''),
    postcode: normalisePostcode(document.postcode ?? row?.postcode ?? ''),
    postTown: document.post_town?.trim() || row?.postTown?.trim() || null,
    currentRating: band(document.current_energy_efficiency_band) ?? band(row?.currentEnergyEfficiencyBand),
    potentialRating: band(document.potential_energy_efficiency_band),
    currentEfficiency: wholeNumber(document.energy_rating_current),
    potentialEfficiency: wholeNumber(document.energy_rating_potential),
    floorAreaSqM: Number.isFinite(floorArea) && floorArea > 0 ? floorArea : null,
    habitableRooms,
    estimatedBedrooms: estimatedBedrooms(habitableRooms),
    lodgementDate,
    inspectionDate: date(document.inspection_date),
    expiresOn: expiryOf(lodgementDate),
    propertyType: coded(propertyTypes, document.property_type),
    builtForm: coded(builtForms, document.built_form),
    constructionAgeBand: age === undefined ? null : constructionAgeBandOf(age, document.schema_type),
    mainFuel: coded(sap ? sapFuels : rdsapFuels, fuelCode),
    mainHeating: heating.length > 0 ? heating.map(descriptionOf).join('; ') : null,
    transactionType: coded(transactionTypes, document.transaction_type),
    assessorRecordedTenure: coded(tenures, document.tenure),
    detail: 'full',
  };
};
