// The kinds of establishment the synthetic demo schools are: each a published TypeOfEstablishment with its group
// (research/gias.md §2d, from witan.gias's table of the real 2025-04-22 file), a PhaseOfEducation, and statutory ages,
// nursery and sixth-form provision, capacity and EstablishmentNumber range as real rows of that kind have them (the
// real rows of research/data/gias: a community primary 3–11 "Has Nursery Classes", infants 3–7, juniors 7–11, an
// independent school of phase "Not applicable" 7–18, a pupil referral unit 14–16, …). Codes as published: type and
// reason codes zero-padded to two digits, group, phase and status codes bare.

export type Pair = readonly [code: string, name: string];

export interface Kind {
  type: Pair;
  group: Pair;
  phase: Pair;
  /** Statutory low and high ages; one is drawn. */
  ages: ReadonlyArray<readonly [number, number]>;
  /** The name after "Synthetic " and before the school's number. */
  noun: string;
  religion?: Pair;
  nursery: string;
  sixthForm: Pair;
  admissions: Pair;
  capacity: readonly [number, number];
  /** EstablishmentNumber range within the local authority (DfE numbers primaries 2xxx, secondaries 4xxx, …). */
  numbers: readonly [number, number];
}

const laMaintained: Pair = ['4', 'Local authority maintained schools'];
const academies: Pair = ['10', 'Academies'];
const freeSchools: Pair = ['11', 'Free Schools'];
const primary: Pair = ['2', 'Primary'];
const secondary: Pair = ['4', 'Secondary'];
const notApplicable: Pair = ['0', 'Not applicable'];
const noSixthForm: Pair = ['2', 'Does not have a sixth form'];
const sixthForm: Pair = ['1', 'Has a sixth form'];
const nonSelective: Pair = ['4', 'Non-selective'];
const primaryNumbers = [2000, 3999] as const;
const secondaryNumbers = [4000, 4999] as const;

const primaryKind = (type: Pair, group: Pair, noun: string, religion?: Pair): Kind => ({
  type,
  group,
  phase: primary,
  ages: [
    [3, 11],
    [4, 11],
  ],
  noun,
  ...(religion ? { religion } : {}),
  nursery: 'Has Nursery Classes',
  sixthForm: noSixthForm,
  admissions: notApplicable,
  capacity: [210, 630],
  numbers: primaryNumbers,
});

const secondaryKind = (type: Pair, group: Pair, noun: string, religion?: Pair): Kind => ({
  type,
  group,
  phase: secondary,
  ages: [
    [11, 16],
    [11, 18],
  ],
  noun,
  ...(religion ? { religion } : {}),
  nursery: 'No Nursery Classes',
  sixthForm: noSixthForm,
  admissions: nonSelective,
  capacity: [750, 1500],
  numbers: secondaryNumbers,
});

const catholic: Pair = ['03', 'Roman Catholic'];
const churchOfEngland: Pair = ['02', 'Church of England'];

export const kinds = {
  communityPrimary: primaryKind(['01', 'Community school'], laMaintained, 'Primary School'),
  infant: { ...primaryKind(['01', 'Community school'], laMaintained, 'Infant School'), ages: [[3, 7]], capacity: [180, 270] },
  junior: { ...primaryKind(['01', 'Community school'], laMaintained, 'Junior School'), ages: [[7, 11]], nursery: 'No Nursery Classes' },
  catholicPrimary: primaryKind(['02', 'Voluntary aided school'], laMaintained, 'Catholic Primary School', catholic),
  churchPrimary: primaryKind(['02', 'Voluntary aided school'], laMaintained, 'Church of England Primary School', churchOfEngland),
  controlledPrimary: primaryKind(['03', 'Voluntary controlled school'], laMaintained, 'CofE Primary School', churchOfEngland),
  academyPrimary: primaryKind(['34', 'Academy converter'], academies, 'Primary Academy'),
  freePrimary: { ...primaryKind(['35', 'Free schools'], freeSchools, 'Free School'), ages: [[4, 11]] },
  foundationSecondary: secondaryKind(['05', 'Foundation school'], laMaintained, 'High School'),
  academySecondary: secondaryKind(['34', 'Academy converter'], academies, 'Academy'),
  catholicAcademy: secondaryKind(['34', 'Academy converter'], academies, 'Catholic High School', catholic),
  sponsoredAcademy: secondaryKind(['28', 'Academy sponsor led'], academies, 'Academy'),
  nursery: {
    ...primaryKind(['15', 'Local authority nursery school'], laMaintained, 'Nursery School'),
    phase: ['1', 'Nursery'],
    ages: [[3, 5]],
    sixthForm: notApplicable,
    capacity: [60, 120],
    numbers: [1000, 1099],
  },
  special: {
    ...secondaryKind(['07', 'Community special school'], ['5', 'Special schools'], 'Special School'),
    phase: notApplicable,
    ages: [
      [2, 19],
      [4, 19],
    ],
    nursery: 'Not applicable',
    sixthForm: notApplicable,
    admissions: notApplicable,
    capacity: [80, 160],
    numbers: [7000, 7099],
  },
  pupilReferralUnit: {
    ...secondaryKind(['14', 'Pupil referral unit'], laMaintained, 'Pupil Referral Unit'),
    phase: notApplicable,
    ages: [[11, 16]],
    nursery: 'Not applicable',
    sixthForm: notApplicable,
    admissions: notApplicable,
    capacity: [30, 60],
    numbers: [1100, 1199],
  },
  independent: {
    ...secondaryKind(['11', 'Other independent school'], ['3', 'Independent schools'], 'Independent School', ['06', 'None']),
    phase: notApplicable,
    ages: [
      [3, 18],
      [7, 18],
    ],
    sixthForm,
    admissions: notApplicable,
    capacity: [300, 900],
    numbers: [6000, 6999],
  },
  allThrough: {
    ...secondaryKind(['35', 'Free schools'], freeSchools, 'All-through Free School'),
    phase: ['7', 'All-through'],
    ages: [[4, 18]],
    nursery: 'No Nursery Classes',
    sixthForm,
    capacity: [1200, 1800],
  },
  sixteenPlus: {
    ...secondaryKind(['39', 'Free schools 16 to 19'], freeSchools, '16-19 Free School'),
    phase: ['6', '16 plus'],
    ages: [[16, 19]],
    sixthForm,
    capacity: [400, 800],
    numbers: [4000, 4999],
  },
} satisfies Record<string, Kind>;
export type KindName = keyof typeof kinds;
