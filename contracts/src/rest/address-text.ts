// Addresses as words, the same way on both sides: when the address dataset is loaded (its search words) and when a
// caller's address is read. Case and punctuation do not matter, the usual street abbreviations are read as the word
// (Rd, Road), and a house number keeps its letter (`2A`, `2 a` and `2a` are one word; never `2`).

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
  gr: 'grove',
  ter: 'terrace',
  terr: 'terrace',
  pde: 'parade',
  hse: 'house',
  apt: 'flat',
  apartment: 'flat',
};

/** The words of an address, normalised: lower case letters and digits only. */
export const addressWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    // `12 A` is the house 12A, not house 12 and a word "a"; `12-14` stays two numbers.
    .replace(/\b(\d+)\s+([a-z])\b(?!['’])/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => abbreviations[w] ?? w);

/** Royal Mail's fields are in capitals; shown as words are written (`294A` and `RG30 1AA` stay as they are). */
export const titleCase = (text: string): string =>
  text
    .toLowerCase()
    .replace(/(^|[\s,'(-])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\b(\d+)([a-z])\b/g, (_m, n: string, l: string) => n + l.toUpperCase());
