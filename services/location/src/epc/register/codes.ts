// The codes of the register's certificate documents (RdSAP and SAP schemas) and the words the bulk files print for
// them, as the register's look-up data gives them (communitiesuk/epb-data-warehouse, spec/fixtures/look_up_data.csv and
// the JSON samples). The live register's documents carry codes; answers carry the words, so that a certificate read
// from the live register reads like one read from the bulk download.

export const propertyTypes: Readonly<Record<string, string>> = {
  '0': 'House',
  '1': 'Bungalow',
  '2': 'Flat',
  '3': 'Maisonette',
  '4': 'Park home',
};

export const builtForms: Readonly<Record<string, string>> = {
  '1': 'Detached',
  '2': 'Semi-Detached',
  '3': 'End-Terrace',
  '4': 'Mid-Terrace',
  '5': 'Enclosed End-Terrace',
  '6': 'Enclosed Mid-Terrace',
};

/** Occupancy as the assessor recorded it (ND: not defined, for a new dwelling whose occupancy is not known). */
export const tenures: Readonly<Record<string, string>> = { '1': 'owner-occupied', '2': 'rented (social)', '3': 'rented (private)' };

export const transactionTypes: Readonly<Record<string, string>> = {
  '1': 'marketed sale',
  '2': 'non marketed sale',
  '5': 'none of the above',
  '6': 'new dwelling',
  '8': 'rental',
  '9': 'assessment for green deal',
  '10': 'following green deal',
  '11': 'FiT application',
  '12': 'RHI application',
  '13': 'ECO assessment',
  '14': 'Stock condition survey',
  '15': 'Re-mortgaging',
  '16': 'Grant scheme',
  '17': 'Non-grant scheme',
};

const ageBands: Readonly<Record<string, string>> = {
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
};

/** `England and Wales: 1930-1949`, as the bulk files print it; L and M changed meaning with RdSAP schema 21. */
export const constructionAgeBandOf = (code: string, schemaType: string | undefined): string | null => {
  const rdsap21 = schemaType?.startsWith('RdSAP-Schema-21.') ?? false;
  const band =
    code === 'L' ? (rdsap21 ? '2012-2021' : '2012 onwards') : code === 'M' ? (rdsap21 ? '2022 onwards' : undefined) : ageBands[code];
  return band === undefined ? null : `England and Wales: ${band}`;
};

/** The age band letter of a bulk file's words (the generator writes documents from the bulk file's rows). */
export const constructionAgeBandCode = (words: string): string | undefined => {
  const band = words.replace(/^England and Wales: /, '');
  if (band === '2012 onwards') return 'L';
  return Object.entries(ageBands).find(([, b]) => b === band)?.[0];
};

/** RdSAP main fuel codes. */
export const rdsapFuels: Readonly<Record<string, string>> = {
  '1': 'mains gas',
  '2': 'LPG',
  '3': 'bottled LPG',
  '4': 'oil',
  '5': 'anthracite',
  '6': 'wood logs',
  '7': 'bulk wood pellets',
  '8': 'wood chips',
  '9': 'dual fuel - mineral + wood',
  '10': 'electricity',
  '14': 'house coal',
  '15': 'smokeless coal',
  '20': 'mains gas (community)',
  '21': 'LPG (community)',
  '22': 'oil (community)',
  '25': 'electricity (community)',
  '26': 'mains gas (not community)',
  '27': 'LPG (not community)',
  '28': 'oil (not community)',
  '29': 'electricity (not community)',
  '33': 'house coal (not community)',
};

/** SAP (new dwelling) main fuel codes. */
export const sapFuels: Readonly<Record<string, string>> = {
  '1': 'Gas: mains gas',
  '2': 'Gas: bulk LPG',
  '3': 'Gas: bottled LPG',
  '4': 'Oil: heating oil',
  '39': 'Electricity: electricity, unspecified tariff',
};

/** The code of a label in one of the tables above (the generator's direction). */
export const codeOf = (table: Readonly<Record<string, string>>, label: string): string | undefined =>
  Object.entries(table).find(([, l]) => l.toLowerCase() === label.toLowerCase())?.[0];
