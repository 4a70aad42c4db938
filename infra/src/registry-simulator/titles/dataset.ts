import { sampleFreeholdWithCharges, sampleLeaseholdFlat, sampleUnusualRegister } from '@pds/land-register';
import type { RegisteredProprietor, RegisteredTitle } from './registered-title';
import { oxfordRoad194, oxfordRoad250, oxfordRoad250Rear } from './registers/demo-region';
import { hawthornCourtFreehold } from './registers/hawthorn-court-freehold';
import { heolYFelin } from './registers/heol-y-felin';
import { marketPlaceShop } from './registers/market-place-shop';
import { orchardHouse, orchardHouseClosed } from './registers/orchard-house';
import { quarryBank } from './registers/quarry-bank';
import { vendorTitles } from './vendor-titles';

// The registry test environment's titles: fixed data, so every run answers the same. Addresses, postcodes and
// proprietors are fictional (postcodes end "9ZZ", a unit not issued); UPRNs are invented. The last three are in the
// demo region instead: real Price Paid addresses with fictional registers, and the demo region's synthetic UPRNs (the
// rule of infra/demo-data/src/synthetic-uprn.ts; test/demo checks they agree), so the boundary lookup and the
// title lookup answer the demo data.

const person = (forenames: string, surname: string): RegisteredProprietor => ({ kind: 'individual', forenames, surname });
const company = (name: string): RegisteredProprietor => ({
  kind: 'organisation',
  name,
  organisationType: 'LIMITED_COMPANY_OR_PUBLIC_LIMITED_COMPANY',
  companyLocation: 'ENGLAND_OR_WALES',
});

const open = { status: 'open', applicationsPending: false, continuedUnderTitleNumber: null, planAvailable: true } as const;

