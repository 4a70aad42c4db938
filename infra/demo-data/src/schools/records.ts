import type { Random } from '../epc/prng';
import type { GiasColumn } from './gias-layout';
import type { Pair } from './kinds';
import { localAuthorities } from './sites';
import type { Establishment, Status } from './world';

// A synthetic establishment as a record of GIAS's file, column by column. The columns answers read carry the
// establishment's story; the others carry what a real row of its kind carries (the real 2025 row of research/gias.md
// §1b for the flags every school has: "Not applicable", "Not under a federation", "999", …). Left empty, as no source
// of the demo data holds them: wards, constituencies, census areas, urban/rural class, trusts, sponsors, diocese
// codes of Oxford and Leeds, UKPRN, UPRN, website, telephone and head teachers (no synthetic people).

/** GIAS's published status pairs (research/gias.md §2d). */
const statuses: Record<Status, Pair> = {
  open: ['1', 'Open'],
  closed: ['2', 'Closed'],
  'open-proposed-to-close': ['3', 'Open, but proposed to close'],
  'proposed-to-open': ['4', 'Proposed to open'],
};

/**
 * Government Office Regions by letter: D (Yorkshire and the Humber) as real rows write it; J for the South East by the
 * same ONS lettering, whose letters the real rows show (D, F, G, H, K: research/gias.md §2d "Other names seen").
 */
const regions: Record<string, Pair> = { '383': ['D', 'Yorkshire and the Humber'], '872': ['J', 'South East'], '869': ['J', 'South East'] };
const counties: Record<string, string> = { '383': 'West Yorkshire', '872': 'Berkshire', '869': 'Berkshire' };
const towns: Record<string, string> = { '383': 'Leeds', '872': 'Reading', '869': 'Reading' };
const streets = ['Lane', 'Road', 'Avenue', 'Way', 'Drive', 'Grove'];
/** The street of a site: schools on the same site (a school and the academy it became) share their address. */
const streetOf = (postcode: string) => `Synthetic ${streets[[...postcode].reduce((sum, c) => sum + c.charCodeAt(0), 0) % streets.length]}`;

const both = (record: Record<string, string>, column: string, [code, name]: Pair) => {
  record[`${column} (code)`] = code;
  record[`${column} (name)`] = name;
};

/** Pupils, free school meals and census as a real row of an open school carries them (§1b: "244", "21.70", "53"). */
const census = (record: Record<string, string>, e: Establishment, capacity: number, random: Random) => {
  if (e.status !== 'open' && e.status !== 'open-proposed-to-close') return;
  const pupils = Math.round(capacity * (0.78 + random.next() * 0.25));
  const boys = e.gender[1] === 'Girls' ? 0 : e.gender[1] === 'Boys' ? pupils : Math.round(pupils * (0.46 + random.next() * 0.08));
  const fsmPercent = 6 + random.next() * 38;
  Object.assign(record, {
    CensusDate: '18-01-2024',
    NumberOfPupils: String(pupils),
    NumberOfBoys: String(boys),
    NumberOfGirls: String(pupils - boys),
    PercentageFSM: fsmPercent.toFixed(2),
    FSM: String(Math.round((pupils * fsmPercent) / 100)),
  });
};

export const recordOf = (e: Establishment, random: Random, numbers: Set<string>): Record<GiasColumn, string> => {
  const la = localAuthorities[e.site.district] as { code: string; name: string };
  const record: Record<string, string> = {};
  const k = e.kind;
  let number = '';
  while (number === '' || numbers.has(`${la.code}/${number}`)) number = String(random.int(k.numbers[0], k.numbers[1]));
  numbers.add(`${la.code}/${number}`);
  const capacity = Math.round(random.int(k.capacity[0], k.capacity[1]) / 30) * 30;
  Object.assign(record, {
    URN: String(e.urn),
    'LA (code)': la.code,
    'LA (name)': la.name,
    EstablishmentNumber: number,
    EstablishmentName: e.name,
    OpenDate: e.openDate,
    CloseDate: e.closeDate,
    StatutoryLowAge: String(e.ages[0]),
    StatutoryHighAge: String(e.ages[1]),
    'NurseryProvision (name)': k.nursery,
    'ReligiousEthos (name)': 'Does not apply',
    'Diocese (code)': '0000',
    'Diocese (name)': 'Not applicable',
    SchoolCapacity: e.status === 'proposed-to-open' ? '' : String(capacity),
    'SchoolSponsorFlag (name)': k.type[0] === '28' ? 'Linked to a sponsor' : 'Not applicable',
    'FederationFlag (name)': 'Not under a federation',
    'FurtherEducationType (name)': 'Not applicable',
    LastChangedDate: `${String(random.int(1, 28)).padStart(2, '0')}-${String(random.int(1, 6)).padStart(2, '0')}-2024`,
    Street: streetOf(e.site.postcode),
    Town: towns[la.code],
    'County (name)': counties[la.code],
    Postcode: e.site.postcode,
    'BSOInspectorateName (name)': 'Not applicable',
    'DistrictAdministrative (code)': e.site.district,
    'DistrictAdministrative (name)': la.name,
    'GSSLACode (name)': e.site.district,
    Easting: e.positioned ? String(e.site.easting) : '',
    Northing: e.positioned ? String(e.site.northing) : '',
    'InspectorateName (name)': k.group[0] === '3' ? 'ISI' : '',
    'PreviousLA (code)': '999',
    OfstedLastInsp: e.ofsted.date,
    'OfstedRating (name)': e.ofsted.rating,
  });
  for (const column of ['TeenMoth', 'CCF', 'SENPRU', 'EBD', 'EdByOther']) record[`${column} (name)`] = 'Not applicable';
  record['Section41Approved (name)'] = k.group[0] === '3' ? 'Not approved' : 'Not applicable';
  both(record, 'TypeOfEstablishment', k.type);
  both(record, 'EstablishmentTypeGroup', k.group);
  both(record, 'EstablishmentStatus', statuses[e.status]);
  both(record, 'ReasonEstablishmentOpened', e.reasonOpened);
  both(record, 'ReasonEstablishmentClosed', e.reasonClosed);
  both(record, 'PhaseOfEducation', k.phase);
  both(record, 'Boarders', ['1', 'No boarders']);
  both(record, 'OfficialSixthForm', e.ages[1] >= 18 && k.phase[0] === '4' ? ['1', 'Has a sixth form'] : k.sixthForm);
  both(record, 'Gender', e.gender);
  both(record, 'ReligiousCharacter', k.religion ?? ['00', 'Does not apply']);
  both(record, 'AdmissionsPolicy', k.admissions);
  both(record, 'SpecialClasses', k.type[0] === '07' ? ['1', 'Has Special Classes'] : ['2', 'No Special Classes']);
  both(record, 'TrustSchoolFlag', k.group[0] === '10' ? ['3', 'Supported by a multi-academy trust'] : ['0', 'Not applicable']);
  both(record, 'GOR', regions[la.code] as Pair);
  both(record, 'OfstedSpecialMeasures', ['0', 'Not applicable']);
  both(record, 'QABName', ['0', 'Not applicable']);
  both(record, 'EstablishmentAccredited', ['0', 'Not applicable']);
  census(record, e, capacity, random);
  return record as Record<GiasColumn, string>;
};
