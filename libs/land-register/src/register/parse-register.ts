import type { ExtractionData, ExtractionParty } from '@pds/contracts';
import { ClassifiedEntry, classifyEntry } from './classify';
import { entryRef, ParsedEntry, parseEntries } from './entries';
import { orderEnquiries } from './enquiries';
import { leaseParties, LeaseParticulars, readLeaseParticulars } from './lease-particulars';
import { excerpt, isGarbled, registerLines } from './lines';
import { partiesFrom } from './parties';
import { raiseEnquiries } from './raise-enquiries';
import { referredDocuments } from './referred-documents';
import type { RegisterLetter } from './register';
import { Charge, rightsAndBurdens } from './rights';
import { registerNames, splitSections } from './sections';
import {
  administrativeAreaIn,
  classOfTitleIn,
  emptyTitle,
  headerFacts,
  propertyDescriptionOf,
  tenureOf,
  withoutIntroduction,
} from './title';

// Reads the text of an official copy of the register (as a PDF text extractor returns it) into the extraction data
// of the spec. It never throws: whatever it cannot read becomes a warning, and an entry it cannot read also becomes
// an enquiry, because a conveyancer has to read that entry by hand.

const letters: readonly RegisterLetter[] = ['A', 'B', 'C'];

const partyRoles: Partial<Record<ClassifiedEntry['kind'], { role: string; after: RegExp }>> = {
  proprietor: { role: 'proprietor', after: /^PROPRIETORS?\s?:\s*/i },
  chargee: { role: 'chargee', after: /^PROPRIETORS?\s?:\s*/i },
  notice_beneficiary: { role: 'notice_beneficiary', after: /^BENEFICIAR(?:Y|IES)\s?:\s*/i },
  caution: { role: 'cautioner', after: /^CAUTION\b.*?\bin favour of\s+/i },
  notice: { role: 'notice_beneficiary', after: /^.*?\bin favour of\s+/i },
};

const partiesOfEntry = (entry: ClassifiedEntry): ExtractionParty[] => {
  const spec = partyRoles[entry.kind];
  if (!spec || !spec.after.test(entry.text)) return [];
  const body = entry.text.replace(spec.after, '').replace(/\s+NOTE\b.*$/i, '');
  return partiesFrom(body).map((p) => ({ role: spec.role, name: p.name, address: p.address }));
};

const chargesIn = (entries: readonly ClassifiedEntry[], parties: Map<string, ExtractionParty[]>): Charge[] => {
  const charges: { refs: string[]; date: string | null; printedDate: string | null; chargee: string | null }[] = [];
  for (const entry of entries) {
    if (entry.kind === 'charge') {
      const printed = /\bdated\s+(\d{1,2}(?:st|nd|rd|th)? [A-Za-z]+ \d{4}|\d{1,2}\.\d{1,2}\.\d{4})/i.exec(entry.text)?.[1] ?? null;
      const inline = /\bProprietor\s?:\s*(.+)$/i.exec(entry.text);
      const chargee = inline ? (partiesFrom(inline[1]!)[0]?.name ?? null) : null;
      charges.push({ refs: [entryRef(entry)], date: null, printedDate: printed, chargee });
      continue;
    }
    const last = charges[charges.length - 1];
    if (entry.kind === 'chargee' && last && last.chargee === null) {
      last.refs.push(entryRef(entry));
      last.chargee = (parties.get(entryRef(entry)) ?? []).map((p) => p.name).join(' and ') || null;
    }
  }
  return charges;
};

const failed = (reason: string): ExtractionData => ({
  title: null,
  parties: [],
  rightsAndBurdens: [],
  referredDocuments: [],
  enquiries: [],
  warnings: [reason],
});

// A long register runs to tens of thousands of characters; anything far beyond is not a register and is cut short
// so that no pattern below can be made to run for long.
const textCharsMax = 1_000_000;