export const registeredTitles: readonly RegisteredTitle[] = [
  {
    ...open,
    titleNumber: 'BK509231',
    proprietors: [person('DAVID ALAN', 'PRESCOTT'), person('HANNAH MAY', 'PRESCOTT')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['100081240517'],
    address: '14 Larkspur Close, Wokingham',
    postcode: 'RG40 9ZZ',
    register: sampleFreeholdWithCharges,
    referred: [
      { type: 'Conveyance', date: '1962-06-04', entryNumbers: ['A2', 'C1', 'C2'], available: true, planOnly: false },
      { type: 'Deed of Variation', date: '1998-09-17', entryNumbers: ['C3'], available: true, planOnly: false },
    ],
    purpose: 'a freehold house with two mortgages: the ordinary order',
  },
  {
    ...open,
    titleNumber: 'NGL918273',
    proprietors: [person('PRIYA NANDINI', 'RAO')],
    tenure: 'leasehold',
    country: 'England',
    uprns: ['5022140771'],
    address: 'Flat 7, Hawthorn Court, 22 Ellery Road, London',
    postcode: 'NW5 9ZZ',
    register: sampleLeaseholdFlat,
    referred: [{ type: 'Lease', date: '2005-06-30', entryNumbers: ['A2', 'A4', 'A5', 'B3'], available: true, planOnly: false }],
    purpose: 'a leasehold flat; with its block NGL402216, an address search with two candidates',
  },
  {
    ...open,
    titleNumber: 'NGL402216',
    proprietors: [company('ELLERY ROAD ESTATES LIMITED')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['5022140700'],
    address: 'Hawthorn Court, 22 Ellery Road, London',
    postcode: 'NW5 9ZZ',
    register: hawthornCourtFreehold,
    referred: [{ type: 'Lease', date: '2005-06-30', entryNumbers: ['C1'], available: true, planOnly: false }],
    purpose: "the freehold of the flat's block, at the same postcode",
  },
  {
    ...open,
    titleNumber: 'CH682140',
    proprietors: [person('THOMAS EDWARD', 'ASHWORTH'), person('JOANNE CLAIRE', 'ASHWORTH')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['100010476238'],
    address: '5 Quarry Bank, Bollington, Macclesfield',
    postcode: 'SK10 9ZZ',
    applicationsPending: true,
    // The pending applications include a transfer of part of the garden: the plan is being redrawn.
    planAvailable: false,
    register: quarryBank,
    referred: [{ type: 'Transfer', date: '1976-05-14', entryNumbers: ['C1'], available: true, planOnly: false }],
    purpose: 'applications pending: an order needs backdatedCopyConfirmed; no title plan can be issued meanwhile',
  },
  {
    titleNumber: 'WSX118204',
    proprietors: [person('MARGARET ROSE', 'FENWICK')],
    status: 'closed',
    tenure: 'freehold',
    country: 'England',
    uprns: ['100061922517'],
    address: 'Orchard House, 3 Mill Lane, Steyning',
    postcode: 'BN44 9ZZ',
    applicationsPending: false,
    continuedUnderTitleNumber: 'WSX402781',
    register: orchardHouseClosed,
    planAvailable: false,
    referred: [],
    purpose: 'a closed title continued under WSX402781: described, never ordered, not found by searches',
  },
  {
    ...open,
    titleNumber: 'WSX402781',
    proprietors: [person('MARGARET ROSE', 'FENWICK')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['100061922517'],
    address: 'Orchard House, 3 Mill Lane, Steyning',
    postcode: 'BN44 9ZZ',
    register: orchardHouse,
    referred: [{ type: 'Conveyance', date: '1931-04-02', entryNumbers: ['C1'], available: true, planOnly: false }],
    purpose: 'the open title WSX118204 continues under',
  },
  {
    ...open,
    titleNumber: 'WT371956',
    proprietors: [person('ALISON JANE', 'WHITLOCK')],
    tenure: 'leasehold',
    country: 'England',
    uprns: ['100121047735'],
    address: '41 Market Place, Devizes',
    postcode: 'SN10 9ZZ',
    register: marketPlaceShop,
    referred: [
      { type: 'Lease', date: '2011-04-12', entryNumbers: ['A2', 'A4'], available: true, planOnly: false },
      { type: 'Conveyance', date: '1958-11-03', entryNumbers: ['A3', 'C1'], available: false, planOnly: false },
      { type: 'Deed of Grant', date: '1996-08-20', entryNumbers: ['A5'], available: true, planOnly: true },
    ],
    purpose: 'a title plan and referred documents: one not available, one of which only the plan is filed',
  },
  {
    ...open,
    titleNumber: 'CYM604817',
    proprietors: [person('RHIANNON ELERI', 'MORGAN'), person('DAFYDD HUW', 'MORGAN')],
    tenure: 'freehold',
    country: 'Wales',
    uprns: ['10002515320'],
    address: '9 Heol y Felin, Rhiwbina, Cardiff',
    postcode: 'CF14 9ZZ',
    register: heolYFelin,
    referred: [{ type: 'Transfer', date: '1984-05-11', entryNumbers: ['C1'], available: true, planOnly: false }],
    purpose: 'a Welsh title',
  },
  {
    ...open,
    titleNumber: 'WYK736104',
    proprietors: [person('GARETH OWEN', 'PRICE')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['10010186524'],
    address: 'Land on the north side of Moorcock Lane, Hebden Bridge',
    postcode: 'HX7 9ZZ',
    register: sampleUnusualRegister,
    referred: [],
    purpose: 'the unusual register: possessory title, a caution, garbled and undated entries, a page break inside an entry',
  },
  {
    ...open,
    titleNumber: 'BK301194',
    proprietors: [person('MARGARET ANNE', 'FENWICK')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['993262081585'],
    address: '194 Oxford Road, Reading',
    postcode: 'RG30 1AA',
    register: oxfordRoad194,
    referred: [],
    purpose: 'the demo region: a house with one freehold title (the boundary lookup matches it)',
  },
  {
    ...open,
    titleNumber: 'BK302250',
    proprietors: [person('DAVID', 'OKONKWO'), person('PRIYA', 'OKONKWO')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['995106020908'],
    address: '250 Oxford Road, Reading',
    postcode: 'RG30 1AB',
    register: oxfordRoad250,
    referred: [],
    purpose: 'the demo region: a house with two freehold titles (with BK302251): the boundary lookup asks which',
  },
  {
    ...open,
    titleNumber: 'BK302251',
    proprietors: [person('DAVID', 'OKONKWO'), person('PRIYA', 'OKONKWO')],
    tenure: 'freehold',
    country: 'England',
    uprns: ['995106020908'],
    address: 'Land at the rear of 250 Oxford Road, Reading',
    postcode: 'RG30 1AB',
    register: oxfordRoad250Rear,
    referred: [],
    purpose: 'the demo region: the second freehold title of 250 Oxford Road',
  },
];

/** Every title the registry answers: its own, and the developer pack's vendor test titles (vendor-titles.ts). */
export const allTitles: readonly RegisteredTitle[] = [...registeredTitles, ...vendorTitles];

const byNumber = new Map(allTitles.map((t) => [t.titleNumber, t]));

export const titleByNumber = (titleNumber: string): RegisteredTitle | undefined =>
  byNumber.get(titleNumber.replace(/\s/g, '').toUpperCase());
