import { childOf, many, textAt, textOf, type XmlNode } from '../xml';
import {
  classOfTitleCodes,
  indicatorNames,
  infillNames,
  plainEntryKinds,
  pricePaidEntry,
  type ClassOfTitleCode,
  type PlainEntryKind,
  type RegisterData,
  type RegisterDataEntry,
  type RegisterDataSection,
  type RegisterSummary,
  type RestrictionKind,
  type SummaryAddress,
  type SummaryCharge,
  type SummaryEntry,
  type SummaryParty,
  type SummarySubCharge,
} from './register-summary';

// Reads `OCSummaryData` and `OCRegisterData` out of a result (prefixes already dropped by readXml). What the schema
// requires is required here too: a missing mandatory element is an error naming it, not a silent empty value.

const required = (node: unknown, ...path: string[]): string => {
  const value = textAt(node, ...path);
  if (value === undefined) throw new Error(`register summary: ${path.join('/')} is missing`);
  return value;
};

const optionalText = (node: unknown, ...path: string[]): string | null => textAt(node, ...path) ?? null;

const requiredChild = (node: unknown, name: string): XmlNode => {
  const child = childOf(node, name);
  if (!child) throw new Error(`register summary: ${name} is missing`);
  return child;
};

const flag = (node: unknown, name: string): boolean => {
  const value = required(node, name);
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`register summary: ${name} is not a boolean: ${value}`);
};

const texts = (value: unknown): string[] => many(value).map((v) => textOf(v) ?? '');

export const readEntryDetails = (node: XmlNode): SummaryEntry => {
  const infills = childOf(node, 'Infills');
  const subRegister = optionalText(node, 'SubRegisterCode');
  return {
    entryNumber: required(node, 'EntryNumber'),
    text: required(node, 'EntryText'),
    registrationDate: optionalText(node, 'RegistrationDate'),
    subRegister: subRegister === 'A' || subRegister === 'B' || subRegister === 'C' || subRegister === 'D' ? subRegister : null,
    scheduleCode: optionalText(node, 'ScheduleCode'),
    infills: infillNames.flatMap((kind) => texts(infills?.[kind]).map((value) => ({ kind, value }))),
  };
};

export const readAddress = (node: XmlNode): SummaryAddress => {
  const line = childOf(node, 'AddressLine');
  return { postcode: optionalText(node, 'PostcodeZone', 'Postcode'), numbers: texts(line?.['IndexNumeric']), lines: texts(line?.['Line']) };
};

export const readParty = (node: XmlNode): SummaryParty => {
  const person = childOf(node, 'PrivateIndividual');
  const organisation = childOf(node, 'Organization');
  const rest = { addresses: many(node['Address']).map(readAddress), description: optionalText(node, 'PartyDescription') };
  if (person)
    return {
      kind: 'individual',
      forenames: optionalText(person, 'Name', 'ForenamesName'),
      surname: required(person, 'Name', 'SurnameName'),
      ...rest,
    };
  if (organisation)
    return {
      kind: 'organisation',
      name: required(organisation, 'Name'),
      companyNumber: optionalText(organisation, 'CompanyRegistrationNumber'),
      ...rest,
    };
  throw new Error('register summary: a party is neither a PrivateIndividual nor an Organization');
};

const readSubCharge = (node: XmlNode): SummarySubCharge => {
  const registered = requiredChild(node, 'RegisteredCharge');
  const proprietor = requiredChild(node, 'ChargeProprietor');
  return {
    date: optionalText(node, 'ChargeDate'),
    multipleTitles: optionalText(registered, 'MultipleTitleIndicator'),
    entry: readEntryDetails(requiredChild(registered, 'EntryDetails')),
    chargees: many(proprietor['ChargeeParty']).map(readParty),
    chargeeEntry: readEntryDetails(requiredChild(proprietor, 'EntryDetails')),
  };
};

const readCharge = (node: XmlNode): SummaryCharge => ({
  chargeId: optionalText(node, 'ChargeID'),
  ...readSubCharge(node),
  subCharges: many(node['SubCharge']).map(readSubCharge),
});

const restrictionKinds: readonly RestrictionKind[] = ['ChargeRelatedRestriction', 'ChargeRestriction', 'NonChargeRestriction'];
const restrictionCodes = ['0', '10', '20', '30'] as const;

const readRestrictions = (node: XmlNode | undefined): RegisterSummary['restrictions'] =>
  many(node?.['RestrictionEntry']).flatMap((entry) =>
    restrictionKinds.flatMap((kind) => {
      const restriction = childOf(entry, kind);
      if (!restriction) return [];
      const code = required(restriction, 'RestrictionTypeCode');
      const typeCode = restrictionCodes.find((c) => c === code);
      if (!typeCode) throw new Error(`register summary: unknown RestrictionTypeCode ${code}`);
      return [
        {
          kind,
          typeCode,
          chargeId: optionalText(restriction, 'ChargeID'),
          entry: readEntryDetails(requiredChild(restriction, 'EntryDetails')),
        },
      ];
    }),
  );

const classOf = (code: string): ClassOfTitleCode => {
  if (!(code in classOfTitleCodes)) throw new Error(`register summary: unknown ClassOfTitleCode ${code}`);
  return code as ClassOfTitleCode;
};

const plainEntries = (node: XmlNode): RegisterSummary['entries'] => {
  const out: Partial<Record<PlainEntryKind, SummaryEntry[]>> = {};
  for (const kind of plainEntryKinds) {
    const entries = many(childOf(node, kind)?.['EntryDetails']).map(readEntryDetails);
    if (entries.length > 0) out[kind] = entries;
  }
  return out;
};

