import type { Register, RegisterEntry, RegisterLetter } from '../../../register/register';
import {
  indicatorNames,
  pricePaidEntry,
  type ClassOfTitleCode,
  type Infill,
  type PlainEntryKind,
  type RegisterEntryIndicators,
  type RegisterSummary,
  type SummaryCharge,
  type SummaryEntry,
  type SummaryLease,
  type SummaryParty,
  type SummaryRestriction,
} from '../messages/register-summary';
import { addressOf, chargeDateOf, leaseParticularsOf, partyNameOf, pricePaidOf, proprietorPartiesOf } from './entry-wording';

// The structured summary HM Land Registry sends with a register, built by the registry test environment from the
// project's Register. Entries are sorted into the summary's parts by their EntryType (the register's own label); the
// names, dates and amounts the summary holds as data are read from the standard wording (./entry-wording), or given
// by the caller where the wording is not standard. Nothing here uses the project's register parser.

/** Structure the caller knows better than the wording says; each replaces what would be read. */
export interface KnownFacts {
  readonly proprietors?: readonly SummaryParty[];
  /** Chargees by the charge entry's number in the charges register. */
  readonly chargees?: Readonly<Record<number, readonly SummaryParty[]>>;
  readonly pricePaid?: { readonly date: string; readonly amount: string } | null;
}

const classCodes: Record<Register['tenure'], Record<Register['classOfTitle'], ClassOfTitleCode>> = {
  Freehold: { 'Title absolute': '10', 'Possessory title': '20', 'Qualified title': '30', 'Good leasehold title': '70' },
  Leasehold: { 'Title absolute': '60', 'Good leasehold title': '70', 'Qualified title': '80', 'Possessory title': '90' },
};

const entryDetails = (letter: RegisterLetter, entry: RegisterEntry, infills: readonly Infill[] = []): SummaryEntry => ({
  entryNumber: String(entry.entryNumber),
  text: entry.entryText.join(' '),
  registrationDate: entry.entryDate,
  subRegister: letter,
  scheduleCode: null,
  infills,
});

const ofType = (entries: readonly RegisterEntry[], type: string) => entries.filter((e) => e.entryType === type);

const plainKinds: Readonly<Record<string, PlainEntryKind>> = {
  Caution: 'Caution',
  Bankruptcy: 'Bankruptcy',
  'Creditors Notice': 'CreditorsNotice',
  'Death of Proprietor': 'DeathOfProprietor',
  'Deed of Postponement': 'DeedOfPostponement',
  'Equitable Charge': 'EquitableCharge',
  'Noted Charge': 'NotedCharge',
  'Vendors Lien': 'VendorsLien',
  'Right of Pre-emption': 'RightOfPreEmption',
  'Rent Charge': 'RentCharge',
  Unknown: 'UnidentifiedEntry',
};

const letters = (register: Register): [RegisterLetter, readonly RegisterEntry[]][] => [
  ['A', register.propertyRegister],
  ['B', register.proprietorshipRegister],
  ['C', register.chargesRegister],
];

const chargesOf = (register: Register, known: KnownFacts): SummaryCharge[] => {
  const entries = register.chargesRegister;
  const charges: SummaryCharge[] = [];
  entries.forEach((entry, i) => {
    if (entry.entryType !== 'Registered Charges') return;
    const chargeeEntry = entries[i + 1]?.entryType === 'Chargee' ? entries[i + 1]! : null;
    if (!chargeeEntry) throw new Error(`C${entry.entryNumber}: a registered charge without its chargee entry`);
    const date = chargeDateOf(entry.entryText.join(' '));
    const chargees = known.chargees?.[entry.entryNumber] ?? proprietorPartiesOf(chargeeEntry.entryText.join(' '));
    if (!chargees || chargees.length === 0) throw new Error(`C${chargeeEntry.entryNumber}: the chargee could not be read; pass it in`);
    charges.push({
      chargeId: String(charges.length + 1),
      date: date?.iso ?? null,
      multipleTitles: null,
      entry: entryDetails('C', entry, date ? [{ kind: 'ChargeDate', value: date.iso }] : []),
      chargees,
      chargeeEntry: entryDetails('C', chargeeEntry),
      subCharges: [],
    });
  });
  return charges;
};

