// The attribution lines the publishers' licences require, as the data's manifest gives them (Open Government Licence
// v3.0 for all of these). Every answer built from a dataset carries its line in `sources`.

export const attributions = {
  codePointOpen:
    'Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. ' +
    'Contains National Statistics data © Crown copyright and database right 2025.',
  onsPostcodeLookup:
    'Source: Office for National Statistics licensed under the Open Government Licence v.3.0. Contains OS data © Crown copyright and database ' +
    'right 2022. Contains Royal Mail data © Royal Mail copyright and database right 2022.',
  onspd:
    'Source: Office for National Statistics licensed under the Open Government Licence v.3.0. Contains OS data © Crown copyright and database ' +
    'right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. Contains GeoPlace data © Local Government ' +
    'Information House Limited copyright and database right 2025.',
  osOpenUprn: 'Contains OS data © Crown copyright and database right 2025.',
  osOpenNames: 'Contains OS data © Crown copyright and database right 2020.',
  epcDomestic:
    'Energy Performance of Buildings Data: England and Wales, Ministry of Housing, Communities and Local Government. Data other than ' +
    'the address and postcode is licensed under the Open Government Licence v3.0. Address data: © Ordnance Survey and Royal Mail ' +
    'Group Limited, published by MHCLG with their consent, to be used only for the energy-performance purposes of its copyright and ' +
    'database right notice.',
  iod:
    'English Indices of Deprivation 2025, Ministry of Housing, Communities and Local Government. Contains public sector information ' +
    'licensed under the Open Government Licence v3.0.',
  pricePaid:
    'Contains HM Land Registry data © Crown copyright and database right 2025. This data is licensed under the Open Government Licence v3.0.',
  companyOwners: 'Contains HM Land Registry data © Crown copyright and database right 2025.',
  ukHpi:
    'Contains HM Land Registry data © Crown copyright and database right 2025. This data is licensed under the Open Government Licence v3.0.',
  boeSeries:
    'Contains data from the Bank of England Database, licensed under the Open Government Licence v3.0, © the Governor and Company of the ' +
    'Bank of England.',
  councilTax:
    'Contains public sector information (MHCLG, VOA, Welsh Government, Scottish Government) licensed under the Open Government ' +
    'Licence v3.0; compiled by PolicyEngine.',
  onsTimeseries: 'Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
  planningData:
    'Planning Data (planning.data.gov.uk, Ministry of Housing, Communities and Local Government), licensed under the Open Government ' +
    'Licence v3.0. Conservation areas, listed buildings, scheduled monuments and world heritage sites: © Historic England 2026. ' +
    'Contains Ordnance Survey data © Crown copyright and database right 2026. Areas of outstanding natural beauty: © Natural England ' +
    'copyright. Contains Ordnance Survey data © Crown copyright and database right 2026. Other datasets: © Crown copyright and ' +
    'database right 2026.',
  policeUk: 'Contains public sector information licensed under the Open Government Licence v3.0.',
  census2021: 'Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
  gias: 'Contains public sector information licensed under the Open Government Licence v3.0. (Department for Education, Get Information About Schools)',
} as const;
