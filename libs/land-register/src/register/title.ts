import type { ExtractionTitle } from '@pds/contracts';
import { toIsoDate } from './dates';
import type { ParsedEntry } from './entries';

// The title block: the header gives the title number and edition date, the property register's preamble the
// district, the proprietorship register's preamble the class of title, and the property register's first entry the
// tenure and the description of the land.

export const classesOfTitle = [
  'Title absolute',
  'Absolute title',
  'Good leasehold title',
  'Qualified title',
  'Possessory title',
  'Absolute freehold',
  'Absolute leasehold',
  'Good leasehold',
  'Possessory freehold',
  'Possessory leasehold',
  'Qualified freehold',
  'Qualified leasehold',
] as const;

const titleNumberPattern = /Title number\s*:?\s*([A-Z]{1,3} ?\d{1,7}|\d{1,7})\b/i;
const editionDatePattern = /Edition date\s*:?\s*(\d{1,2}\.\d{1,2}\.\d{2,4})/i;
const officialCopyPattern = /entries on the register of title on (\d{1,2} [A-Za-z]{3,9} \d{4}) at (\d{1,2}:\d{2}(?::\d{2})?)/i;
const descriptionPattern = /^The (Freehold|Leasehold|Commonhold) land\b.*?\bbeing (.+?)\.?(?: NOTE\b.*)?$/i;
const tenurePattern = /^The (Freehold|Leasehold|Commonhold) land\b/i;

const introductions = [
  /This register describes the land and estate comprised in the title\.?/i,
  /This register specifies the class of title and identifies the owner\.? ?(?:It contains any entries that affect the right of disposal\.?)?/i,
  /This register contains any charges and other matters that affect the land\.?/i,
];

export const withoutIntroduction = (preamble: readonly string[]): string =>
  introductions
    .reduce((text, intro) => text.replace(intro, ' '), preamble.join(' '))
    .replace(/\s+/g, ' ')
    .trim();

export const headerFacts = (headerText: string) => {
  const titleNumber = titleNumberPattern.exec(headerText)?.[1]?.replace(/\s/g, '').toUpperCase() ?? null;
  const printedEdition = editionDatePattern.exec(headerText)?.[1] ?? null;
  const copy = officialCopyPattern.exec(headerText);
  return {
    titleNumber,
    editionDate: printedEdition === null ? null : (toIsoDate(printedEdition) ?? printedEdition),
    officialCopyDate: copy ? toIsoDate(copy[1]!) : null,
  };
};

/** The class of title named in the proprietorship register's preamble, and whatever else was there. */
export const classOfTitleIn = (preambleText: string): { classOfTitle: string | null; rest: string } => {
  for (const name of classesOfTitle) {
    const at = preambleText.toLowerCase().indexOf(name.toLowerCase());
    if (at >= 0) {
      const printed = preambleText.slice(at, at + name.length);
      return {
        classOfTitle: printed.charAt(0).toUpperCase() + printed.slice(1),
        rest: (preambleText.slice(0, at) + preambleText.slice(at + name.length)).trim(),
      };
    }
  }
  return { classOfTitle: null, rest: preambleText };
};

/** The district line ("GREATER LONDON : CAMDEN"), written in capitals. */
export const administrativeAreaIn = (preambleText: string): { area: string | null; rest: string } => {
  const m = /([A-Z][A-Z ,.'&-]*[A-Z](?: ?: ?[A-Z][A-Z ,.'&-]*[A-Z])?)/.exec(preambleText);
  if (!m || m[1]!.length < 3) return { area: null, rest: preambleText };
  const area = m[1]!.replace(/ ?: ?/, ' : ');
  return { area, rest: preambleText.replace(m[1]!, '').trim() };
};

export const tenureOf = (entry: ParsedEntry | undefined): string | null => {
  const m = entry ? tenurePattern.exec(entry.text) : null;
  return m ? m[1]!.charAt(0).toUpperCase() + m[1]!.slice(1).toLowerCase() : null;
};

export const propertyDescriptionOf = (entry: ParsedEntry | undefined): string | null => {
  const m = entry ? descriptionPattern.exec(entry.text) : null;
  return m ? m[2]!.trim() : null;
};

export const emptyTitle = (): ExtractionTitle => ({
  titleNumber: null,
  editionDate: null,
  classOfTitle: null,
  tenure: null,
  administrativeArea: null,
  propertyDescription: null,
});
