import type { TitleCandidate, TitleSearch } from '@pds/land-register';
import type { RegisteredTitle } from './titles/registered-title';

// How the registry finds titles. A UPRN matches exactly. An address matches within its postcode (compared in
// capitals without spaces) when every word of the address given (house number or name, street, and the town if
// given, even its postcode) is a word of the title's address; case, punctuation and the usual street abbreviations do not matter.
// Closed titles are not found by a search: they are reached by their number, from an older copy or a continuation.

const abbreviations: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  cl: 'close',
  ct: 'court',
  ln: 'lane',
  pl: 'place',
  sq: 'square',
  dr: 'drive',
  cres: 'crescent',
  gdns: 'gardens',
  ter: 'terrace',
};

export const postcodeKey = (postcode: string): string => postcode.replace(/\s+/g, '').toUpperCase();

export const addressWords = (address: string): string[] =>
  address
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => abbreviations[word] ?? word);

export const addressMatches = (searched: string, titleAddress: string): boolean => {
  const wanted = addressWords(searched);
  if (wanted.length === 0) return false;
  const held = new Set(addressWords(titleAddress));
  return wanted.every((word) => held.has(word));
};

export const candidateOf = (title: RegisteredTitle): TitleCandidate => ({
  titleNumber: title.titleNumber,
  tenure: title.tenure,
  matchedAddress: `${title.address} ${title.postcode}`,
});

export const findTitles = (titles: readonly RegisteredTitle[], search: TitleSearch): RegisteredTitle[] =>
  titles.filter((title) => {
    if (title.status !== 'open') return false;
    if ('uprn' in search) return title.uprns.includes(search.uprn.trim());
    return (
      postcodeKey(title.postcode) === postcodeKey(search.postcode) && addressMatches(search.address, `${title.address} ${title.postcode}`)
    );
  });
