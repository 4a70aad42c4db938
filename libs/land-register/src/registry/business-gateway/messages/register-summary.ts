// The Register Extract Service's structured summary of a register (`OCSummaryData`) and the register itself as XML
// (`OCRegisterData`), as typed data. The registry test environment builds these from a register; the client reads
// them out of a result. Dates are YYYY-MM-DD as in the XML; amounts in the entries stay text as printed.

/** ClassOfTitleCode: 10 absolute freehold … 90 possessory leasehold, 100–120 rentcharges, 130 caution title. */
export const classOfTitleCodes = {
  '10': 'Absolute Freehold',
  '20': 'Possessory Freehold',
  '30': 'Qualified Freehold',
  '40': 'Scheme Title Freehold',
  '50': 'Scheme Title Leasehold',
  '60': 'Absolute Leasehold',
  '70': 'Good Leasehold',
  '80': 'Qualified Leasehold',
  '90': 'Possessory Leasehold',
  '100': 'Absolute Rentcharge',
  '110': 'Possessory Rentcharge',
  '120': 'Qualified Rentcharge',
  '130': 'Caution Against First Registration',
} as const;
export type ClassOfTitleCode = keyof typeof classOfTitleCodes;

/** The quick-reference flags, in the schema's order; each names the element `<name>Indicator`. */
export const indicatorNames = [
  'AgreedNotice',
  'Bankruptcy',
  'Caution',
  'CCBI',
  'Chargee',
  'Charge',
  'ChargeRelatedRestriction',
  'ChargeRestriction',
  'CreditorsNotice',
  'DeathOfProprietor',
  'DeedOfPostponement',
  'DiscountCharge',
  'EquitableCharge',
  'GreenOutEntry',
  'HomeRightsChangeOfAddress',
  'HomeRights',
  'LeaseHoldTitle',
  'MultipleCharge',
  'NonChargeRestriction',
  'NotedCharge',
  'PricePaid',
  'PropertyDescriptionNotes',
  'RentCharge',
  'RightOfPreEmption',
  'ScheduleOfLeases',
  'SubCharge',
  'UnidentifiedEntry',
  'UnilateralNoticeBeneficiary',
  'UnilateralNotice',
  'VendorsLien',
] as const;
export type IndicatorName = (typeof indicatorNames)[number];
export type RegisterEntryIndicators = Readonly<Record<IndicatorName, boolean>>;

/** The variable parts of an entry's standard wording, in text order. */
export const infillNames = [
  'Amount',
  'ChargeDate',
  'ChargeParty',
  'Date',
  'DeedDate',
  'DeedExtent',
  'DeedParty',
  'DeedType',
  'ExtentOfLand',
  'MiscellaneousText',
  'Name',
  'Note',
  'OptionalMiscText',
  'PlansReference',
  'TitleNumber',
  'VerbatimText',
] as const;
export type InfillName = (typeof infillNames)[number];

export interface Infill {
  readonly kind: InfillName;
  readonly value: string;
}

/** EntryDetails: one register entry as the summary quotes it. */
export interface SummaryEntry {
  /** The number within its register, e.g. `4` for C4. */
  readonly entryNumber: string;
  readonly text: string;
  readonly registrationDate: string | null;
  /** A property, B proprietorship, C charges, D cautioner's register; null for a schedule entry. */
  readonly subRegister: 'A' | 'B' | 'C' | 'D' | null;
  readonly scheduleCode: string | null;
  readonly infills: readonly Infill[];
}

export interface SummaryAddress {
  readonly postcode: string | null;
  /** IndexNumeric: house numbers, as text. */
  readonly numbers: readonly string[];
  readonly lines: readonly string[];
}

export type PartyName =
  | { readonly kind: 'individual'; readonly forenames: string | null; readonly surname: string }
  | { readonly kind: 'organisation'; readonly name: string; readonly companyNumber: string | null };

export type SummaryParty = PartyName & {
  readonly addresses: readonly SummaryAddress[];
  /** PartyDescription, e.g. Lessor or Lessee on a lease. */
  readonly description: string | null;
};

export interface PricePaid {
  /** `2` or `MoreThan2` when the price covered other titles too. */
  readonly multipleTitles: '2' | 'MoreThan2' | null;
  /** The entry's Amount infill as printed (e.g. `£485,000`), and its Date infill: read from the entry, not sent apart. */
  readonly amount: string | null;
  readonly date: string | null;
  readonly entry: SummaryEntry;
}

