import type { ExtractionData, ExtractionEnquiry } from '@pds/contracts';
import type { ClassOfTitleCode, PartyName, RegisterSummary } from '../messages/register-summary';

// The registry's structured summary set against what the project's parser read from the official copy's text. The
// two should agree; where they do not, one reading is wrong (or the copy and the summary describe different editions),
// and a conveyancer has to look at the copy. Each disagreement becomes an enquiry in the parser's shape; neither
// reading is changed or preferred.

export const summaryMismatchCode = 'REGISTER_SUMMARY_MISMATCH';

export type ComparedField =
  'titleNumber' | 'editionDate' | 'classOfTitle' | 'tenure' | 'proprietors' | 'chargeCount' | 'chargees' | 'pricePaid';

export interface SummaryDisagreement {
  readonly field: ComparedField;
  /** What the registry's summary says, and what the parser read, as short text. */
  readonly registry: string;
  readonly parsed: string;
  readonly enquiry: ExtractionEnquiry;
}

const labels: Record<ComparedField, { label: string; priority: 'high' | 'medium' }> = {
  titleNumber: { label: 'title number', priority: 'high' },
  editionDate: { label: 'edition date', priority: 'medium' },
  classOfTitle: { label: 'class of title', priority: 'high' },
  tenure: { label: 'tenure', priority: 'high' },
  proprietors: { label: 'registered proprietors', priority: 'high' },
  chargeCount: { label: 'number of registered charges', priority: 'high' },
  chargees: { label: 'lenders (chargees)', priority: 'high' },
  pricePaid: { label: 'price paid', priority: 'medium' },
};

const disagreement = (field: ComparedField, registry: string, parsed: string): SummaryDisagreement => {
  const { label, priority } = labels[field];
  return {
    field,
    registry,
    parsed,
    enquiry: {
      code: summaryMismatchCode,
      priority,
      reason: `HM Land Registry's summary gives the ${label} as ${registry}, but the official copy was read as ${parsed}.`,
      action: `Check the ${label} on the official copy itself; if the copy and the summary really differ, ask HM Land Registry which is current before relying on either.`,
    },
  };
};

const none = '(nothing)';
const shown = (values: readonly string[]) => (values.length === 0 ? none : values.join('; '));

/** Upper case, company numbers and punctuation dropped, spaces collapsed: how two printings of a name are matched. */
export const comparableName = (name: string): string =>
  name
    .replace(/\(Co\.? ?Regn\.? ?No\.?[^)]*\)/gi, ' ')
    .replace(/[^A-Za-z0-9&]+/g, ' ')
    .trim()
    .toUpperCase();

export const printedName = (party: PartyName): string =>
  party.kind === 'organisation' ? party.name : [party.forenames, party.surname].filter((p) => p !== null).join(' ');

const sameNames = (a: readonly string[], b: readonly string[]) => {
  const left = a.map(comparableName).sort();
  const right = b.map(comparableName).sort();
  return left.length === right.length && left.every((n, i) => n === right[i]);
};

const freeholdCodes: readonly ClassOfTitleCode[] = ['10', '20', '30', '40'];
const leaseholdCodes: readonly ClassOfTitleCode[] = ['50', '60', '70', '80', '90'];

/** The class of title a code means, in the words an official copy prints (without the tenure). */
const classWords: Partial<Record<ClassOfTitleCode, string>> = {
  '10': 'absolute',
  '60': 'absolute',
  '70': 'good leasehold',
  '20': 'possessory',
  '90': 'possessory',
  '30': 'qualified',
  '80': 'qualified',
};

const tenureOf = (code: ClassOfTitleCode): string | null =>
  freeholdCodes.includes(code) ? 'Freehold' : leaseholdCodes.includes(code) ? 'Leasehold' : null;

const printedPrice = (amount: string) => amount.replace(/[£,\s]/g, '');

/**
 * Every field on which the registry's summary and the parser's reading of the copy disagree. `text`, the copy's text
 * the extraction was read from, is needed for the price paid only, which the extraction does not carry.
 */
export const compareSummaryWithExtraction = (
  summary: RegisterSummary,
  extraction: ExtractionData,
  text?: string,
): SummaryDisagreement[] => {
  const out: SummaryDisagreement[] = [];
  const title = extraction.title;
  const titleNumber = title?.titleNumber?.replace(/\s+/g, '').toUpperCase() ?? null;
  if (titleNumber !== summary.title.titleNumber) out.push(disagreement('titleNumber', summary.title.titleNumber, titleNumber ?? none));
  if ((title?.editionDate ?? null) !== summary.editionDate)
    out.push(disagreement('editionDate', summary.editionDate, title?.editionDate ?? none));

  const code = summary.title.classOfTitle;
  const words = classWords[code];
  const parsedClass = title?.classOfTitle ?? null;
  if (words !== undefined && (parsedClass === null || !parsedClass.toLowerCase().includes(words)))
    out.push(disagreement('classOfTitle', `${words} (code ${code})`, parsedClass ?? none));
  const tenure = tenureOf(code);
  if (tenure !== null && (title?.tenure ?? null) !== tenure) out.push(disagreement('tenure', tenure, title?.tenure ?? none));

  const proprietors = summary.proprietorship.parties.map(printedName);
  const parsedProprietors = extraction.parties.filter((p) => p.role === 'proprietor').map((p) => p.name);
  if (!sameNames(proprietors, parsedProprietors)) out.push(disagreement('proprietors', shown(proprietors), shown(parsedProprietors)));

  const parsedCharges = extraction.rightsAndBurdens.filter((r) => r.category === 'charge' && /: Registered charge\b/.test(r.summary));
  if (parsedCharges.length !== summary.charges.length)
    out.push(disagreement('chargeCount', String(summary.charges.length), String(parsedCharges.length)));
  const chargees = summary.charges.flatMap((c) => c.chargees.map(printedName));
  const parsedChargees = extraction.parties.filter((p) => p.role === 'chargee').map((p) => p.name);
  if (!sameNames(chargees, parsedChargees)) out.push(disagreement('chargees', shown(chargees), shown(parsedChargees)));

  const paid = summary.pricePaid;
  if (paid?.amount && text !== undefined && !printedPrice(text).includes(printedPrice(paid.amount)))
    out.push(disagreement('pricePaid', paid.amount, 'not found on the copy'));
  return out;
};

/** The enquiries alone, high priority first, as the parser orders its own. */
export const summaryEnquiries = (disagreements: readonly SummaryDisagreement[]): ExtractionEnquiry[] =>
  [...disagreements]
    .sort((a, b) => (a.enquiry.priority === b.enquiry.priority ? 0 : a.enquiry.priority === 'high' ? -1 : 1))
    .map((d) => d.enquiry);
