import type { XmlContent } from '../xml';
import {
  indicatorNames,
  infillNames,
  plainEntryKinds,
  type RegisterData,
  type RegisterDataEntry,
  type RegisterDataSection,
  type RegisterSummary,
  type SummaryAddress,
  type SummaryCharge,
  type SummaryEntry,
  type SummaryParty,
  type SummarySubCharge,
} from './register-summary';

// The summary and the register written as `OCSummaryData` and `OCRegisterData` content, every element in the
// schema's order. An entry's infills are written grouped by kind (all Amounts, then all Dates …), in text order within
// a kind: the schema allows any order, and content keyed by name cannot interleave kinds.

const optional = <T>(value: T | null, write: (v: T) => XmlContent | string): XmlContent | string | undefined =>
  value === null ? undefined : write(value);

const nonEmpty = <T>(items: readonly T[], write: (items: readonly T[]) => XmlContent): XmlContent | undefined =>
  items.length === 0 ? undefined : write(items);

export const entryDetailsContent = (entry: SummaryEntry): XmlContent => {
  const infills: XmlContent = {};
  for (const name of infillNames) {
    const values = entry.infills.filter((i) => i.kind === name).map((i) => i.value);
    if (values.length > 0) infills[name] = values;
  }
  return {
    EntryNumber: entry.entryNumber,
    EntryText: entry.text,
    RegistrationDate: entry.registrationDate ?? undefined,
    SubRegisterCode: entry.subRegister ?? undefined,
    ScheduleCode: entry.subRegister === null ? (entry.scheduleCode ?? undefined) : undefined,
    Infills: Object.keys(infills).length > 0 ? infills : undefined,
  };
};

export const addressContent = (address: SummaryAddress): XmlContent => ({
  PostcodeZone: optional(address.postcode, (postcode) => ({ Postcode: postcode })),
  AddressLine: { IndexNumeric: [...address.numbers], Line: [...address.lines] },
});

export const partyContent = (party: SummaryParty): XmlContent => ({
  ...(party.kind === 'individual'
    ? { PrivateIndividual: { Name: { ForenamesName: party.forenames ?? undefined, SurnameName: party.surname } } }
    : { Organization: { Name: party.name, CompanyRegistrationNumber: party.companyNumber ?? undefined } }),
  Address: party.addresses.map(addressContent),
  PartyDescription: party.description ?? undefined,
});

const subChargeContent = (charge: SummarySubCharge): XmlContent => ({
  ChargeDate: charge.date ?? undefined,
  RegisteredCharge: { MultipleTitleIndicator: charge.multipleTitles ?? undefined, EntryDetails: entryDetailsContent(charge.entry) },
  ChargeProprietor: { ChargeeParty: charge.chargees.map(partyContent), EntryDetails: entryDetailsContent(charge.chargeeEntry) },
});

const chargeContent = (charge: SummaryCharge): XmlContent => ({
  ChargeID: charge.chargeId ?? undefined,
  ...subChargeContent(charge),
  SubCharge: charge.subCharges.map(subChargeContent),
});

const indicatorsContent = (summary: RegisterSummary): XmlContent =>
  Object.fromEntries(indicatorNames.map((name) => [`${name}Indicator`, summary.indicators[name]]));

const entriesOf = (summary: RegisterSummary, kind: (typeof plainEntryKinds)[number]) =>
  nonEmpty(summary.entries[kind] ?? [], (entries) => ({ EntryDetails: entries.map(entryDetailsContent) }));

