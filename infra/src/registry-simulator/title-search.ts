// How the registry compares the words of an address: case, punctuation and the usual street abbreviations do not
// matter (soap/title-search.ts uses it to match a search's parts).

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

export const addressWords = (address: string): string[] =>
  address
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => abbreviations[word] ?? word);