const printedDate = (iso: string): string => {
  const [y, m, d] = iso.split('-').map(Number);
  const month = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${d} ${month} ${y}`;
};

// A charge restriction names its charge by date ("the Charge dated 25 February 2022"): that is the link ChargeID makes.
const restrictionsOf = (register: Register, charges: readonly SummaryCharge[]): SummaryRestriction[] =>
  register.proprietorshipRegister.flatMap((entry): SummaryRestriction[] => {
    const text = entry.entryText.join(' ');
    if (entry.entryType === 'Charge Restriction - B Register') {
      const charge = charges.find((c) => c.date !== null && text.includes(`Charge dated ${printedDate(c.date)}`));
      return [{ kind: 'ChargeRestriction', typeCode: '30', chargeId: charge?.chargeId ?? null, entry: entryDetails('B', entry) }];
    }
    if (entry.entryType === 'Charge Related Restriction - B Register')
      return [{ kind: 'ChargeRelatedRestriction', typeCode: '20', chargeId: null, entry: entryDetails('B', entry) }];
    if (entry.entryType === 'Non-Charge Restriction - B Register') {
      const jointProprietor = /^RESTRICTION: No disposition by a sole proprietor/i.test(text);
      return [{ kind: 'NonChargeRestriction', typeCode: jointProprietor ? '10' : '0', chargeId: null, entry: entryDetails('B', entry) }];
    }
    return [];
  });

const leasesOf = (register: Register): SummaryLease[] =>
  ofType(register.propertyRegister, 'Lease Particulars').flatMap((entry) => {
    const particulars = leaseParticularsOf(entry.entryText);
    // The schema wants a lessor and a lessee at least; particulars that do not name both cannot be summarised.
    if (!particulars || particulars.parties.length < 2) return [];
    const descriptions = ['Lessor', 'Lessee'];
    return [
      {
        term: particulars.term,
        date: particulars.date,
        rent: particulars.rent,
        parties: particulars.parties.map((name, i) => ({ ...partyNameOf(name), addresses: [], description: descriptions[i] ?? null })),
        entry: entryDetails('A', entry),
      },
    ];
  });

const propertyAddressOf = (register: Register) => {
  const description = ofType(register.propertyRegister, 'Property Description')[0]?.entryText[0] ?? '';
  const being = /\bbeing (.+?)\.?$/.exec(description)?.[1];
  return being ? addressOf(being) : { postcode: null, numbers: [], lines: [] };
};

export const buildRegisterSummary = (register: Register, known: KnownFacts = {}): RegisterSummary => {
  const proprietorEntries = ofType(register.proprietorshipRegister, 'Proprietor');
  const proprietors = known.proprietors ?? proprietorEntries.flatMap((e) => proprietorPartiesOf(e.entryText.join(' ')) ?? []);
  if (proprietors.length === 0) throw new Error(`${register.titleNumber}: no proprietor could be read; pass them in`);
  const priceEntry = ofType(register.proprietorshipRegister, 'Price Paid')[0];
  const price = priceEntry ? (known.pricePaid !== undefined ? known.pricePaid : pricePaidOf(priceEntry.entryText.join(' '))) : null;
  const charges = chargesOf(register, known);
  const restrictions = restrictionsOf(register, charges);
  const leases = leasesOf(register);
  const entries: Partial<Record<PlainEntryKind, SummaryEntry[]>> = {};
  for (const [letter, list] of letters(register))
    for (const entry of list) {
      const kind = plainKinds[entry.entryType];
      if (kind) (entries[kind] ??= []).push(entryDetails(letter, entry));
    }
  const unilateral = ofType(register.chargesRegister, 'Unilateral Notice').map((notice) => {
    const beneficiary = register.chargesRegister.find(
      (e) => e.entryNumber > notice.entryNumber && e.entryType === 'Unilateral Notice Beneficiary',
    );
    if (!beneficiary) throw new Error(`C${notice.entryNumber}: a unilateral notice without its beneficiary entry`);
    return { notice: entryDetails('C', notice), beneficiary: entryDetails('C', beneficiary) };
  });
  const description = ofType(register.propertyRegister, 'Property Description')[0];
  const address = propertyAddressOf(register);
  const summary: Omit<RegisterSummary, 'indicators'> = {
    officialCopyDateTime: register.officialCopyDateTime,
    editionDate: register.editionDate,
    pricePaid:
      priceEntry && price
        ? pricePaidEntry(
            entryDetails('B', priceEntry, [
              { kind: 'Amount', value: price.amount },
              { kind: 'Date', value: price.date },
            ]),
          )
        : null,
    propertyAddresses: [address],
    title: {
      titleNumber: register.titleNumber,
      classOfTitle: classCodes[register.tenure][register.classOfTitle],
      commonhold: false,
      districtName: register.administrativeArea.district,
      administrativeArea: register.administrativeArea.county,
      landRegistryOffice: register.landRegistryOffice,
      latestEditionDate: register.editionDate,
      postcodes: address.postcode === null ? [] : [address.postcode],
      registrationDate: register.propertyRegister[0]?.entryDate ?? null,
    },
    proprietorship: { since: proprietorEntries[0]?.entryDate ?? null, kind: 'registered', parties: proprietors },
    leases,
    restrictions,
    charges,
    agreedNotices: [],
    homeRights: [],
    unilateralNotices: unilateral,
    documents: [],
    entries,
  };
  const notes = (description?.entryText ?? []).some((p) => /^NOTE\b/i.test(p));
  return { ...summary, indicators: indicatorsOf(summary, register.tenure === 'Leasehold', notes) };
};

/** A flag is set exactly when the summary holds the matching entry (the two without entries aside). */
export const indicatorsOf = (
  summary: Omit<RegisterSummary, 'indicators'>,
  leasehold: boolean,
  propertyDescriptionNotes: boolean,
): RegisterEntryIndicators => {
  const has = (kind: PlainEntryKind) => (summary.entries[kind]?.length ?? 0) > 0;
  const restriction = (kind: SummaryRestriction['kind']) => summary.restrictions.some((r) => r.kind === kind);
  const flags: Record<(typeof indicatorNames)[number], boolean> = {
    AgreedNotice: summary.agreedNotices.length > 0,
    Bankruptcy: has('Bankruptcy'),
    Caution: has('Caution'),
    CCBI: has('CCBIEntry'),
    Chargee: summary.charges.some((c) => c.chargees.length > 0),
    Charge: summary.charges.length > 0,
    ChargeRelatedRestriction: restriction('ChargeRelatedRestriction'),
    ChargeRestriction: restriction('ChargeRestriction'),
    CreditorsNotice: has('CreditorsNotice'),
    DeathOfProprietor: has('DeathOfProprietor'),
    DeedOfPostponement: has('DeedOfPostponement'),
    DiscountCharge: has('DiscountCharge'),
    EquitableCharge: has('EquitableCharge'),
    GreenOutEntry: has('GreenOutEntry'),
    HomeRightsChangeOfAddress: summary.homeRights.some((h) => h.changeOfAddress !== null),
    HomeRights: summary.homeRights.length > 0,
    LeaseHoldTitle: leasehold,
    MultipleCharge: summary.charges.length > 1,
    NonChargeRestriction: restriction('NonChargeRestriction'),
    NotedCharge: has('NotedCharge'),
    PricePaid: summary.pricePaid !== null,
    PropertyDescriptionNotes: propertyDescriptionNotes,
    RentCharge: has('RentCharge'),
    RightOfPreEmption: has('RightOfPreEmption'),
    ScheduleOfLeases: false,
    SubCharge: summary.charges.some((c) => c.subCharges.length > 0),
    UnidentifiedEntry: has('UnidentifiedEntry'),
    UnilateralNoticeBeneficiary: summary.unilateralNotices.length > 0,
    UnilateralNotice: summary.unilateralNotices.length > 0,
    VendorsLien: has('VendorsLien'),
  };
  return flags;
};
