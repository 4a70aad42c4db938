// The register of one title as data, shaped like the Register Extract Service's `OCRegisterData`
// (`RegisterEntry{EntryNumber, EntryDate, EntryType, EntryText[]}`), so an adapter for the real XML maps onto it
// field by field. Dates are ISO like the XML's; the renderer prints them the way an official copy does.

export type RegisterLetter = 'A' | 'B' | 'C';

export type ClassOfTitle = 'Title absolute' | 'Good leasehold title' | 'Qualified title' | 'Possessory title';

export type Tenure = 'Freehold' | 'Leasehold';

export interface RegisterEntry {
  /** EntryNumber: 1, 2, 3 … within its register. */
  readonly entryNumber: number;
  /** EntryDate: YYYY-MM-DD, the day the entry was made; older entries often have none. */
  readonly entryDate: string | null;
  /** EntryType as the XML names it, e.g. 'Proprietor', 'Registered Charges'; not printed on an official copy. */
  readonly entryType: string;
  /** EntryText: one string per paragraph. */
  readonly entryText: readonly string[];
}

export interface Register {
  readonly titleNumber: string;
  /** EditionDate: YYYY-MM-DD, the last day the register changed. */
  readonly editionDate: string;
  /** OfficialCopyDateTime: YYYY-MM-DDTHH:MM:SS, UK local time; the search-from date of an OS1 search. */
  readonly officialCopyDateTime: string;
  readonly landRegistryOffice: string;
  /** DistrictDetails: printed as "COUNTY : DISTRICT" at the head of the property register. */
  readonly administrativeArea: { readonly county: string; readonly district: string };
  readonly tenure: Tenure;
  readonly classOfTitle: ClassOfTitle;
  readonly propertyRegister: readonly RegisterEntry[];
  readonly proprietorshipRegister: readonly RegisterEntry[];
  readonly chargesRegister: readonly RegisterEntry[];
}

export const registerSections: readonly {
  letter: RegisterLetter;
  heading: string;
  introduction: string;
  entries: (r: Register) => readonly RegisterEntry[];
}[] = [
  {
    letter: 'A',
    heading: 'A: Property Register',
    introduction: 'This register describes the land and estate comprised in the title.',
    entries: (r) => r.propertyRegister,
  },
  {
    letter: 'B',
    heading: 'B: Proprietorship Register',
    introduction:
      'This register specifies the class of title and identifies the owner. It contains any entries that affect the right of disposal.',
    entries: (r) => r.proprietorshipRegister,
  },
  {
    letter: 'C',
    heading: 'C: Charges Register',
    introduction: 'This register contains any charges and other matters that affect the land.',
    entries: (r) => r.chargesRegister,
  },
];
