import { builtForms, codeOf, constructionAgeBandCode, propertyTypes, rdsapFuels, textOf, transactionTypes } from '@pds/location';
import type { SyntheticCertificate } from './synthetic-certificate';

// A synthetic certificate as the live register's API gives it: the RdSAP document (keys and codes as the register's
// JSON sample for its schema, communitiesuk/epb-data-warehouse spec/fixtures/json_samples/RdSAP-Schema-21.0.1/epc.json,
// shows them; only the keys answers read, and the ones the search rows are made of). A field the bulk file has no value
// for (an anomaly marker) is absent from the document.

export interface RegisterEntry {
  certificateNumber: string;
  council: string;
  constituency: string;
  document: Record<string, unknown>;
}

/** The document's schema: RdSAP 21.0.1 for lodgements from its introduction (June 2025), 20.0.0 before. */
const schemaFor = (lodgementDate: string) => (lodgementDate >= '2025-06-01' ? 'RdSAP-Schema-21.0.1' : 'RdSAP-Schema-20.0.0');

const tenureCodes: Readonly<Record<string, string>> = { 'owner-occupied': '1', 'rental (social)': '2', 'rental (private)': '3' };
const transactionCodes: Readonly<Record<string, string>> = { 'rental (private)': '8', 'rental (social)': '8' };

const numeric = (code: string | undefined) => (code === undefined ? undefined : /^\d+$/.test(code) ? Number(code) : code);

export const registerEntryOf = (certificate: SyntheticCertificate): RegisterEntry => {
  const f = certificate.fields;
  const value = (column: keyof typeof f) => textOf(f[column]) ?? undefined;
  const rooms = value('NUMBER_HABITABLE_ROOMS');
  const area = value('TOTAL_FLOOR_AREA');
  const age = value('CONSTRUCTION_AGE_BAND');
  const ageCode = age === undefined ? undefined : constructionAgeBandCode(age);
  const tenure = value('TENURE');
  const transaction = value('TRANSACTION_TYPE');
  const fuel = value('MAIN_FUEL');
  const builtForm = value('BUILT_FORM');
  const document: Record<string, unknown> = {
    uprn: value('UPRN') === undefined ? null : Number(f.UPRN),
    address_line_1: f.ADDRESS1,
    ...(f.ADDRESS2 ? { address_line_2: f.ADDRESS2 } : {}),
    ...(f.ADDRESS3 ? { address_line_3: f.ADDRESS3 } : {}),
    post_town: f.POSTTOWN,
    postcode: f.POSTCODE,
    schema_type: schemaFor(f.LODGEMENT_DATE),
    assessment_type: 'RdSAP',
    report_type: 2,
    country_code: 'ENG',
    status: 'entered',
    ...(value('UPRN_SOURCE') ? { uprn_source: f.UPRN_SOURCE } : {}),
    current_energy_efficiency_band: f.CURRENT_ENERGY_RATING,
    potential_energy_efficiency_band: f.POTENTIAL_ENERGY_RATING,
    energy_rating_current: Number(f.CURRENT_ENERGY_EFFICIENCY),
    energy_rating_potential: Number(f.POTENTIAL_ENERGY_EFFICIENCY),
    ...(area === undefined ? {} : { total_floor_area: Number(area) }),
    ...(rooms === undefined ? {} : { habitable_room_count: Number(rooms) }),
    heated_room_count: Number(f.NUMBER_HEATED_ROOMS),
    inspection_date: f.INSPECTION_DATE,
    completion_date: f.INSPECTION_DATE,
    registration_date: f.LODGEMENT_DATE,
    property_type: numeric(codeOf(propertyTypes, f.PROPERTY_TYPE)),
    ...(builtForm === undefined ? {} : { built_form: numeric(codeOf(builtForms, builtForm)) }),
    ...(tenure === undefined || tenureCodes[tenure] === undefined ? {} : { tenure: numeric(tenureCodes[tenure]) }),
    ...(transaction === undefined
      ? {}
      : { transaction_type: numeric(transactionCodes[transaction] ?? codeOf(transactionTypes, transaction)) }),
    dwelling_type: `${f.BUILT_FORM === 'NO DATA!' ? '' : `${f.BUILT_FORM.toLowerCase()} `}${f.PROPERTY_TYPE.toLowerCase()}`.replace(
      /^./,
      (c) => c.toUpperCase(),
    ),
    main_heating: [
      {
        description: { value: f.MAINHEAT_DESCRIPTION, language: '1' },
        energy_efficiency_rating: f.MAINHEAT_ENERGY_EFF === 'Good' ? 4 : 3,
        environmental_efficiency_rating: f.MAINHEAT_ENV_EFF === 'Good' ? 4 : 2,
      },
    ],
    sap_heating: {
      main_heating_details: [
        {
          main_heating_number: 1,
          ...(fuel === undefined
            ? {}
            : { main_fuel_type: numeric(codeOf(rdsapFuels, fuel.startsWith('mains gas') ? 'mains gas (not community)' : fuel)) }),
        },
      ],
    },
    sap_building_parts: [{ identifier: 'Main Dwelling', building_part_number: 1, ...(ageCode ? { construction_age_band: ageCode } : {}) }],
    mains_gas: f.MAINS_GAS_FLAG,
    co2_emissions_current: Number(f.CO2_EMISSIONS_CURRENT),
    co2_emissions_current_per_floor_area: Number(f.CO2_EMISS_CURR_PER_FLOOR_AREA),
    energy_consumption_current: Number(f.ENERGY_CONSUMPTION_CURRENT),
    heating_cost_current: Number(f.HEATING_COST_CURRENT),
  };
  return {
    certificateNumber: certificate.certificateNumber,
    council: certificate.council,
    constituency: certificate.constituency,
    document,
  };
};
