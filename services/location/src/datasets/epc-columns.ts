import { fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import type { SqlValue } from './dataset';
import { mapColumns, type ColumnNames } from './header-columns';

// The EPC domestic bulk `certificates.csv`, read by header name. Two layouts are published:
// - the legacy service's (opendatacommunities, to 2026): upper-case names, 93 columns in MHCLG's glossary order
//   (`legacyHeader`; releases before REPORT_TYPE was added have 92), keyed by LMK_KEY;
// - the new "Get energy performance of buildings data" service's (certificates-<year>.csv): lower-case names in another
//   order, CERTIFICATE_NUMBER for LMK_KEY, LOW_ENERGY_FIXED_LIGHTING_OUTLETS_COUNT for LOW_ENERGY_FIXED_LIGHT_COUNT, no
//   BUILDING_REFERENCE_NUMBER or COUNTY, REGION and COUNTRY added (93 columns as quoted from a 2026 file).
// Names are matched without regard to case. Fields that hold one of the register's anomaly markers are stored as null;
// the whole row is kept as published in `published` (by header name), anomalies included.

/** The legacy layout's 93 columns, in order (MHCLG's glossary; research-formats.md). */
export const legacyHeader = [
  'LMK_KEY', 'ADDRESS1', 'ADDRESS2', 'ADDRESS3', 'POSTCODE', 'BUILDING_REFERENCE_NUMBER', 'CURRENT_ENERGY_RATING',
  'POTENTIAL_ENERGY_RATING', 'CURRENT_ENERGY_EFFICIENCY', 'POTENTIAL_ENERGY_EFFICIENCY', 'PROPERTY_TYPE', 'BUILT_FORM',
  'INSPECTION_DATE', 'LOCAL_AUTHORITY', 'CONSTITUENCY', 'COUNTY', 'LODGEMENT_DATE', 'TRANSACTION_TYPE',
  'ENVIRONMENT_IMPACT_CURRENT', 'ENVIRONMENT_IMPACT_POTENTIAL', 'ENERGY_CONSUMPTION_CURRENT', 'ENERGY_CONSUMPTION_POTENTIAL',
  'CO2_EMISSIONS_CURRENT', 'CO2_EMISS_CURR_PER_FLOOR_AREA', 'CO2_EMISSIONS_POTENTIAL', 'LIGHTING_COST_CURRENT',
  'LIGHTING_COST_POTENTIAL', 'HEATING_COST_CURRENT', 'HEATING_COST_POTENTIAL', 'HOT_WATER_COST_CURRENT',
  'HOT_WATER_COST_POTENTIAL', 'TOTAL_FLOOR_AREA', 'ENERGY_TARIFF', 'MAINS_GAS_FLAG', 'FLOOR_LEVEL', 'FLAT_TOP_STOREY',
  'FLAT_STOREY_COUNT', 'MAIN_HEATING_CONTROLS', 'MULTI_GLAZE_PROPORTION', 'GLAZED_TYPE', 'GLAZED_AREA', 'EXTENSION_COUNT',
  'NUMBER_HABITABLE_ROOMS', 'NUMBER_HEATED_ROOMS', 'LOW_ENERGY_LIGHTING', 'NUMBER_OPEN_FIREPLACES', 'HOTWATER_DESCRIPTION',
  'HOT_WATER_ENERGY_EFF', 'HOT_WATER_ENV_EFF', 'FLOOR_DESCRIPTION', 'FLOOR_ENERGY_EFF', 'FLOOR_ENV_EFF', 'WINDOWS_DESCRIPTION',
  'WINDOWS_ENERGY_EFF', 'WINDOWS_ENV_EFF', 'WALLS_DESCRIPTION', 'WALLS_ENERGY_EFF', 'WALLS_ENV_EFF', 'SECONDHEAT_DESCRIPTION',
  'SHEATING_ENERGY_EFF', 'SHEATING_ENV_EFF', 'ROOF_DESCRIPTION', 'ROOF_ENERGY_EFF', 'ROOF_ENV_EFF', 'MAINHEAT_DESCRIPTION',
  'MAINHEAT_ENERGY_EFF', 'MAINHEAT_ENV_EFF', 'MAINHEATCONT_DESCRIPTION', 'MAINHEATC_ENERGY_EFF', 'MAINHEATC_ENV_EFF',
  'LIGHTING_DESCRIPTION', 'LIGHTING_ENERGY_EFF', 'LIGHTING_ENV_EFF', 'MAIN_FUEL', 'WIND_TURBINE_COUNT', 'HEAT_LOSS_CORRIDOR',
  'UNHEATED_CORRIDOR_LENGTH', 'FLOOR_HEIGHT', 'PHOTO_SUPPLY', 'SOLAR_WATER_HEATING_FLAG', 'MECHANICAL_VENTILATION', 'ADDRESS',
  'LOCAL_AUTHORITY_LABEL', 'CONSTITUENCY_LABEL', 'POSTTOWN', 'CONSTRUCTION_AGE_BAND', 'LODGEMENT_DATETIME', 'TENURE',
  'FIXED_LIGHTING_OUTLETS_COUNT', 'LOW_ENERGY_FIXED_LIGHT_COUNT', 'UPRN', 'UPRN_SOURCE', 'REPORT_TYPE',
] as const; // prettier-ignore

/** The columns the lookups use, by the names each layout gives them. */
export const epcColumns = {
  certificateNumber: { names: ['LMK_KEY', 'CERTIFICATE_NUMBER'], required: true },
  address1: { names: ['ADDRESS1'], required: true },
  address2: { names: ['ADDRESS2'] },
  address3: { names: ['ADDRESS3'] },
  address: { names: ['ADDRESS'] },
  postcode: { names: ['POSTCODE'], required: true },
  postTown: { names: ['POSTTOWN'] },
  localAuthority: { names: ['LOCAL_AUTHORITY'] },
  localAuthorityLabel: { names: ['LOCAL_AUTHORITY_LABEL'] },
  currentRating: { names: ['CURRENT_ENERGY_RATING'], required: true },
  potentialRating: { names: ['POTENTIAL_ENERGY_RATING'], required: true },
  currentEfficiency: { names: ['CURRENT_ENERGY_EFFICIENCY'], required: true },
  potentialEfficiency: { names: ['POTENTIAL_ENERGY_EFFICIENCY'], required: true },
  propertyType: { names: ['PROPERTY_TYPE'] },
  builtForm: { names: ['BUILT_FORM'] },
  inspectionDate: { names: ['INSPECTION_DATE'] },
  lodgementDate: { names: ['LODGEMENT_DATE'], required: true },
  lodgementDatetime: { names: ['LODGEMENT_DATETIME'] },
  transactionType: { names: ['TRANSACTION_TYPE'] },
  totalFloorArea: { names: ['TOTAL_FLOOR_AREA'], required: true },
  habitableRooms: { names: ['NUMBER_HABITABLE_ROOMS'] },
  constructionAgeBand: { names: ['CONSTRUCTION_AGE_BAND'] },
  mainFuel: { names: ['MAIN_FUEL'] },
  mainHeating: { names: ['MAINHEAT_DESCRIPTION'] },
  tenure: { names: ['TENURE'] },
  uprn: { names: ['UPRN'], required: true },
  uprnSource: { names: ['UPRN_SOURCE'] },
  reportType: { names: ['REPORT_TYPE'] },
} as const satisfies Record<string, { names: ColumnNames; required?: boolean }>;

export type EpcColumn = keyof typeof epcColumns;
export type EpcColumnIndexes = Record<EpcColumn, number | undefined>;

/** Where each column is in this file's header; a required one missing fails the import, naming it. */
export const epcColumnIndexes = (header: readonly string[], file: string): EpcColumnIndexes => mapColumns(header, epcColumns, file);

/** The register's markers for a value it does not have, as the bulk files print them (compared without case). */
export const anomalyMarkers = ['NO DATA!', 'NODATA!', 'INVALID!', 'N/A', 'NOT RECORDED'] as const;
const anomalies: ReadonlySet<string> = new Set(anomalyMarkers);

/** A published field as text, or null when it is empty or an anomaly marker. */
export const textOf = (raw: string | undefined): string | null => {
  const t = raw?.trim() ?? '';
  return t === '' || anomalies.has(t.toUpperCase()) ? null : t;
};

const wholeNumber = (raw: string | undefined): number | null => {
  const t = textOf(raw);
  return t !== null && /^-?\d+$/.test(t) ? Number(t) : null;
};

const positiveDecimal = (raw: string | undefined): number | null => {
  const t = textOf(raw);
  if (t === null || !/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
};

/** YYYY-MM-DD that is a real calendar date, or null. */
export const isoDate = (raw: string | undefined): string | null => {
  const t = textOf(raw);
  const m = t === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!m) return null;
  const date = new Date(`${t}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(t as string) ? t : null;
};

const dateTime = (raw: string | undefined): string | null => {
  const t = textOf(raw);
  return t !== null && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(t) && isoDate(t.slice(0, 10)) ? t.replace('T', ' ') : null;
};

const rating = (raw: string | undefined): string | null => {
  const t = textOf(raw)?.toUpperCase() ?? null;
  return t !== null && /^[A-G]$/.test(t) ? t : null;
};

/** A UPRN as one number (no left padding), or null. */
export const uprnOf = (raw: string | undefined): string | null => {
  const t = textOf(raw);
  return t !== null && /^\d{1,12}$/.test(t) && !/^0+$/.test(t) ? t.replace(/^0+/, '') : null;
};

/** The table's columns, in order (the dataset's `columns` follow this). */
export const epcTableColumns = [
  ['certificate_number', 'text'],
  ['uprn', 'text'],
  ['uprn_source', 'text'],
  ['address1', 'text'],
  ['address2', 'text'],
  ['address3', 'text'],
  ['address', 'text'],
  ['postcode', 'text'],
  ['post_town', 'text'],
  ['local_authority', 'text'],
  ['local_authority_label', 'text'],
  ['current_energy_rating', 'text'],
  ['potential_energy_rating', 'text'],
  ['current_energy_efficiency', 'integer'],
  ['potential_energy_efficiency', 'integer'],
  ['property_type', 'text'],
  ['built_form', 'text'],
  ['inspection_date', 'date'],
  ['lodgement_date', 'date'],
  ['lodgement_datetime', 'timestamp'],
  ['transaction_type', 'text'],
  ['total_floor_area', 'double precision'],
  ['number_habitable_rooms', 'integer'],
  ['construction_age_band', 'text'],
  ['main_fuel', 'text'],
  ['mainheat_description', 'text'],
  ['tenure', 'text'],
  ['report_type', 'text'],
  ['published', 'jsonb'],
] as const;

export type EpcRowResult = { values: SqlValue[] } | { rejected: string };

/** One published record as the table's row, or why it cannot be one. */
export const epcRow = (header: readonly string[], at: EpcColumnIndexes, fields: readonly string[]): EpcRowResult => {
  if (fields.length !== header.length) return { rejected: `${fields.length} fields, the header has ${header.length}` };
  const raw = (k: EpcColumn) => (at[k] === undefined ? undefined : fields[at[k]]);
  const certificateNumber = textOf(raw('certificateNumber'));
  if (certificateNumber === null) return { rejected: `no certificate number (${JSON.stringify(raw('certificateNumber'))})` };
  const postcode = normalisePostcode(raw('postcode') ?? '');
  if (!fullPostcodePattern.test(postcode)) return { rejected: `not a postcode: ${JSON.stringify(raw('postcode'))}` };
  const lodgementDate = isoDate(raw('lodgementDate'));
  if (lodgementDate === null) return { rejected: `no lodgement date (${JSON.stringify(raw('lodgementDate'))})` };
  const lines = (['address1', 'address2', 'address3'] as const).map((k) => textOf(raw(k)));
  const address = textOf(raw('address')) ?? lines.filter((l) => l !== null).join(', ');
  if (address === '') return { rejected: 'no address' };
  const published = Object.fromEntries(header.map((h, i) => [h, fields[i] ?? '']));
  return {
    values: [
      certificateNumber,
      uprnOf(raw('uprn')),
      textOf(raw('uprnSource')),
      ...lines,
      address,
      postcode,
      textOf(raw('postTown')),
      textOf(raw('localAuthority')),
      textOf(raw('localAuthorityLabel')),
      rating(raw('currentRating')),
      rating(raw('potentialRating')),
      wholeNumber(raw('currentEfficiency')),
      wholeNumber(raw('potentialEfficiency')),
      textOf(raw('propertyType')),
      textOf(raw('builtForm')),
      isoDate(raw('inspectionDate')),
      lodgementDate,
      dateTime(raw('lodgementDatetime')),
      textOf(raw('transactionType')),
      positiveDecimal(raw('totalFloorArea')),
      wholeNumber(raw('habitableRooms')),
      textOf(raw('constructionAgeBand')),
      textOf(raw('mainFuel')),
      textOf(raw('mainHeating')),
      textOf(raw('tenure')),
      textOf(raw('reportType')),
      JSON.stringify(published),
    ],
  };
};
