import { addYears, anyDatePattern, toIsoDate, wholeYearsBetween } from './dates';
import { splitNames } from './parties';

// "Short particulars of the lease(s) (or under-lease(s)) under which the land is held: Date : … Term : … Rent : …
// Parties : (1) … (2) …". The term is read into an end date so the years left can be told at the copy's date.

export interface LeaseParticulars {
  readonly printedDate: string | null;
  readonly date: string | null;
  readonly term: string | null;
  readonly rent: string | null;
  /** Names by party number: 1 the lessor, 2 the lessee, 3 and on other parties (often a management company). */
  readonly parties: readonly { readonly position: number; readonly name: string }[];
  /** YYYY-MM-DD the term ends, when the term could be read. */
  readonly endDate: string | null;
}

const field = (text: string, label: string, nextLabels: string): string | null => {
  const m = new RegExp(`\\b${label}\\s*:\\s*(.+?)(?=\\s+(?:${nextLabels})\\s*:|\\s+NOTE\\b|$)`, 'i').exec(text);
  return m ? m[1]!.trim().replace(/[.;,]$/, '') : null;
};

const termEnd = (term: string): string | null => {
  const until = new RegExp(`\\bto (?:and including )?(${anyDatePattern})`, 'i').exec(term);
  if (until) return toIsoDate(until[1]!);
  const m = new RegExp(`(\\d{1,4}) years?\\b.*?\\bfrom (?:and including |and excluding )?(${anyDatePattern})`, 'i').exec(term);
  const start = m ? toIsoDate(m[2]!) : null;
  return m && start ? addYears(start, Number(m[1])) : null;
};

export const readLeaseParticulars = (text: string): LeaseParticulars => {
  const printedDate = field(text, 'Date', 'Term|Rent|Parties');
  const term = field(text, 'Term', 'Date|Rent|Parties');
  const rent = field(text, 'Rent', 'Date|Term|Parties');
  const partiesText = field(text, 'Parties', 'Date|Term|Rent') ?? '';
  const parties = [...partiesText.matchAll(/\((\d)\)\s*([^()]+?)(?=\s*\(\d\)|$)/g)].flatMap((m) =>
    splitNames(m[2]!.trim().replace(/[.;,]$/, ''), false).map((name) => ({ position: Number(m[1]), name })),
  );
  const datePrinted = printedDate ? (new RegExp(anyDatePattern, 'i').exec(printedDate)?.[0] ?? printedDate) : null;
  return {
    printedDate: datePrinted,
    date: datePrinted ? toIsoDate(datePrinted) : null,
    term,
    rent,
    parties,
    endDate: term ? termEnd(term) : null,
  };
};

/** Whole years left on the term at `asAt`, or null when either date is unknown. */
export const yearsLeft = (lease: LeaseParticulars, asAt: string | null): number | null =>
  lease.endDate && asAt ? wholeYearsBetween(asAt, lease.endDate) : null;

export const leaseParties = (lease: LeaseParticulars) =>
  lease.parties.map(({ position, name }) => ({
    role: position === 1 ? 'lessor' : position === 2 ? 'lessee' : 'lease_party',
    name,
    address: null,
  }));
