import iconv from 'iconv-lite';

// GIAS's establishments file as DfE writes it, for the synthetic files (research/gias.md). The header of files since
// late January 2025 (135 columns), byte-exact from DFE-Digital/publish-teacher-training
// spec/fixtures/files/lib/gias/downloaded.csv @ 82fdb879 (§1b); the 139 columns of July 2024 to January 2025 are the
// same with the four Ofsted columns in their places (§1a, DFE-Digital/schools-experience db/data/example_schools.csv
// @ d45e7751). Both are checked against those real headers (test-data/gias/, generated-files.unit.spec.ts).

export const header2025 = [
  'URN',
  'LA (code)',
  'LA (name)',
  'EstablishmentNumber',
  'EstablishmentName',
  'TypeOfEstablishment (code)',
  'TypeOfEstablishment (name)',
  'EstablishmentTypeGroup (code)',
  'EstablishmentTypeGroup (name)',
  'EstablishmentStatus (code)',
  'EstablishmentStatus (name)',
  'ReasonEstablishmentOpened (code)',
  'ReasonEstablishmentOpened (name)',
  'OpenDate',
  'ReasonEstablishmentClosed (code)',
  'ReasonEstablishmentClosed (name)',
  'CloseDate',
  'PhaseOfEducation (code)',
  'PhaseOfEducation (name)',
  'StatutoryLowAge',
  'StatutoryHighAge',
  'Boarders (code)',
  'Boarders (name)',
  'NurseryProvision (name)',
  'OfficialSixthForm (code)',
  'OfficialSixthForm (name)',
  'Gender (code)',
  'Gender (name)',
  'ReligiousCharacter (code)',
  'ReligiousCharacter (name)',
  'ReligiousEthos (name)',
  'Diocese (code)',
  'Diocese (name)',
  'AdmissionsPolicy (code)',
  'AdmissionsPolicy (name)',
  'SchoolCapacity',
  'SpecialClasses (code)',
  'SpecialClasses (name)',
  'CensusDate',
  'NumberOfPupils',
  'NumberOfBoys',
  'NumberOfGirls',
  'PercentageFSM',
  'TrustSchoolFlag (code)',
  'TrustSchoolFlag (name)',
  'Trusts (code)',
  'Trusts (name)',
  'SchoolSponsorFlag (name)',
  'SchoolSponsors (name)',
  'FederationFlag (name)',
  'Federations (code)',
  'Federations (name)',
  'UKPRN',
  'FEHEIdentifier',
  'FurtherEducationType (name)',
  'LastChangedDate',
  'Street',
  'Locality',
  'Address3',
  'Town',
  'County (name)',
  'Postcode',
  'SchoolWebsite',
  'TelephoneNum',
  'HeadTitle (name)',
  'HeadFirstName',
  'HeadLastName',
  'HeadPreferredJobTitle',
  'BSOInspectorateName (name)',
  'InspectorateReport',
  'DateOfLastInspectionVisit',
  'NextInspectionVisit',
  'TeenMoth (name)',
  'TeenMothPlaces',
  'CCF (name)',
  'SENPRU (name)',
  'EBD (name)',
  'PlacesPRU',
  'FTProv (name)',
  'EdByOther (name)',
  'Section41Approved (name)',
  'SEN1 (name)',
  'SEN2 (name)',
  'SEN3 (name)',
  'SEN4 (name)',
  'SEN5 (name)',
  'SEN6 (name)',
  'SEN7 (name)',
  'SEN8 (name)',
  'SEN9 (name)',
  'SEN10 (name)',
  'SEN11 (name)',
  'SEN12 (name)',
  'SEN13 (name)',
  'TypeOfResourcedProvision (name)',
  'ResourcedProvisionOnRoll',
  'ResourcedProvisionCapacity',
  'SenUnitOnRoll',
  'SenUnitCapacity',
  'GOR (code)',
  'GOR (name)',
  'DistrictAdministrative (code)',
  'DistrictAdministrative (name)',
  'AdministrativeWard (code)',
  'AdministrativeWard (name)',
  'ParliamentaryConstituency (code)',
  'ParliamentaryConstituency (name)',
  'UrbanRural (code)',
  'UrbanRural (name)',
  'GSSLACode (name)',
  'Easting',
  'Northing',
  'MSOA (name)',
  'LSOA (name)',
  'InspectorateName (name)',
  'SENStat',
  'SENNoStat',
  'BoardingEstablishment (name)',
  'PropsName',
  'PreviousLA (code)',
  'PreviousLA (name)',
  'PreviousEstablishmentNumber',
  'Country (name)',
  'UPRN',
  'SiteName',
  'QABName (code)',
  'QABName (name)',
  'EstablishmentAccredited (code)',
  'EstablishmentAccredited (name)',
  'QABReport',
  'CHNumber',
  'MSOA (code)',
  'LSOA (code)',
  'FSM',
  'AccreditationExpiryDate',
] as const;
export type GiasColumn =
  (typeof header2025)[number] | 'OfstedLastInsp' | 'OfstedSpecialMeasures (code)' | 'OfstedSpecialMeasures (name)' | 'OfstedRating (name)';

const after = (header: readonly GiasColumn[], column: GiasColumn, inserted: readonly GiasColumn[]): GiasColumn[] => {
  const at = header.indexOf(column) + 1;
  return [...header.slice(0, at), ...inserted, ...header.slice(at)];
};

/** The 139 columns of files from July 2024 to January 2025: with `OfstedLastInsp`, the special measures and the rating. */
export const header2024: readonly GiasColumn[] = after(
  after(header2025, 'FurtherEducationType (name)', ['OfstedLastInsp', 'OfstedSpecialMeasures (code)', 'OfstedSpecialMeasures (name)']),
  'PreviousEstablishmentNumber',
  ['OfstedRating (name)'],
);

/** Written bare when not empty (§2b: every other field, and every empty one, in double quotes). */
const unquoted = new Set<string>(['URN', 'StatutoryLowAge', 'StatutoryHighAge', 'SchoolCapacity', 'UKPRN', 'Easting', 'Northing']);

/** A record as GIAS quotes it (no value of the synthetic files holds a double quote: how DfE escapes one is not known). */
export const giasLine = (header: readonly string[], record: Readonly<Record<string, string>>): string =>
  header
    .map((column) => {
      const value = record[column] ?? '';
      if (value.includes('"')) throw new Error(`${column}: ${value} holds a double quote`);
      return value !== '' && unquoted.has(column) ? value : `"${value}"`;
    })
    .join(',');

/**
 * Lines as DfE publishes them: Windows-1252, CRLF between lines and none after the last (as the real links files,
 * §2a; whether the establishments file ends with one is not known). A character Windows-1252 lacks is an error.
 */
export const windows1252File = (lines: readonly string[]): Buffer => {
  const text = lines.join('\r\n');
  const bytes = iconv.encode(text, 'win1252');
  if (iconv.decode(bytes, 'win1252') !== text) throw new Error('a character Windows-1252 cannot write');
  return bytes;
};