export const readSummary = (node: XmlNode): RegisterSummary => {
  const title = requiredChild(node, 'Title');
  const details = requiredChild(title, 'TitleRegistrationDetails');
  const indicators = requiredChild(node, 'RegisterEntryIndicators');
  const proprietorship = requiredChild(node, 'Proprietorship');
  const cautioners = many(proprietorship['CautionerParty']);
  const pricePaid = childOf(node, 'PricePaidEntry');
  const multiple = optionalText(pricePaid, 'MultipleTitleIndicator');
  return {
    officialCopyDateTime: required(node, 'OfficialCopyDateTime'),
    editionDate: required(node, 'EditionDate'),
    pricePaid: pricePaid
      ? pricePaidEntry(
          readEntryDetails(requiredChild(pricePaid, 'EntryDetails')),
          multiple === '2' || multiple === 'MoreThan2' ? multiple : null,
        )
      : null,
    propertyAddresses: many(node['PropertyAddress']).map(readAddress),
    title: {
      titleNumber: required(title, 'TitleNumber'),
      classOfTitle: classOf(required(title, 'ClassOfTitleCode')),
      commonhold: flag(title, 'CommonholdIndicator'),
      districtName: required(details, 'DistrictName'),
      administrativeArea: required(details, 'AdministrativeArea'),
      landRegistryOffice: required(details, 'LandRegistryOfficeName'),
      latestEditionDate: required(details, 'LatestEditionDate'),
      postcodes: many(details['PostcodeZone']).map((zone) => required(zone, 'Postcode')),
      registrationDate: optionalText(details, 'RegistrationDate'),
    },
    indicators: Object.fromEntries(
      indicatorNames.map((name) => [name, flag(indicators, `${name}Indicator`)]),
    ) as RegisterSummary['indicators'],
    proprietorship: {
      since: optionalText(proprietorship, 'CurrentProprietorshipDate'),
      kind: cautioners.length > 0 ? 'cautioner' : 'registered',
      parties: (cautioners.length > 0 ? cautioners : many(proprietorship['RegisteredProprietorParty'])).map(readParty),
    },
    leases: many(childOf(node, 'Lease')?.['LeaseEntry']).map((lease) => ({
      term: required(lease, 'LeaseTerm'),
      date: required(lease, 'LeaseDate'),
      rent: optionalText(lease, 'Rent'),
      parties: many(lease['LeaseParty']).map(readParty),
      entry: readEntryDetails(requiredChild(lease, 'EntryDetails')),
    })),
    restrictions: readRestrictions(childOf(node, 'RestrictionDetails')),
    charges: many(childOf(node, 'Charge')?.['ChargeEntry']).map(readCharge),
    agreedNotices: many(childOf(node, 'AgreedNotice')?.['AgreedNoticeEntry']).map((notice) => {
      const type = optionalText(notice, 'AgreedNoticeType');
      return { type: type === '10' || type === '20' ? type : null, entry: readEntryDetails(requiredChild(notice, 'EntryDetails')) };
    }),
    homeRights: many(childOf(node, 'HomeRights')?.['HomeRightsEntry']).map((rights) => {
      const change = childOf(rights, 'ChangeOfAddressEntryDetails');
      return {
        entry: readEntryDetails(requiredChild(rights, 'HomeRightsEntryDetails')),
        changeOfAddress: change ? readEntryDetails(change) : null,
      };
    }),
    unilateralNotices: many(childOf(node, 'UnilateralNoticeDetails')?.['UnilateralNoticeEntry']).map((n) => ({
      notice: readEntryDetails(requiredChild(n, 'UnilateralNotice')),
      beneficiary: readEntryDetails(requiredChild(n, 'UnilateralNoticeBeneficiary')),
    })),
    documents: many(childOf(node, 'DocumentDetails')?.['Document']).map((d) => ({
      type: required(d, 'DocumentType'),
      date: optionalText(d, 'DocumentDate'),
      entryNumbers: texts(d['EntryNumber']),
      planOnly: flag(d, 'PlanOnlyIndicator'),
      filedUnder: optionalText(d, 'FiledUnder'),
      description: required(d, 'RegisterDescription'),
    })),
    entries: plainEntries(node),
  };
};

const readRegisterEntry = (node: XmlNode): RegisterDataEntry => ({
  entryNumber: required(node, 'EntryNumber'),
  entryDate: optionalText(node, 'EntryDate'),
  entryType: optionalText(node, 'EntryType'),
  entryText: texts(node['EntryText']),
});

const readSection = (node: XmlNode): RegisterDataSection => {
  const district = childOf(node, 'DistrictDetails');
  return {
    districtDetails: district ? texts(district['EntryText']) : null,
    entries: many(node['RegisterEntry']).map(readRegisterEntry),
    schedules: many(node['Schedule']).map((s) => ({
      type: required(s, 'ScheduleType'),
      entries: many(s['ScheduleEntry']).map(readRegisterEntry),
    })),
  };
};

export const readRegisterData = (node: XmlNode): RegisterData => {
  const charges = childOf(node, 'ChargesRegister');
  return {
    property: readSection(requiredChild(node, 'PropertyRegister')),
    proprietorship: readSection(requiredChild(node, 'ProprietorshipRegister')),
    charges: charges ? readSection(charges) : null,
  };
};