const parseText = (fullText: string): ExtractionData => {
  const text = fullText.length > textCharsMax ? fullText.slice(0, textCharsMax) : fullText;
  const lines = registerLines(text);
  if (lines.length === 0) return failed('The text is empty: no register could be read.');
  const warnings: string[] =
    fullText.length > textCharsMax ? [`The text is longer than ${textCharsMax} characters; only the start was read.`] : [];
  const sections = splitSections(lines);
  // The header comes before the property register; an entry's "title number NGL402216" is another title's.
  const headerEnd = text.search(/\bA ?:? ?Property Register\b/i);
  const inHeader = headerFacts((headerEnd > 0 ? text.slice(0, headerEnd) : text).replace(/\s+/g, ' '));
  const anywhere = headerFacts(text.replace(/\s+/g, ' '));
  const header = {
    titleNumber: inHeader.titleNumber ?? anywhere.titleNumber,
    editionDate: inHeader.editionDate ?? anywhere.editionDate,
    officialCopyDate: inHeader.officialCopyDate ?? anywhere.officialCopyDate,
  };
  for (const line of sections.header)
    if (isGarbled(line)) warnings.push(`A line before the Property Register could not be read: "${excerpt(line, 60)}"`);
  if (header.titleNumber === null) warnings.push('No title number was found.');
  if (header.editionDate === null) warnings.push('No edition date was found.');

  const missingSections: RegisterLetter[] = [];
  const parsed: ParsedEntry[] = [];
  const preambles: Record<RegisterLetter, string> = { A: '', B: '', C: '' };
  for (const letter of letters) {
    const sectionLines = sections.registers[letter];
    if (sectionLines === null) {
      missingSections.push(letter);
      warnings.push(`The ${registerNames[letter]} (${letter}) was not found.`);
      continue;
    }
    const register = parseEntries(letter, sectionLines);
    warnings.push(...register.warnings);
    parsed.push(...register.entries);
    preambles[letter] = withoutIntroduction(register.preamble);
    if (register.entries.length === 0 && letter !== 'C') warnings.push(`The ${registerNames[letter]} (${letter}) has no entries.`);
  }

  const area = administrativeAreaIn(preambles.A);
  const cls = classOfTitleIn(preambles.B);
  for (const [letter, rest] of [
    ['A', area.rest],
    ['B', cls.rest],
    ['C', preambles.C],
  ] as const)
    if (rest !== '') warnings.push(`${letter} register: text before the first entry was not recognised: "${excerpt(rest, 60)}"`);
  if (sections.registers.B !== null && cls.classOfTitle === null) warnings.push('No class of title was found.');
  for (const schedule of sections.schedules)
    warnings.push(`"${schedule.heading}" follows the registers and was not itemised; read it on the copy.`);
  if (!sections.ended) warnings.push('The text does not reach "End of register": the copy may be incomplete.');

  const entries = parsed.map(classifyEntry);
  for (const entry of entries) {
    if (entry.kind === 'garbled')
      warnings.push(`${entryRef(entry)}: the entry text is garbled and could not be read: "${excerpt(entry.text, 40)}"`);
    if (entry.kind === 'unknown') warnings.push(`${entryRef(entry)}: entry not recognised: "${excerpt(entry.text, 60)}"`);
  }

  const leaseEntry = entries.find((e) => e.kind === 'lease_particulars' && e.register === 'A');
  const lease: { entry: ClassifiedEntry; particulars: LeaseParticulars } | null = leaseEntry
    ? { entry: leaseEntry, particulars: readLeaseParticulars(leaseEntry.text) }
    : null;
  const partiesByRef = new Map<string, ExtractionParty[]>();
  for (const entry of entries) {
    const found = entry === leaseEntry && lease ? leaseParties(lease.particulars) : partiesOfEntry(entry);
    if (found.length > 0) partiesByRef.set(entryRef(entry), found);
  }
  const charges = chargesIn(entries, partiesByRef);

  const description = entries.find((e) => e.kind === 'property_description');
  const tenure = tenureOf(description) ?? (lease || cls.classOfTitle?.toLowerCase().includes('leasehold') ? 'Leasehold' : null);
  const title = {
    ...emptyTitle(),
    titleNumber: header.titleNumber,
    editionDate: header.editionDate,
    classOfTitle: cls.classOfTitle,
    tenure,
    administrativeArea: area.area,
    propertyDescription: propertyDescriptionOf(description),
  };
  const placed = raiseEnquiries({
    entries,
    missingSections,
    classOfTitle: cls.classOfTitle,
    proprietorCount: entries.filter((e) => e.kind === 'proprietor').reduce((n, e) => n + (partiesByRef.get(entryRef(e))?.length ?? 0), 0),
    charges,
    lease,
    asAt: header.officialCopyDate ?? (header.editionDate && /^\d{4}-/.test(header.editionDate) ? header.editionDate : null),
    partyNameAt: (ref) => partiesByRef.get(ref)?.[0]?.name ?? null,
  });
  return {
    title: Object.values(title).every((v) => v === null) ? null : title,
    parties: [...partiesByRef.values()].flat(),
    rightsAndBurdens: rightsAndBurdens(entries, charges, lease),
    referredDocuments: referredDocuments(entries, header.titleNumber, lease),
    enquiries: orderEnquiries(placed),
    warnings,
  };
};

export const parseRegister = (text: string): ExtractionData => {
  try {
    return parseText(typeof text === 'string' ? text : '');
  } catch (err) {
    return failed(`The register text could not be parsed: ${err instanceof Error ? err.message : String(err)}`);
  }
};
