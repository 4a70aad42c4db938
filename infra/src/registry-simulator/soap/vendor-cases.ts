import type { businessGateway } from '@pds/land-register';

// The developer pack's vendor searches that name no title of the test environment, answered as the pack's documents
// say: several titles, none, too many. (Its searches for 99 Flake Avenue and 71 Allerburn Lea find the vendor titles
// ST500681 and ND66318 the environment holds, titles/vendor-titles.ts.) Where the pack gives no title for a result,
// the titles here are the test environment's.

type FoundTitle = businessGateway.FoundTitle;

const title = (titleNumber: string, tenureCode: string, number: string, street: string, city: string, postcode: string): FoundTitle => ({
  titleNumber,
  description: null,
  tenureCode,
  address: { buildingName: null, subBuildingName: null, buildingNumber: number, streetName: street, cityName: city, postcode },
});

export interface VendorSearch {
  /** Which request it answers. */
  matches: (a: businessGateway.SearchAddress) => boolean;
  answer: { kind: 'titles'; titles: FoundTitle[] } | { kind: 'refused'; code: string; reason: string };
}

const is = (value: string | undefined, wanted: string) => value?.trim().toUpperCase() === wanted.toUpperCase();

export const vendorSearches: readonly VendorSearch[] = [
  {
    matches: (a) => is(a.buildingName ?? a.buildingNumber, '27') && is(a.streetName, 'Church Road') && is(a.cityName, 'Exeter'),
    answer: {
      kind: 'titles',
      titles: [
        title('DN100', '10', '27', 'Church Road', 'Exeter', 'EX2 9AA'),
        title('DN10000', '20', '27', 'Church Road', 'Exeter', 'EX2 9AA'),
      ],
    },
  },
  {
    matches: (a) => is(a.cityName, 'Bristol'),
    answer: { kind: 'refused', code: 'bg.properties.nopropertyfound', reason: 'No properties found for the given search criteria.' },
  },
  {
    matches: (a) => is(a.cityName, 'Cardiff'),
    answer: { kind: 'refused', code: 'bg.properties.toomanyproperties', reason: 'Too many properties found; please refine the search.' },
  },
];

/** Message ids the pack's vendor tests use to have a request queued as out of hours (and, for the last, kept so). */
export const outOfHoursMessageIds = new Set(['pollST500681', 'pollND66318', 'polloutofhours']);
export const stillOutOfHoursMessageId = 'polloutofhours';