export const summaryContent = (summary: RegisterSummary): XmlContent => {
  const { title, proprietorship } = summary;
  const parties = proprietorship.parties.map(partyContent);
  return {
    OfficialCopyDateTime: summary.officialCopyDateTime,
    EditionDate: summary.editionDate,
    PricePaidEntry: optional(summary.pricePaid, (paid) => ({
      MultipleTitleIndicator: paid.multipleTitles ?? undefined,
      EntryDetails: entryDetailsContent(paid.entry),
    })),
    PropertyAddress: summary.propertyAddresses.map(addressContent),
    Title: {
      TitleNumber: title.titleNumber,
      ClassOfTitleCode: title.classOfTitle,
      CommonholdIndicator: title.commonhold,
      TitleRegistrationDetails: {
        DistrictName: title.districtName,
        AdministrativeArea: title.administrativeArea,
        LandRegistryOfficeName: title.landRegistryOffice,
        LatestEditionDate: title.latestEditionDate,
        PostcodeZone: title.postcodes.map((postcode) => ({ Postcode: postcode })),
        RegistrationDate: title.registrationDate ?? undefined,
      },
    },
    RegisterEntryIndicators: indicatorsContent(summary),
    Proprietorship: {
      CurrentProprietorshipDate: proprietorship.since ?? undefined,
      ...(proprietorship.kind === 'cautioner' ? { CautionerParty: parties } : { RegisteredProprietorParty: parties }),
    },
    Lease: nonEmpty(summary.leases, (leases) => ({
      LeaseEntry: leases.map((lease) => ({
        LeaseTerm: lease.term,
        LeaseDate: lease.date,
        Rent: lease.rent ?? undefined,
        LeaseParty: lease.parties.map(partyContent),
        EntryDetails: entryDetailsContent(lease.entry),
      })),
    })),
    RestrictionDetails: nonEmpty(summary.restrictions, (restrictions) => ({
      RestrictionEntry: restrictions.map((r) => ({
        [r.kind]: { RestrictionTypeCode: r.typeCode, ChargeID: r.chargeId ?? undefined, EntryDetails: entryDetailsContent(r.entry) },
      })),
    })),
    Charge: nonEmpty(summary.charges, (charges) => ({ ChargeEntry: charges.map(chargeContent) })),
    AgreedNotice: nonEmpty(summary.agreedNotices, (notices) => ({
      AgreedNoticeEntry: notices.map((n) => ({ AgreedNoticeType: n.type ?? undefined, EntryDetails: entryDetailsContent(n.entry) })),
    })),
    Bankruptcy: entriesOf(summary, 'Bankruptcy'),
    Caution: entriesOf(summary, 'Caution'),
    DeedOfPostponement: entriesOf(summary, 'DeedOfPostponement'),
    GreenOutEntry: entriesOf(summary, 'GreenOutEntry'),
    HomeRights: nonEmpty(summary.homeRights, (rights) => ({
      HomeRightsEntry: rights.map((r) => ({
        ChangeOfAddressIndicator: r.changeOfAddress !== null,
        HomeRightsEntryDetails: entryDetailsContent(r.entry),
        ChangeOfAddressEntryDetails: optional(r.changeOfAddress, entryDetailsContent),
      })),
    })),
    RentCharge: entriesOf(summary, 'RentCharge'),
    VendorsLien: entriesOf(summary, 'VendorsLien'),
    RightOfPreEmption: entriesOf(summary, 'RightOfPreEmption'),
    DocumentDetails: nonEmpty(summary.documents, (documents) => ({
      Document: documents.map((d) => ({
        DocumentType: d.type,
        DocumentDate: d.date ?? undefined,
        EntryNumber: [...d.entryNumbers],
        PlanOnlyIndicator: d.planOnly,
        FiledUnder: d.filedUnder ?? undefined,
        RegisterDescription: d.description,
      })),
    })),
    UnilateralNoticeDetails: nonEmpty(summary.unilateralNotices, (notices) => ({
      UnilateralNoticeEntry: notices.map((n) => ({
        UnilateralNotice: entryDetailsContent(n.notice),
        UnilateralNoticeBeneficiary: entryDetailsContent(n.beneficiary),
      })),
    })),
    DeathOfProprietor: entriesOf(summary, 'DeathOfProprietor'),
    DiscountCharge: entriesOf(summary, 'DiscountCharge'),
    EquitableCharge: entriesOf(summary, 'EquitableCharge'),
    NotedCharge: entriesOf(summary, 'NotedCharge'),
    CreditorsNotice: entriesOf(summary, 'CreditorsNotice'),
    UnidentifiedEntry: entriesOf(summary, 'UnidentifiedEntry'),
    CCBIEntry: entriesOf(summary, 'CCBIEntry'),
  };
};

const registerEntryContent = (entry: RegisterDataEntry): XmlContent => ({
  EntryNumber: entry.entryNumber,
  EntryDate: entry.entryDate ?? undefined,
  EntryType: entry.entryType ?? undefined,
  EntryText: [...entry.entryText],
});

const sectionContent = (section: RegisterDataSection): XmlContent => ({
  DistrictDetails: optional(section.districtDetails, (texts) => ({ EntryText: [...texts] })),
  RegisterEntry: section.entries.map(registerEntryContent),
  Schedule: section.schedules.map((s) => ({ ScheduleType: s.type, ScheduleEntry: s.entries.map(registerEntryContent) })),
});

export const registerDataContent = (data: RegisterData): XmlContent => ({
  PropertyRegister: sectionContent(data.property),
  ProprietorshipRegister: sectionContent(data.proprietorship),
  ChargesRegister: optional(data.charges, sectionContent),
});
