// Matching an address to the certificates of one postcode. Certificates write addresses as assessors and the register's
// address matching left them (`Flat 2`, `10 Oxford Road`, `Tilehurst`); callers write them as they please (`flat 2, 10
// oxford rd, reading`). Both are read into the same parts, and the parts are compared, not the text:
//
// 1. Upper case; apostrophes dropped (`Michael's` = `Michaels`); other punctuation separates words; commas separate
//    lines. `The` and `and` are ignored, and the usual abbreviations expanded (`Rd` = `Road`; `St` = `Street` at the
//    end of a line and `Saint` before a word).
// 2. The flat: `Flat`, `Apartment`, `Apt`, `Unit`, `Maisonette` or `Studio` and what follows (`Flat 2A`, `Flat B`), or a
//    floor (`Ground Floor Flat` = `Ground Flat`). With none of these, an address with two house numbers is a flat in a
//    numbered building: `2, 10 Oxford Road` is flat 2 of number 10. A flat of a named building with no house number is
//    that building's number: `Flat 70, Inglewood Court` = `70 Inglewood Court`.
// 3. House numbers with their letters and ranges, in order: `2A` = `2 a`, `10-12`; `2A` is never `2`.
// 4. The words left. A numbered house needs one of the distinctive words of the certificate's street line (a word that
//    is not a street type such as Road or Close; with none, such as `The Green`, the caller's street line must be the
//    same words), and when both name the kind of street, the same kind (`12 Foo Road` is not `12 Foo Close`); a named
//    house needs every word of the certificate's house name. A caller's extra words (the town, the county) do not
//    matter.
//
// The flat and the house numbers must be equal. Two certificates are of one property when both carry a UPRN and it is
// the same, or when one of them carries none and their addresses match.

export interface AddressParts {
  flat: string | null;
  numbers: string[];
  /** Every word of the address. */
  words: ReadonlySet<string>;
  /** The words of the line with the house number (or, with none, of the line after it): the street. */
  streetWords: string[];
  /** The words of the first line with words and no house number before any number: a house or building name. */
  nameWords: string[];
}

const flatWords = new Set(['FLAT', 'APARTMENT', 'APT', 'UNIT', 'MAISONETTE', 'STUDIO']);
const ignored = new Set(['THE', 'AND']);

const abbreviations: Readonly<Record<string, string>> = {
  RD: 'ROAD',
  AVE: 'AVENUE',
  AV: 'AVENUE',
  CL: 'CLOSE',
  DR: 'DRIVE',
  GDNS: 'GARDENS',
  CRES: 'CRESCENT',
  CRESC: 'CRESCENT',
  PL: 'PLACE',
  SQ: 'SQUARE',
  LN: 'LANE',
  CT: 'COURT',
  TER: 'TERRACE',
  TERR: 'TERRACE',
  GRO: 'GROVE',
  GRV: 'GROVE',
  PK: 'PARK',
  HSE: 'HOUSE',
  CTGS: 'COTTAGES',
  NTH: 'NORTH',
  STH: 'SOUTH',
  UPR: 'UPPER',
  LWR: 'LOWER',
  MT: 'MOUNT',
};

/** Words that name a kind of street or building rather than which one: never enough on their own. */
const generic = new Set([
  'ROAD', 'STREET', 'AVENUE', 'CLOSE', 'DRIVE', 'GARDENS', 'CRESCENT', 'PLACE', 'SQUARE', 'LANE', 'COURT', 'TERRACE', 'GROVE',
  'PARK', 'WAY', 'WALK', 'HILL', 'VIEW', 'RISE', 'MEWS', 'ROW', 'GREEN', 'HOUSE', 'COTTAGES', 'NORTH', 'SOUTH', 'EAST', 'WEST',
  'UPPER', 'LOWER', 'SAINT',
]); // prettier-ignore

const floorFlat = /\b(BASEMENT|GROUND|FIRST|SECOND|THIRD|FOURTH|TOP|UPPER|LOWER)\s+(?:FLOOR\s+)?(?:FLAT|MAISONETTE)\b/;
/** The kinds of street: two addresses naming different ones are on different streets. */
const streetTypes = new Set([
  'ROAD', 'STREET', 'AVENUE', 'CLOSE', 'DRIVE', 'GARDENS', 'CRESCENT', 'PLACE', 'SQUARE', 'LANE', 'COURT', 'TERRACE', 'GROVE', 'WAY',
  'WALK', 'HILL', 'RISE', 'MEWS', 'ROW', 'GREEN', 'PARK', 'VIEW',
]); // prettier-ignore

const numberToken = /^\d+[A-Z]?(-\d+[A-Z]?)?$/;

