import type { RegisteredTitle } from './registered-title';
import { simpleFreehold } from './registers/simple-freehold';

// Titles the developer pack's vendor tests name for results, held as titles of the test environment so that a search,
// an availability check, an order and its poll answer them as the pack says: ST500681 at 99 Flake Avenue, Torquay
// (Search by Property Description's test 1a; Official Copy OC1 tests 16 to 18: a register is issued, its title plan
// only by post) and ND66318 at 71 Allerburn Lea, Alnwick (search test 2a; OC1 tests 19 to 21: register and plan
// issued), and GR506405 (the Register Extract Service's main flow: register and plan as a ZIP with the summary). The
// pack gives no registers, proprietors, or addresses beyond the first two: those here are fictional (postcodes ending
// "9ZZ", a unit never issued), and the titles are kept apart from the environment's own.

const open = { status: 'open', applicationsPending: false, continuedUnderTitleNumber: null, referred: [] } as const;

export const vendorTitles: readonly RegisteredTitle[] = [
  {
    ...open,
    titleNumber: 'ST500681',
    tenure: 'freehold',
    country: 'England',
    uprns: [],
    address: '99 Flake Avenue, Torquay',
    postcode: 'TQ56 4HY',
    planAvailable: false,
    proprietors: [{ kind: 'individual', forenames: 'ALAN', surname: 'PICKERING' }],
    register: simpleFreehold({
      titleNumber: 'ST500681',
      county: 'TORBAY',
      district: 'TORBAY',
      office: 'Plymouth Office',
      described: '99 Flake Avenue, Torquay (TQ56 4HY)',
      edition: '2015-04-09',
      proprietor: 'ALAN PICKERING of 99 Flake Avenue, Torquay TQ56 4HY',
    }),
    purpose: "the developer pack's vendor title at 99 Flake Avenue: a register issued at once, its plan only by post",
  },
  {
    ...open,
    titleNumber: 'ND66318',
    tenure: 'freehold',
    country: 'England',
    uprns: [],
    address: '71 Allerburn Lea, Alnwick',
    postcode: 'NE66 9ZZ',
    planAvailable: true,
    proprietors: [{ kind: 'individual', forenames: 'JANET', surname: 'ROBSON' }],
    register: simpleFreehold({
      titleNumber: 'ND66318',
      county: 'NORTHUMBERLAND',
      district: 'NORTHUMBERLAND',
      office: 'Durham Office',
      described: '71 Allerburn Lea, Alnwick (NE66 9ZZ)',
      edition: '2011-11-22',
      proprietor: 'JANET ROBSON of 71 Allerburn Lea, Alnwick NE66 9ZZ',
    }),
    purpose: "the developer pack's vendor title at 71 Allerburn Lea: register and plan issued at once",
  },
  {
    ...open,
    titleNumber: 'GR506405',
    tenure: 'freehold',
    country: 'England',
    uprns: [],
    address: '12 Vendor Row, Gloucester',
    postcode: 'GL1 9ZZ',
    planAvailable: true,
    proprietors: [{ kind: 'individual', forenames: 'SUSAN', surname: 'HARTLEY' }],
    register: simpleFreehold({
      titleNumber: 'GR506405',
      county: 'GLOUCESTERSHIRE',
      district: 'GLOUCESTER',
      office: 'Gloucester Office',
      described: '12 Vendor Row, Gloucester (GL1 9ZZ)',
      edition: '2019-01-15',
      proprietor: 'SUSAN HARTLEY of 12 Vendor Row, Gloucester GL1 9ZZ',
    }),
    purpose: "the developer pack's Register Extract vendor title: register and plan, with the summary",
  },
];
