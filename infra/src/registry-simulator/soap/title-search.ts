import { businessGateway } from '@pds/land-register';
import { addressWords } from '../title-search';
import { numbersOf, registryAddressOf, type RegistryAddress } from '../titles/registry-address';
import type { RegisteredTitle } from '../titles/registered-title';

// How the registry test environment finds titles for Search by Property Description, by the developer pack's rules:
// enough of an address (a house or flat with the postcode, or with the street and town), a postcode it knows, then
// every part given must match: a number given as the building name or number is looked for among both the house's
// and the flat's numbers, a name or street word by word (a trailing `*` matches any ending), the postcode exactly.
// No title, or more than fifty, is a rejection. Closed titles are never found by a search.

export const maxTitles = 50;

type SearchAddress = businessGateway.SearchAddress;

export type SearchOutcome = { kind: 'found'; titles: RegisteredTitle[] } | { kind: 'refused'; code: string; reason: string };

const codes = businessGateway.searchRejectionCodes;

/** Postcodes the registry does not recognise: the pack's vendor test names one. */
const unknownPostcodes = new Set(['PL1 8XX']);

const wordsMatch = (given: string, held: string | null): boolean => {
  if (!held) return false;
  const heldWords = addressWords(held);
  const wildcard = given.trim().endsWith('*');
  const words = addressWords(given);
  return words.every((word, i) =>
    wildcard && i === words.length - 1 ? heldWords.some((h) => h.startsWith(word)) : heldWords.includes(word),
  );
};

const partMatches = (given: string, address: RegistryAddress): boolean =>
  /^\d+$/.test(given.trim())
    ? numbersOf(address).includes(given.trim())
    : wordsMatch(given, [address.subBuildingName, address.buildingName].filter(Boolean).join(' '));

const enough = (a: SearchAddress) => Boolean(a.buildingName || a.buildingNumber) && Boolean(a.postcode || (a.streetName && a.cityName));

export const searchTitles = (titles: readonly RegisteredTitle[], a: SearchAddress): SearchOutcome => {
  if (!enough(a)) {
    return {
      kind: 'refused',
      code: codes.insufficientAddress,
      reason: 'Please provide the flat or house with the postcode, or with the street and town.',
    };
  }
  if (a.postcode && unknownPostcodes.has(a.postcode))
    return { kind: 'refused', code: codes.invalidPostcode, reason: 'Please provide valid postcode' };
  const found = titles.filter((title) => {
    if (title.status !== 'open') return false;
    const address = registryAddressOf(title);
    if (a.postcode && address.postcode !== a.postcode) return false;
    if (a.streetName && !wordsMatch(a.streetName, address.streetName)) return false;
    if (a.cityName && !wordsMatch(a.cityName, address.cityName)) return false;
    return [a.buildingName, a.buildingNumber].every((given) => given === undefined || partMatches(given, address));
  });
  if (found.length === 0) {
    return {
      kind: 'refused',
      code: codes.noneFound,
      reason: 'No registered title was identified for the address given; this does not prove that no register exists.',
    };
  }
  if (found.length > maxTitles)
    return { kind: 'refused', code: codes.tooMany, reason: 'Too many properties match the address given; please refine the search.' };
  return { kind: 'found', titles: found };
};
