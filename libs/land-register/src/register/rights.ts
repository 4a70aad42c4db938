import type { ExtractionRightOrBurden } from '@pds/contracts';
import { BurdenKind, ClassifiedEntry, leadOf } from './classify';
import { entryRef } from './entries';
import { landConveyed, landCrossed, landServed, subjectLand } from './land-phrases';
import type { LeaseParticulars } from './lease-particulars';
import { excerpt } from './lines';

// Rights and burdens, one per matter: each restriction, covenant, easement, provision, lease, notice, caution and
// registered charge (a charge and its chargee entry are one matter). The summary starts with the entry numbers so a
// reader can find the full wording on the copy.

const summaryMaxChars = 240;

export const summaryOf = (refs: string, text: string): string => `${refs}: ${excerpt(leadOf(text), summaryMaxChars)}`;

const easementLand = (lead: string) => {
  const subject = subjectLand(lead);
  const benefits = /\b(?:has|have) the benefit of\b/i.test(lead);
  const burdened = /\b(?:is|are) subject to\b/i.test(lead);
  return {
    benefitingLand: benefits ? subject : landServed(lead),
    burdenedLand: burdened ? subject : benefits ? landCrossed(lead) : null,
  };
};

const burdenOf = (entry: ClassifiedEntry, kind: BurdenKind): ExtractionRightOrBurden => {
  const lead = leadOf(entry.text);
  const summary = summaryOf(entryRef(entry), entry.text);
  switch (kind) {
    case 'easement':
      return { category: 'easement', summary, ...easementLand(lead) };
    case 'covenant':
      return {
        category: 'covenant',
        summary,
        benefitingLand: landServed(entry.text),
        burdenedLand: landConveyed(lead) ?? subjectLand(lead),
      };
    case 'provision':
      return { category: 'provision', summary, benefitingLand: null, burdenedLand: landConveyed(lead) };
    case 'lease':
      return { category: 'lease', summary, benefitingLand: null, burdenedLand: landConveyed(lead) };
  }
};

const plain = (category: string, entry: ClassifiedEntry): ExtractionRightOrBurden => ({
  category,
  summary: summaryOf(entryRef(entry), entry.text),
  benefitingLand: null,
  burdenedLand: null,
});

export interface Charge {
  readonly refs: string[];
  readonly date: string | null;
  readonly printedDate: string | null;
  readonly chargee: string | null;
}

export const chargeSummary = (charge: Charge): string =>
  `${charge.refs.join(', ')}: Registered charge${charge.printedDate ? ` dated ${charge.printedDate}` : ''}${charge.chargee ? ` in favour of ${charge.chargee}` : ' (the lender is not named)'}.`;

export const leaseSummary = (ref: string, lease: LeaseParticulars): string => {
  const parts = [`${ref}: The land is held under a lease`];
  if (lease.printedDate) parts.push(`dated ${lease.printedDate}`);
  if (lease.term) parts.push(`for ${lease.term}`);
  if (lease.rent) parts.push(`at a rent of ${lease.rent}`);
  return `${parts.join(' ')}.`;
};

export const rightsAndBurdens = (
  entries: readonly ClassifiedEntry[],
  charges: readonly Charge[],
  lease: { entry: ClassifiedEntry; particulars: LeaseParticulars } | null,
): ExtractionRightOrBurden[] => {
  const out: ExtractionRightOrBurden[] = [];
  for (const entry of entries) {
    switch (entry.kind) {
      case 'burdens':
        for (const kind of entry.burdens) out.push(burdenOf(entry, kind));
        break;
      case 'restriction':
      case 'caution':
      case 'notice':
      case 'insolvency':
      case 'exception':
      case 'indemnity_covenant':
      case 'landlord_title':
        out.push(plain(entry.kind === 'indemnity_covenant' ? 'covenant' : entry.kind, entry));
        break;
      case 'lease_particulars':
        if (lease && lease.entry === entry)
          out.push({
            category: 'lease',
            summary: leaseSummary(entryRef(entry), lease.particulars),
            benefitingLand: null,
            burdenedLand: null,
          });
        break;
      case 'charge': {
        const charge = charges.find((c) => c.refs[0] === entryRef(entry));
        if (charge) out.push({ category: 'charge', summary: chargeSummary(charge), benefitingLand: null, burdenedLand: null });
        break;
      }
      case 'charge_note':
        out.push(plain('charge', entry));
        break;
      default:
        break;
    }
  }
  return out;
};
