import { createHash } from 'node:crypto';
import { legacyHeader } from '@pds/location';
import { syntheticUprn } from '../synthetic-uprn';
import type { Dwelling } from './dwelling';
import { localAuthorities, type PricePaidAddress } from './price-paid-addresses';
import type { Random } from './prng';

// One synthetic certificate: every field of the legacy bulk layout (93 columns), with values as the register prints
// them, consistent with the home and with each other (the band follows the score, costs and emissions follow the
// score and the floor area), and the anomalies real files have in optional columns now and then.

export type LegacyColumn = (typeof legacyHeader)[number];

export interface SyntheticCertificate {
  /** The register's certificate number (RRN), which the live register answers with. */
  certificateNumber: string;
  fields: Record<LegacyColumn, string>;
  /** For the register's document: the codes the words came from. */
  dwelling: Dwelling;
  council: string;
  constituency: string;
}

/** The SAP rating bands: A 92+, B 81-91, C 69-80, D 55-68, E 39-54, F 21-38, G 1-20. */
export const bandOf = (score: number): string =>
  score >= 92 ? 'A' : score >= 81 ? 'B' : score >= 69 ? 'C' : score >= 55 ? 'D' : score >= 39 ? 'E' : score >= 21 ? 'F' : 'G';

const ageWords: Readonly<Record<string, string>> = {
  A: 'before 1900',
  B: '1900-1929',
  C: '1930-1949',
  D: '1950-1966',
  E: '1967-1975',
  F: '1976-1982',
  G: '1983-1990',
  H: '1991-1995',
  I: '1996-2002',
  J: '2003-2006',
  K: '2007-2011',
  L: '2012 onwards',
};

const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());

/** ADDRESS1-3 as assessors write them: the flat, then the building or house with its street, then the locality. */
export const addressLines = (a: PricePaidAddress): [string, string, string] => {
  const street = titleCase(a.street);
  const locality = a.locality && a.locality !== a.town ? titleCase(a.locality) : '';
  const paon = titleCase(a.paon);
  const numbered = /^\d/.test(a.paon);
  if (a.saon) {
    const saon = /^\d/.test(a.saon) ? `Flat ${titleCase(a.saon)}` : titleCase(a.saon);
    return numbered ? [saon, `${paon} ${street}`.trim(), locality] : [saon, paon, street];
  }
  return numbered ? [`${paon} ${street}`.trim(), locality, ''] : [paon, street, locality];
};