/** A line's tokens: upper case, apostrophes dropped, a number and a lone letter after it joined (`2 A` → `2A`). */
const tokensOf = (line: string): string[] => {
  const raw = line
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/(\d)\s*-\s*(\d)/g, '$1-$2')
    .replace(/[^A-Z0-9-]+/g, ' ')
    .replace(/(^|\s)-|-(\s|$)/g, ' ')
    .replace(/([A-Z])-([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter((t) => t !== '');
  const tokens: string[] = [];
  for (const t of raw) {
    const previous = tokens.at(-1);
    if (previous !== undefined && /^\d+$/.test(previous) && /^[A-Z]$/.test(t)) tokens[tokens.length - 1] = `${previous}${t}`;
    else tokens.push(t);
  }
  return tokens;
};

const wordOf = (token: string, next: string | undefined): string => {
  if (token === 'ST') return next !== undefined && !numberToken.test(next) ? 'SAINT' : 'STREET';
  return abbreviations[token] ?? token;
};

interface Line {
  numbers: string[];
  words: string[];
}

/** Reads an address (comma-separated lines, or one line) into the parts matching compares. */
export const addressParts = (address: string): AddressParts => {
  let flat: string | null = null;
  const lines: Line[] = [];
  for (const text of address.split(',')) {
    // `Ground Floor Flat`, `First Floor Maisonette`: the floor names the flat.
    const floor = floorFlat.exec(text.toUpperCase());
    if (floor && flat === null) flat = `${floor[1]} FLOOR`;
    const tokens = tokensOf(floor ? text.toUpperCase().replace(floorFlat, ' ') : text);
    const line: Line = { numbers: [], words: [] };
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const next = tokens[i + 1];
      if (flat === null && flatWords.has(token) && next !== undefined && /^[A-Z0-9]{1,6}$/.test(next) && !flatWords.has(next)) {
        flat = next;
        i++;
      } else if (numberToken.test(token)) line.numbers.push(token);
      else if (!ignored.has(token)) line.words.push(wordOf(token, next));
    }
    if (line.numbers.length > 0 || line.words.length > 0) lines.push(line);
  }
  let numbers = lines.flatMap((l) => l.numbers);
  if (flat === null && numbers.length >= 2) {
    // `2, 10 Oxford Road`: the first number is the flat's.
    flat = numbers[0]!;
    numbers = numbers.slice(1);
  }
  let lastNumbered = -1;
  lines.forEach((l, i) => (lastNumbered = l.numbers.length > 0 ? i : lastNumbered));
  const streetLine = lastNumbered < 0 ? undefined : lines[lastNumbered]!.words.length > 0 ? lines[lastNumbered] : lines[lastNumbered + 1];
  const firstNumbered = lastNumbered < 0 ? lines.length : lines.findIndex((l) => l.numbers.length > 0);
  const nameLine = lines.slice(0, firstNumbered).find((l) => l.words.length > 0);
  const words = new Set(lines.flatMap((l) => l.words));
  if (flat !== null && numbers.length === 0) {
    // `Flat 70, Inglewood Court` is `70 Inglewood Court`: the flat numbers a named building.
    return { flat: null, numbers: [flat], words, streetWords: nameLine?.words ?? [], nameWords: [] };
  }
  return { flat, numbers, words, streetWords: streetLine?.words ?? [], nameWords: nameLine?.words ?? [] };
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a caller's address is the certificate's address (both within the same postcode). */
export const addressMatches = (asked: AddressParts, certificate: AddressParts): boolean => {
  if (asked.flat !== certificate.flat || !sameList(asked.numbers, certificate.numbers)) return false;
  if (certificate.numbers.length === 0) {
    const name = certificate.nameWords.length > 0 ? certificate.nameWords : [...certificate.words];
    return name.length > 0 && name.every((w) => asked.words.has(w));
  }
  const distinctive = certificate.streetWords.filter((w) => !generic.has(w));
  if (distinctive.length > 0) {
    // `12 Foo Road` is not `12 Foo Close`: when both say what kind of street, they must say the same.
    const types = certificate.streetWords.filter((w) => streetTypes.has(w));
    const askedTypes = [...asked.words].some((w) => streetTypes.has(w));
    return distinctive.some((w) => asked.words.has(w)) && (types.length === 0 || !askedTypes || types.every((t) => asked.words.has(t)));
  }
  // A street of generic words only (`The Green`): the caller's street line must be those words, no more.
  return sameList([...asked.streetWords].sort(), [...certificate.streetWords].sort());
};

/** Certificates of one postcode, by the parts compared. */
export interface AddressCandidate {
  uprn: string | null;
  parts: AddressParts;
}

export type PropertyMatch<C extends AddressCandidate> =
  { kind: 'none' } | { kind: 'one'; certificates: C[] } | { kind: 'several'; properties: Array<{ uprn: string; certificates: C[] }> };

/**
 * The property an address names among a postcode's certificates: those that match it, taken with every certificate
 * carrying the same UPRN as one of them (an older certificate may spell the address otherwise). Matches carrying
 * different UPRNs are different properties.
 */
export const propertyByAddress = <C extends AddressCandidate>(asked: AddressParts, candidates: readonly C[]): PropertyMatch<C> => {
  const matched = candidates.filter((c) => addressMatches(asked, c.parts));
  if (matched.length === 0) return { kind: 'none' };
  const uprns = [...new Set(matched.flatMap((c) => (c.uprn === null ? [] : [c.uprn])))];
  if (uprns.length <= 1) {
    const uprn = uprns[0];
    return {
      kind: 'one',
      certificates: candidates.filter((c) => (uprn !== undefined && c.uprn === uprn) || (c.uprn === null && matched.includes(c))),
    };
  }
  return { kind: 'several', properties: uprns.map((uprn) => ({ uprn, certificates: candidates.filter((c) => c.uprn === uprn) })) };
};

/**
 * The certificates of the property a UPRN names: those carrying it, and those of the same postcodes carrying no UPRN
 * whose address matches one of theirs.
 */
export const propertyByUprn = <C extends AddressCandidate>(uprn: string, candidates: readonly C[]): C[] => {
  const carrying = candidates.filter((c) => c.uprn === uprn);
  return candidates.filter((c) => c.uprn === uprn || (c.uprn === null && carrying.some((k) => addressMatches(c.parts, k.parts))));
};
