import { readModels } from '@pds/contracts';
import type { SearchAddress } from './messages/search-by-property-description';

// How an address as people write it becomes Search by Property Description's parts. The developer pack's advice for
// the best hit rate: the house (its number, or its name when it has none) and the postcode, and for a flat its number
// as well; every part sent must match, so the street and town, which the registry may hold in other words, are sent
// only when there is no postcode. A house number's trailing letter is dropped ("70B" is searched as "70") and a
// floor's flat ("Ground Floor Flat") cannot be searched by it: both are the pack's rules.

const postcodePattern = /^[A-Z]{1,2}[0-9R][0-9A-Z]? [0-9][ABD-HJLNP-UW-Z]{2}$/;

/** A postcode in the registry's form, capitals with one space; null when it cannot be one. */
export const registryPostcode = (postcode: string): string | null => {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  const spaced = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return postcodePattern.test(spaced) ? spaced : null;
};

const houseNumber = (number: string): string => number.replace(/^(\d+)[A-Z]$/, '$1').slice(0, 50);

const titleCase = (words: readonly string[]): string => words.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(' ');

export const searchAddressOf = (address: string, postcode: string): SearchAddress | null => {
  const parts = readModels.addressParts(address);
  const code = registryPostcode(postcode);
  if (code === null) return null;
  const building = parts.building ?? parts;
  const [number] = building.numbers;
  const name = number === undefined && building.nameWords.length > 0 ? titleCase(building.nameWords).slice(0, 50) : undefined;
  const flat = parts.flat !== null && /^\d{1,5}$/.test(parts.flat) ? parts.flat : undefined;
  const buildingName = number !== undefined ? houseNumber(number) : name;
  if (buildingName === undefined && flat === undefined) return null;
  return { buildingName, buildingNumber: flat, postcode: code };
};