const digits = (random: Random, n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');

/** `NNNN-NNNN-NNNN-NNNN-NNNN`. */
export const certificateNumberOf = (random: Random) => Array.from({ length: 5 }, () => digits(random, 4)).join('-');

const rating = (score: number) =>
  score >= 80 ? 'Very Good' : score >= 65 ? 'Good' : score >= 50 ? 'Average' : score >= 35 ? 'Poor' : 'Very Poor';

const wallsOf = (d: Dwelling, improved: boolean) =>
  ['A', 'B'].includes(d.ageBand)
    ? 'Solid brick, as built, no insulation (assumed)'
    : d.ageBand <= 'E'
      ? improved
        ? 'Cavity wall, filled cavity'
        : 'Cavity wall, as built, no insulation (assumed)'
      : 'Cavity wall, as built, insulated (assumed)';

export interface CertificateOptions {
  lodgementDate: string;
  /** The SAP score of this certificate. */
  efficiency: number;
  floorAreaSqM: number;
  transactionType: string;
  tenure: string;
  /** Leave the UPRN blank (address matching must find the home). */
  blankUprn: boolean;
}

export const syntheticCertificate = (
  address: PricePaidAddress,
  d: Dwelling,
  o: CertificateOptions,
  random: Random,
): SyntheticCertificate => {
  const certificateNumber = certificateNumberOf(random);
  const authority = localAuthorities[address.district]!;
  const [address1, address2, address3] = addressLines(address);
  const potential = Math.min(96, o.efficiency + random.int(6, 24));
  const gas = d.fuel === 'gas';
  const area = o.floorAreaSqM;
  // kWh/m²/year and kg CO2/m²/year fall as the score rises; costs follow energy use and size.
  const energy = Math.max(40, Math.round(560 - 5.6 * o.efficiency + random.int(-15, 15)));
  const energyPotential = Math.max(30, Math.round(560 - 5.6 * potential));
  const co2PerM2 = Math.round(energy * (gas ? 0.19 : 0.14));
  const heating = Math.round((energy * area * (gas ? 0.055 : 0.16)) / 1.25);
  const inspection = new Date(Date.parse(`${o.lodgementDate}T00:00:00Z`) - random.int(0, 14) * 86_400_000).toISOString().slice(0, 10);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(random.int(8, 18))}:${two(random.int(0, 59))}:${two(random.int(0, 59))}`;
  const flat = d.floor !== null;
  const topFloor = flat && d.floor === (d.storeys ?? 1) - 1;
  const lighting = random.int(0, 100);
  const outlets = random.int(6, 24);
  const improved = o.efficiency > d.baseEfficiency + 4;
  const junk = (value: string, probability = 0.06, marker = 'NO DATA!') => (random.chance(probability) ? marker : value);
  const fields: Record<LegacyColumn, string> = {
    LMK_KEY: createHash('sha256').update(certificateNumber).digest('hex'),
    ADDRESS1: address1,
    ADDRESS2: address2,
    ADDRESS3: address3,
    POSTCODE: address.postcode,
    BUILDING_REFERENCE_NUMBER: String(
      1_000_000_000 + (Number(syntheticUprn(address.postcode, address.paon, address.saon).slice(2)) % 9_000_000_000),
    ),
    CURRENT_ENERGY_RATING: bandOf(o.efficiency),
    POTENTIAL_ENERGY_RATING: bandOf(potential),
    CURRENT_ENERGY_EFFICIENCY: String(o.efficiency),
    POTENTIAL_ENERGY_EFFICIENCY: String(potential),
    PROPERTY_TYPE: d.propertyType,
    BUILT_FORM: junk(d.builtForm, 0.02),
    INSPECTION_DATE: inspection,
    LOCAL_AUTHORITY: authority.code,
    CONSTITUENCY: 'E14000890',
    COUNTY: '',
    LODGEMENT_DATE: o.lodgementDate,
    TRANSACTION_TYPE: o.transactionType,
    ENVIRONMENT_IMPACT_CURRENT: String(Math.max(1, o.efficiency - random.int(2, 9))),
    ENVIRONMENT_IMPACT_POTENTIAL: String(Math.max(1, potential - random.int(0, 6))),
    ENERGY_CONSUMPTION_CURRENT: String(energy),
    ENERGY_CONSUMPTION_POTENTIAL: String(energyPotential),
    CO2_EMISSIONS_CURRENT: ((co2PerM2 * area) / 1000).toFixed(1),
    CO2_EMISS_CURR_PER_FLOOR_AREA: String(co2PerM2),
    CO2_EMISSIONS_POTENTIAL: ((energyPotential * (gas ? 0.19 : 0.14) * area) / 1000).toFixed(1),
    LIGHTING_COST_CURRENT: String(Math.round(area * 0.9 * (1.6 - lighting / 100))),
    LIGHTING_COST_POTENTIAL: String(Math.round(area * 0.6)),
    HEATING_COST_CURRENT: String(heating),
    HEATING_COST_POTENTIAL: String(Math.round(heating * (energyPotential / energy))),
    HOT_WATER_COST_CURRENT: String(random.int(gas ? 80 : 180, gas ? 160 : 320)),
    HOT_WATER_COST_POTENTIAL: String(random.int(gas ? 60 : 120, gas ? 110 : 220)),
    TOTAL_FLOOR_AREA: junk(String(area), 0.01),
    ENERGY_TARIFF: junk(gas ? 'Single' : random.pick(['dual', 'off-peak 7 hour', 'Single']), 0.05, random.pick(['NO DATA!', 'Unknown'])),
    MAINS_GAS_FLAG: gas ? 'Y' : 'N',
    FLOOR_LEVEL: flat ? (d.floor === 0 ? 'Ground' : ['1st', '2nd', '3rd', '4th'][d.floor! - 1]!) : junk('', 0.3, 'NODATA!'),
    FLAT_TOP_STOREY: flat ? (topFloor ? 'Y' : 'N') : '',
    FLAT_STOREY_COUNT: flat ? String(d.storeys) : '',
    MAIN_HEATING_CONTROLS: gas ? '2106' : '2402',
    MULTI_GLAZE_PROPORTION: String(random.chance(0.8) ? 100 : random.int(40, 95)),
    GLAZED_TYPE: junk(
      random.pick([
        'double glazing installed during or after 2002',
        'double glazing installed before 2002',
        'double glazing, unknown install date',
      ]),
      0.05,
      'INVALID!',
    ),
    GLAZED_AREA: junk('Normal', 0.08),
    EXTENSION_COUNT: String(
      flat
        ? 0
        : random.weighted([
            [0, 60],
            [1, 30],
            [2, 10],
          ] as const),
    ),
    NUMBER_HABITABLE_ROOMS: junk(String(d.habitableRooms), 0.02),
    NUMBER_HEATED_ROOMS: String(d.habitableRooms),
    LOW_ENERGY_LIGHTING: String(lighting),
    NUMBER_OPEN_FIREPLACES: junk(String(random.chance(0.15) ? 1 : 0), 0.05, ''),
    HOTWATER_DESCRIPTION: gas ? 'From main system' : 'Electric immersion, off-peak',
    HOT_WATER_ENERGY_EFF: gas ? 'Good' : 'Poor',
    HOT_WATER_ENV_EFF: gas ? 'Good' : 'Poor',
    FLOOR_DESCRIPTION:
      flat && d.floor! > 0
        ? '(another dwelling below)'
        : random.pick(['Suspended, no insulation (assumed)', 'Solid, no insulation (assumed)', 'Solid, insulated (assumed)']),
    FLOOR_ENERGY_EFF: 'N/A',
    FLOOR_ENV_EFF: 'N/A',
    WINDOWS_DESCRIPTION: 'Fully double glazed',
    WINDOWS_ENERGY_EFF: 'Average',
    WINDOWS_ENV_EFF: 'Average',
    WALLS_DESCRIPTION: wallsOf(d, improved),
    WALLS_ENERGY_EFF: rating(o.efficiency - 10),
    WALLS_ENV_EFF: rating(o.efficiency - 10),
    SECONDHEAT_DESCRIPTION: random.chance(0.2) ? 'Room heaters, electric' : 'None',
    SHEATING_ENERGY_EFF: 'N/A',
    SHEATING_ENV_EFF: 'N/A',
    ROOF_DESCRIPTION: flat && !topFloor ? '(another dwelling above)' : `Pitched, ${random.pick([100, 150, 200, 270])} mm loft insulation`,
    ROOF_ENERGY_EFF: flat && !topFloor ? 'N/A' : rating(o.efficiency),
    ROOF_ENV_EFF: flat && !topFloor ? 'N/A' : rating(o.efficiency),
    MAINHEAT_DESCRIPTION: gas
      ? 'Boiler and radiators, mains gas'
      : d.fuel === 'oil'
        ? 'Boiler and radiators, oil'
        : random.pick(['Electric storage heaters', 'Room heaters, electric']),
    MAINHEAT_ENERGY_EFF: gas ? 'Good' : 'Average',
    MAINHEAT_ENV_EFF: gas ? 'Good' : 'Poor',
    MAINHEATCONT_DESCRIPTION: gas ? 'Programmer, room thermostat and TRVs' : 'Manual charge control',
    MAINHEATC_ENERGY_EFF: gas ? 'Good' : 'Poor',
    MAINHEATC_ENV_EFF: gas ? 'Good' : 'Poor',
    LIGHTING_DESCRIPTION: `Low energy lighting in ${lighting}% of fixed outlets`,
    LIGHTING_ENERGY_EFF: rating(lighting),
    LIGHTING_ENV_EFF: rating(lighting),
    MAIN_FUEL: gas
      ? junk('mains gas (not community)', 0.03, 'mains gas - this is for backwards compatibility only and should not be used')
      : d.fuel === 'oil'
        ? 'oil (not community)'
        : 'electricity (not community)',
    WIND_TURBINE_COUNT: '0',
    HEAT_LOSS_CORRIDOR: flat ? random.pick(['no corridor', 'unheated corridor', 'heated corridor']) : junk('', 0.3),
    UNHEATED_CORRIDOR_LENGTH: '',
    FLOOR_HEIGHT: (2.3 + random.next() * 0.5).toFixed(2),
    PHOTO_SUPPLY: junk(random.chance(0.05) ? String(random.int(10, 40)) : '0', 0.1, ''),
    SOLAR_WATER_HEATING_FLAG: 'N',
    MECHANICAL_VENTILATION: 'natural',
    ADDRESS: [address1, address2, address3].filter((l) => l !== '').join(', '),
    LOCAL_AUTHORITY_LABEL: authority.label,
    CONSTITUENCY_LABEL: 'Reading West',
    POSTTOWN: titleCase(address.town),
    CONSTRUCTION_AGE_BAND: junk(`England and Wales: ${ageWords[d.ageBand]}`, 0.06, random.pick(['NO DATA!', 'INVALID!'])),
    LODGEMENT_DATETIME: `${o.lodgementDate} ${time}`,
    TENURE: junk(o.tenure, 0.05, random.pick(['NO DATA!', 'unknown'])),
    FIXED_LIGHTING_OUTLETS_COUNT: String(outlets),
    LOW_ENERGY_FIXED_LIGHT_COUNT: String(Math.round((outlets * lighting) / 100)),
    UPRN: o.blankUprn ? '' : syntheticUprn(address.postcode, address.paon, address.saon),
    UPRN_SOURCE: o.blankUprn ? '' : 'Address Matched',
    REPORT_TYPE: '100',
  };
  return { certificateNumber, fields, dwelling: d, council: authority.label, constituency: 'Reading West' };
};
