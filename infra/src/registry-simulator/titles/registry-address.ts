import type { RegisteredTitle } from './registered-title';

// A title's address as Business Gateway returns it from a search: the flat (SubBuildingName), the building's name,
// the house number with its street, and the rest as the town. Read from the address the dataset holds, written as
// the property register describes the land ("Flat 7, Hawthorn Court, 22 Ellery Road, London"), so that the address
// a search returns joins back to exactly that line.

export interface RegistryAddress {
  subBuildingName: string | null;
  buildingName: string | null;
  buildingNumber: string | null;
  streetName: string | null;
  cityName: string | null;
  postcode: string;
}

const numbered = /^(\d+[A-Z]?)\s+(.+)$/i;
const flat = /^(flat|apartment|unit)\s+\S+$/i;

export const registryAddressOf = (title: Pick<RegisteredTitle, 'address' | 'postcode'>): RegistryAddress => {
  const parts = title.address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const streetAt = parts.findIndex((p) => numbered.test(p));
  const before = streetAt < 0 ? parts.slice(0, 1) : parts.slice(0, streetAt);
  const after = streetAt < 0 ? parts.slice(1) : parts.slice(streetAt + 1);
  const street = streetAt < 0 ? null : numbered.exec(parts[streetAt]!);
  const sub = before.length > 0 && flat.test(before[0]!) ? before[0]! : null;
  const names = sub ? before.slice(1) : before;
  return {
    subBuildingName: sub,
    buildingName: names.length > 0 ? names.join(', ') : null,
    buildingNumber: street ? street[1]! : null,
    streetName: street ? street[2]! : null,
    cityName: after.length > 0 ? after.join(', ') : null,
    postcode: title.postcode,
  };
};

/** Every number in the address, the house's and the flat's: the registry looks for a number given in either. */
export const numbersOf = (address: RegistryAddress): string[] =>
  [address.subBuildingName, address.buildingName, address.buildingNumber].flatMap((part) => (part ?? '').match(/\d+/g) ?? []);
