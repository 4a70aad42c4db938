import type { ExtractionEnquiry } from '@pds/contracts';

// What a buyer's conveyancer should raise or do about a register. Codes are stable: callers switch on them.
//
// | code                        | priority    | raised when                                                        |
// |-----------------------------|-------------|--------------------------------------------------------------------|
// | SECTION_MISSING             | high        | the property, proprietorship or charges register was not found     |
// | POSSESSORY_TITLE            | high        | class of title is possessory                                       |
// | QUALIFIED_TITLE             | high        | class of title is qualified                                        |
// | GOOD_LEASEHOLD_TITLE        | medium      | class of title is good leasehold (the freehold is not guaranteed)  |
// | CLASS_OF_TITLE_UNREAD       | medium      | no class of title could be read                                    |
// | LENDER_CONSENT_RESTRICTION  | high        | a restriction needs a chargee's consent to a disposition           |
// | FORM_A_RESTRICTION          | medium/high | Form A: co-owners are tenants in common; high if one proprietor     |
// | RESTRICTION_COMPLIANCE      | medium      | any other restriction (certificates, consents, court orders)       |
// | REGISTERED_CHARGE           | high        | each registered charge, to be redeemed on completion               |
// | CAUTION                     | high        | a caution against dealings                                         |
// | UNILATERAL_NOTICE           | high        | a unilateral notice                                                |
// | HOME_RIGHTS_NOTICE          | high        | a notice of home rights (Family Law Act 1996)                      |
// | INSOLVENCY_ENTRY            | high        | a bankruptcy notice, bankruptcy restriction or creditors' notice   |
// | NOTICE_REVIEW               | medium/high | any other notice (agreed notice, option, lease); high for a        |
// |                             |             | charging order, which secures a judgment debt                      |
// | LEASE_TERM_SHORT            | high/medium | under 80 (high) or 85 (medium) years left on the lease             |
// | LEASE_REVIEW                | medium      | the title is leasehold: the lease itself must be read              |
// | LEASES_AFFECTING_LAND       | medium      | leases granted out of this title are noted against it              |
// | COVENANTS_REVIEW            | medium      | covenants bind the land or the proprietor                          |
// | DOCUMENT_NOT_PRODUCED       | medium      | a deed was not produced on first registration                      |
// | RIGHTS_REVIEW               | low         | easements or provisions benefit or burden the land                 |
// | UNREADABLE_ENTRY            | medium      | an entry's text is garbled                                         |
// | UNRECOGNISED_ENTRY          | low         | an entry of a kind the parser does not know                        |

export type Priority = 'high' | 'medium' | 'low';

export type EnquiryCode =
  | 'SECTION_MISSING'
  | 'POSSESSORY_TITLE'
  | 'QUALIFIED_TITLE'
  | 'GOOD_LEASEHOLD_TITLE'
  | 'CLASS_OF_TITLE_UNREAD'
  | 'LENDER_CONSENT_RESTRICTION'
  | 'FORM_A_RESTRICTION'
  | 'RESTRICTION_COMPLIANCE'
  | 'REGISTERED_CHARGE'
  | 'CAUTION'
  | 'UNILATERAL_NOTICE'
  | 'HOME_RIGHTS_NOTICE'
  | 'INSOLVENCY_ENTRY'
  | 'NOTICE_REVIEW'
  | 'LEASE_TERM_SHORT'
  | 'LEASE_REVIEW'
  | 'LEASES_AFFECTING_LAND'
  | 'COVENANTS_REVIEW'
  | 'DOCUMENT_NOT_PRODUCED'
  | 'RIGHTS_REVIEW'
  | 'UNREADABLE_ENTRY'
  | 'UNRECOGNISED_ENTRY';

export interface Enquiry extends ExtractionEnquiry {
  readonly code: EnquiryCode;
  readonly priority: Priority;
}

/** Enquiries in the order a conveyancer works: high first, then by where they arise on the register. */
export interface PlacedEnquiry {
  readonly enquiry: Enquiry;
  /** Position of the first entry it concerns (A1 before B1 before C1); -1 for the title as a whole. */
  readonly position: number;
}

const priorityRank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

export const orderEnquiries = (placed: readonly PlacedEnquiry[]): ExtractionEnquiry[] =>
  placed
    .map((p, i) => ({ ...p, i }))
    .sort((a, b) => priorityRank[a.enquiry.priority] - priorityRank[b.enquiry.priority] || a.position - b.position || a.i - b.i)
    .map(({ enquiry }) => ({ code: enquiry.code, priority: enquiry.priority, reason: enquiry.reason, action: enquiry.action }));

export const enquiry = (code: EnquiryCode, priority: Priority, reason: string, action: string): Enquiry => ({
  code,
  priority,
  reason,
  action,
});
