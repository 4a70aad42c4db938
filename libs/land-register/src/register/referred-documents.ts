import type { ExtractionReferredDocument } from '@pds/contracts';
import type { ClassifiedEntry } from './classify';
import { anyDatePattern, toIsoDate } from './dates';
import { entryRef } from './entries';
import type { LeaseParticulars } from './lease-particulars';

// The deeds a register refers to, the documents an OC2 order can fetch. A document is known by its type and date;
// every entry that names it ("the Conveyance dated 4 June 1962 referred to above") adds its entry number, the way the
// Register Extract Service lists `DocumentDetails{DocumentType, DocumentDate, EntryNumber[], FiledUnder}`. A
// "NOTE: Copy filed" in an entry belongs to the document the entry is about, the first one it names.

const documentTypes =
  'Deed of (?:Variation|Grant|Easement|Covenant|Rectification|Release|Surrender|Exchange|Postponement|Dedication|Gift)|Transfer|Conveyance|Assent|Assignment|Indenture|Underlease|Under-lease|Lease|Charge|Legal Charge|Agreement|Licence|Deed|Appointment|Vesting Assent|Mortgage';

const mentionPattern = new RegExp(
  `\\b(?:an?|the|said)\\s+(${documentTypes})\\b((?:(?!\\bdated\\b)[^.;]){0,200}?)\\bdated\\s+(${anyDatePattern})`,
  'gi',
);
const chargePattern = new RegExp(`^(?:REGISTERED CHARGE|CHARGE)\\b[^.]*?\\bdated\\s+(${anyDatePattern})`, 'i');
const filedPattern = /\bNOTE:? ?Copy filed(?: under ([A-Z]{1,3} ?\d{1,7}))?/i;
const undatedLeaseMention = /\bthe (?:registered )?Lease\b(?!\s+dated)/i;

const capitalise = (type: string) =>
  type
    .toLowerCase()
    .split(' ')
    .map((w, i) => (i === 0 || !['of'].includes(w) ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

interface Mention {
  readonly documentType: string;
  readonly date: string | null;
}

const mentionsIn = (entry: ClassifiedEntry): Mention[] => {
  const found: Mention[] = [];
  const charge = chargePattern.exec(entry.text);
  if (charge) found.push({ documentType: 'Charge', date: toIsoDate(charge[1]!) ?? charge[1]! });
  for (const m of entry.text.matchAll(mentionPattern)) {
    const documentType = capitalise(m[1]!.replace(/^Legal Charge$/i, 'Charge'));
    found.push({ documentType, date: toIsoDate(m[3]!) ?? m[3]! });
  }
  return found;
};

export const referredDocuments = (
  entries: readonly ClassifiedEntry[],
  titleNumber: string | null,
  lease: { entry: ClassifiedEntry; particulars: LeaseParticulars } | null,
): ExtractionReferredDocument[] => {
  const documents: ExtractionReferredDocument[] = [];
  const find = (documentType: string, date: string | null) => documents.find((d) => d.documentType === documentType && d.date === date);
  const note = (documentType: string, date: string | null, ref: string): ExtractionReferredDocument => {
    const known = find(documentType, date);
    if (known) {
      if (!known.entryNumbers.includes(ref)) known.entryNumbers.push(ref);
      return known;
    }
    const added = { documentType, date, filedUnder: null, entryNumbers: [ref] };
    documents.push(added);
    return added;
  };
  let previousCharge: ExtractionReferredDocument | null = null;
  for (const entry of entries) {
    const ref = entryRef(entry);
    const mentions = mentionsIn(entry);
    if (lease && entry === lease.entry)
      mentions.unshift({ documentType: 'Lease', date: lease.particulars.date ?? lease.particulars.printedDate });
    const noted = mentions.map((m) => note(m.documentType, m.date, ref));
    // The chargee entry under a charge names no date: it belongs to the charge just above it.
    if (entry.kind === 'chargee' && previousCharge && !previousCharge.entryNumbers.includes(ref)) previousCharge.entryNumbers.push(ref);
    if (entry.kind === 'charge') previousCharge = noted[0] ?? null;
    if (lease && entry !== lease.entry && noted.length === 0 && entry.register !== 'C' && undatedLeaseMention.test(entry.text)) {
      note('Lease', lease.particulars.date ?? lease.particulars.printedDate, ref);
    }
    const filed = filedPattern.exec(entry.text);
    const subject = noted[0];
    if (filed && subject && subject.filedUnder === null) {
      subject.filedUnder = filed[1]?.replace(/\s/g, '').toUpperCase() ?? titleNumber;
    }
  }
  for (const d of documents) d.entryNumbers.sort(compareRefs);
  return documents;
};

export const compareRefs = (a: string, b: string): number =>
  a.charAt(0).localeCompare(b.charAt(0)) || Number(a.slice(1)) - Number(b.slice(1));
