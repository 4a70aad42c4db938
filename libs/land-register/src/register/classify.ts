import type { ParsedEntry } from './entries';
import { isGarbled } from './lines';

// What an entry is, read from its wording. Registers use standard phrasings (HM Land Registry practice guides and
// the Register Extract Service's EntryType list); each kind below is matched on the entry's opening words or on a
// phrase that only that kind of entry uses. The first matching rule wins; a few kinds (covenants, rights,
// provisions, leases) can also be carried by one entry together, so those are collected as a set.

export type EntryKind =
  | 'garbled'
  | 'insolvency'
  | 'restriction'
  | 'caution'
  | 'proprietor'
  | 'chargee'
  | 'notice_beneficiary'
  | 'charge'
  | 'charge_note'
  | 'price_paid'
  | 'property_description'
  | 'lease_particulars'
  | 'landlord_title'
  | 'notice'
  | 'indemnity_covenant'
  | 'burdens'
  | 'exception'
  | 'note'
  | 'unknown';

/** Kinds an entry can carry together, each becoming one right or burden. */
export type BurdenKind = 'covenant' | 'easement' | 'provision' | 'lease';

export interface ClassifiedEntry extends ParsedEntry {
  readonly kind: EntryKind;
  readonly burdens: readonly BurdenKind[];
}

/** The entry up to the ":-" that introduces quoted deed wording: the part written by the registry. */
export const leadOf = (text: string): string => {
  const at = text.indexOf(':-');
  return at < 0 ? text : text.slice(0, at + 2);
};

const burdenRules: readonly [BurdenKind, RegExp][] = [
  [
    'covenant',
    /\b(?:contains?|contained|containing|imposes?|imposed) (?:the following |restrictive |similar |the |certain )?(?:restrictive )?(?:covenants?|stipulations?)|\bvari(?:es|ed) the covenants|\bcovenants? (?:details of which|as therein)/i,
  ],
  [
    'easement',
    /\b(?:has|have) the benefit of\b|\b(?:is|are) subject to (?:the |such )?(?:following )?(?:rights?|easements?)|\brights? (?:granted|reserved) by\b|\bright of way\b|\bgrants? and reserves? easements?/i,
  ],
  ['provision', /\bcontains? (?:a |the following |the )?provisions?\b|\bprovisions? as to\b|\bprohibits or restricts alienation\b/i],
  [
    'lease',
    /^(?:An? |The )?(?:Lease|Underlease|Under-lease)\b.{0,200}?\bdated\b|\bsubject to the leases?\b|\bschedule of (?:notices of )?leases\b/i,
  ],
];

const kindRules: readonly [EntryKind, (text: string, register: ParsedEntry['register']) => boolean][] = [
  ['garbled', (t) => isGarbled(t)],
  ['insolvency', (t) => /\bBANKRUPTCY (?:RESTRICTION|NOTICE|INHIBITION)\b|\bcreditors'? notice\b|\bpetition in bankruptcy\b/i.test(t)],
  ['restriction', (t) => /^RESTRICTION\b/i.test(t)],
  ['caution', (t) => /^CAUTION\b/i.test(t)],
  ['proprietor', (t, r) => r !== 'C' && /^PROPRIETORS?\s?:/i.test(t)],
  ['chargee', (t, r) => r === 'C' && /^PROPRIETORS?\s?:/i.test(t)],
  ['notice_beneficiary', (t) => /^BENEFICIAR(?:Y|IES)\s?:/i.test(t)],
  ['charge', (t) => /^(?:REGISTERED CHARGE|CHARGE dated)\b/i.test(t)],
  ['charge_note', (t) => /\bobligation to make further advances\b|\bdeed of postponement\b|\bpriority of the charges?\b/i.test(t)],
  ['price_paid', (t) => /^The (?:price|value) (?:stated|as at|paid)\b/i.test(t)],
  ['property_description', (t, r) => r === 'A' && /^The (?:Freehold|Leasehold|Commonhold) land\b/i.test(t)],
  ['lease_particulars', (t) => /\bparticulars of the (?:registered )?(?:lease|under-lease|underlease)/i.test(t)],
  ['landlord_title', (t) => /\b(?:landlord|lessor|freehold)(?:'s)? title is registered\b/i.test(t)],
  [
    'notice',
    (t) =>
      /^(?:UNILATERAL |AGREED )?NOTICE\b|\bnotice of (?:home rights|a charging order|an? (?:option|agreement|deed|lease|estate contract))|\bhome rights\b|\bcharging order\b/i.test(
        t,
      ),
  ],
  [
    'indemnity_covenant',
    (t, r) => r === 'B' && /\bcovenants? to observe and perform\b|\bcovenant(?:s)? of indemnity\b|\bindemnity covenant/i.test(t),
  ],
  ['burdens', (t) => burdenRules.some(([, re]) => re.test(leadOf(t)))],
  ['exception', (t) => /\bmines and minerals\b|\bexcepted from the effect of registration\b/i.test(t)],
  ['note', (t) => /^NOTE\b|\btitle plan (?:has been|was) (?:prepared|amended)\b|\bnew title plan\b|\bremoved from this title\b/i.test(t)],
];

export const classifyEntry = (entry: ParsedEntry): ClassifiedEntry => {
  const kind = kindRules.find(([, test]) => test(entry.text, entry.register))?.[0] ?? 'unknown';
  const lead = leadOf(entry.text);
  const burdens = kind === 'burdens' ? burdenRules.filter(([, re]) => re.test(lead)).map(([b]) => b) : [];
  return { ...entry, kind, burdens };
};