/** A price paid entry with its amount and date taken from the entry's infills. */
export const pricePaidEntry = (entry: SummaryEntry, multipleTitles: PricePaid['multipleTitles'] = null): PricePaid => ({
  multipleTitles,
  amount: entry.infills.find((i) => i.kind === 'Amount')?.value ?? null,
  date: entry.infills.find((i) => i.kind === 'Date')?.value ?? null,
  entry,
});

export interface SummaryLease {
  readonly term: string;
  readonly date: string;
  readonly rent: string | null;
  readonly parties: readonly SummaryParty[];
  readonly entry: SummaryEntry;
}

export type RestrictionKind = 'ChargeRelatedRestriction' | 'ChargeRestriction' | 'NonChargeRestriction';

export interface SummaryRestriction {
  readonly kind: RestrictionKind;
  /** 0 other, 10 joint proprietor, 20 charge related, 30 charge. */
  readonly typeCode: '0' | '10' | '20' | '30';
  readonly chargeId: string | null;
  readonly entry: SummaryEntry;
}

export interface SummarySubCharge {
  readonly date: string | null;
  readonly multipleTitles: string | null;
  readonly entry: SummaryEntry;
  readonly chargees: readonly SummaryParty[];
  readonly chargeeEntry: SummaryEntry;
}

export interface SummaryCharge extends SummarySubCharge {
  readonly chargeId: string | null;
  readonly subCharges: readonly SummarySubCharge[];
}

/** Kinds of entry the summary lists without structure of their own. */
export const plainEntryKinds = [
  'Bankruptcy',
  'Caution',
  'DeedOfPostponement',
  'GreenOutEntry',
  'RentCharge',
  'VendorsLien',
  'RightOfPreEmption',
  'DeathOfProprietor',
  'DiscountCharge',
  'EquitableCharge',
  'NotedCharge',
  'CreditorsNotice',
  'UnidentifiedEntry',
  'CCBIEntry',
] as const;
export type PlainEntryKind = (typeof plainEntryKinds)[number];

export interface RegisterSummary {
  readonly officialCopyDateTime: string;
  readonly editionDate: string;
  readonly pricePaid: PricePaid | null;
  readonly propertyAddresses: readonly SummaryAddress[];
  readonly title: {
    readonly titleNumber: string;
    readonly classOfTitle: ClassOfTitleCode;
    readonly commonhold: boolean;
    readonly districtName: string;
    readonly administrativeArea: string;
    readonly landRegistryOffice: string;
    readonly latestEditionDate: string;
    readonly postcodes: readonly string[];
    readonly registrationDate: string | null;
  };
  readonly indicators: RegisterEntryIndicators;
  readonly proprietorship: {
    readonly since: string | null;
    /** Cautioners on a caution title, registered proprietors otherwise. */
    readonly kind: 'registered' | 'cautioner';
    readonly parties: readonly SummaryParty[];
  };
  readonly leases: readonly SummaryLease[];
  readonly restrictions: readonly SummaryRestriction[];
  readonly charges: readonly SummaryCharge[];
  readonly agreedNotices: readonly { readonly type: '10' | '20' | null; readonly entry: SummaryEntry }[];
  readonly homeRights: readonly { readonly changeOfAddress: SummaryEntry | null; readonly entry: SummaryEntry }[];
  readonly unilateralNotices: readonly { readonly notice: SummaryEntry; readonly beneficiary: SummaryEntry }[];
  readonly documents: readonly {
    readonly type: string;
    readonly date: string | null;
    readonly entryNumbers: readonly string[];
    readonly planOnly: boolean;
    readonly filedUnder: string | null;
    readonly description: string;
  }[];
  readonly entries: Readonly<Partial<Record<PlainEntryKind, readonly SummaryEntry[]>>>;
}

/** OCRegisterData: each register's entries as printed, one text per paragraph. */
export interface RegisterDataEntry {
  readonly entryNumber: string;
  readonly entryDate: string | null;
  readonly entryType: string | null;
  readonly entryText: readonly string[];
}

export interface RegisterDataSection {
  readonly districtDetails: readonly string[] | null;
  readonly entries: readonly RegisterDataEntry[];
  readonly schedules: readonly { readonly type: string; readonly entries: readonly RegisterDataEntry[] }[];
}

export interface RegisterData {
  readonly property: RegisterDataSection;
  readonly proprietorship: RegisterDataSection;
  readonly charges: RegisterDataSection | null;
}
