// Reading an address into the parts the one matching rule compares (address-match.ts). Addresses are written as
// assessors, HM Land Registry and AddressBase left them (`Flat 2`, `10 Oxford Road`, `Tilehurst`) and as callers please
// (`flat 2, 10 oxford rd, reading`): each is read into the same parts, and the parts are compared, not the text.
//
// 1. Upper case; apostrophes dropped (`Michael's` = `Michaels`); other punctuation separates words; commas separate
//    lines. `The` and `and` are ignored, and the usual abbreviations expanded (`Rd` = `Road`; `St` = `Street` at the
//    end of a line and `Saint` before a word).
// 2. The flat: `Flat`, `Apartment`, `Apt`, `Unit`, `Maisonette` or `Studio` and what follows (`Flat 2A`, `Flat B`), or a
//    floor (`Ground Floor Flat` = `Ground Flat`). With none of these, an address with two house numbers is a flat in a
//    numbered building: `2, 10 Oxford Road` is flat 2 of number 10. A flat of a named building with no house number is
//    that building's number: `Flat 70, Inglewood Court` = `70 Inglewood Court`. A flat's building is kept beside it.
// 3. House numbers with their letters and ranges, in order: `2A` = `2 a`, `10-12`; `2A` is never `2`.
// 4. The words left: the street's (the line with the house number, or the line after it) and a house or building name.

export interface AddressParts {
  flat: string | null;
  numbers: string[];
  /** Every word of the address. */
  words: ReadonlySet<string>;
  /** The words of the line with the house number (or, with none, of the line after it): the street. */
  streetWords: string[];
  /** The words of the first line with words and no house number before any number: a house or building name. */
  nameWords: string[];
  /** For a flat, the parts of the building it is in (the address without the flat); null for any other address. */
  building: AddressParts | null;
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
export const generic = new Set([
  'ROAD', 'STREET', 'AVENUE', 'CLOSE', 'DRIVE', 'GARDENS', 'CRESCENT', 'PLACE', 'SQUARE', 'LANE', 'COURT', 'TERRACE', 'GROVE',
  'PARK', 'WAY', 'WALK', 'HILL', 'VIEW', 'RISE', 'MEWS', 'ROW', 'GREEN', 'HOUSE', 'COTTAGES', 'NORTH', 'SOUTH', 'EAST', 'WEST',
  'UPPER', 'LOWER', 'SAINT',
]); // prettier-ignore

const floorFlat = /\b(BASEMENT|GROUND|FIRST|SECOND|THIRD|FOURTH|TOP|UPPER|LOWER)\s+(?:FLOOR\s+)?(?:FLAT|MAISONETTE)\b/;
/** The kinds of street: two addresses naming different ones are on different streets. */
export const streetTypes = new Set([
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

/** Reads an address's lines, taking out the flat (`Flat 2`, `Ground Floor Flat`), which it returns beside them. */
const linesOf = (address: string): { flat: string | null; lines: Line[] } => {
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
  return { flat, lines };
};

/** The parts of lines whose flat (if any) is known; `building`: the parts of the building the flat is in. */
const partsOf = (lines: Line[], flat: string | null, building: AddressParts | null): AddressParts => {
  const numbers = lines.flatMap((l) => l.numbers);
  let lastNumbered = -1;
  lines.forEach((l, i) => (lastNumbered = l.numbers.length > 0 ? i : lastNumbered));
  const streetLine = lastNumbered < 0 ? undefined : lines[lastNumbered]!.words.length > 0 ? lines[lastNumbered] : lines[lastNumbered + 1];
  const firstNumbered = lastNumbered < 0 ? lines.length : lines.findIndex((l) => l.numbers.length > 0);
  const nameLine = lines.slice(0, firstNumbered).find((l) => l.words.length > 0);
  const words = new Set(lines.flatMap((l) => l.words));
  if (flat !== null && numbers.length === 0) {
    // `Flat 70, Inglewood Court` is `70 Inglewood Court`: the flat numbers a named building.
    return { flat: null, numbers: [flat], words, streetWords: nameLine?.words ?? [], nameWords: [], building };
  }
  return { flat, numbers, words, streetWords: streetLine?.words ?? [], nameWords: nameLine?.words ?? [], building };
};

/** Reads an address (comma-separated lines, or one line) into the parts matching compares. */
export const addressParts = (address: string): AddressParts => {
  const { flat, lines } = linesOf(address);
  if (flat !== null) return partsOf(lines, flat, partsOf(lines, null, null));
  const numbered = lines.filter((l) => l.numbers.length > 0);
  if (lines.flatMap((l) => l.numbers).length < 2) return partsOf(lines, null, null);
  // `2, 10 Oxford Road`: two numbers and no flat word; the first number is the flat's, in the building the rest name.
  const [first] = numbered;
  const implicit = first!.numbers[0]!;
  const rest = lines
    .map((l) => (l === first ? { numbers: l.numbers.slice(1), words: l.words } : l))
    .filter((l) => l.numbers.length > 0 || l.words.length > 0);
  return partsOf(rest, implicit, partsOf(rest, null, null));
};
