import type { ClassifiedEntry } from './classify';
import { entryRef } from './entries';
import { type EnquiryFacts, letterRank, positionOf } from './enquiry-facts';
import { enquiry, PlacedEnquiry } from './enquiries';
import { excerpt } from './lines';
import { leaseEnquiries, titleEnquiries } from './title-enquiries';

// Turns what the register says into the enquiries of the table in ./enquiries: one per restriction, notice,
// caution, charge and unreadable entry, and one per kind of matter to review (covenants, rights, leases).

const refsOf = (entries: readonly ClassifiedEntry[]) => entries.map(entryRef).join(', ');

const lenderConsent = /consent signed by the proprietor for the time being of the Charge dated (.+?) in favour of (.+?) referred to/i;
const formA =
  /No disposition by a sole proprietor of the registered estate \(except a trust corporation\) under which capital money arises/i;

const restrictionEnquiry = (entry: ClassifiedEntry, facts: EnquiryFacts): PlacedEnquiry => {
  const ref = entryRef(entry);
  const lender = lenderConsent.exec(entry.text);
  if (lender)
    return {
      position: positionOf(entry),
      enquiry: enquiry(
        'LENDER_CONSENT_RESTRICTION',
        'high',
        `${ref}: no disposition can be registered without the written consent of the proprietor of the Charge dated ${lender[1]} in favour of ${lender[2]}.`,
        "Redeem the charge on completion and lodge its discharge (DS1) so the restriction is cancelled, or obtain the lender's written consent to the disposition.",
      ),
    };
  if (formA.test(entry.text)) {
    const sole = facts.proprietorCount === 1;
    return {
      position: positionOf(entry),
      enquiry: enquiry(
        'FORM_A_RESTRICTION',
        sole ? 'high' : 'medium',
        `${ref}: a Form A restriction: the proprietors hold as tenants in common (or a joint tenancy was severed), so capital money must be paid to at least two trustees.${sole ? ' Only one proprietor is registered.' : ''}`,
        'Make sure the transfer is made by at least two trustees (appoint a second trustee if only one proprietor remains) so the restriction is met and the beneficial interests are overreached.',
      ),
    };
  }
  return {
    position: positionOf(entry),
    enquiry: enquiry(
      'RESTRICTION_COMPLIANCE',
      'medium',
      `${ref}: ${excerpt(entry.text, 160)}`,
      'Find out whose consent or certificate the restriction needs and arrange for it to be lodged with the application to register the transfer.',
    ),
  };
};

const noticeEnquiry = (entry: ClassifiedEntry): PlacedEnquiry => {
  const ref = entryRef(entry);
  const position = positionOf(entry);
  if (/^UNILATERAL NOTICE\b/i.test(entry.text))
    return {
      position,
      enquiry: enquiry(
        'UNILATERAL_NOTICE',
        'high',
        `${ref}: ${excerpt(entry.text, 160)}`,
        'Find out what interest is claimed and by whom (see the beneficiary entry); have it removed before completion (form UN2 by the beneficiary, or an application on form UN4) or agree how it is to be dealt with.',
      ),
    };
  if (/\bhome rights\b/i.test(entry.text))
    return {
      position,
      enquiry: enquiry(
        'HOME_RIGHTS_NOTICE',
        'high',
        `${ref}: a notice of home rights under the Family Law Act 1996.`,
        "Require the release of the spouse's or civil partner's home rights and an application to cancel the notice (form HR4) on completion.",
      ),
    };
  return {
    position,
    // A charging order secures a judgment debt against the land: it has to be paid off like a charge.
    enquiry: enquiry(
      'NOTICE_REVIEW',
      /\bcharging order\b/i.test(entry.text) ? 'high' : 'medium',
      `${ref}: ${excerpt(entry.text, 160)}`,
      'Obtain the document the notice protects and find out whether the interest still exists and would bind a buyer.',
    ),
  };
};

const entryEnquiries = (facts: EnquiryFacts): PlacedEnquiry[] => {
  const placed: PlacedEnquiry[] = [];
  for (const entry of facts.entries) {
    const ref = entryRef(entry);
    const position = positionOf(entry);
    if (entry.kind === 'restriction') placed.push(restrictionEnquiry(entry, facts));
    if (entry.kind === 'notice') placed.push(noticeEnquiry(entry));
    if (entry.kind === 'caution') {
      const cautioner = facts.partyNameAt(ref);
      placed.push({
        position,
        enquiry: enquiry(
          'CAUTION',
          'high',
          `${ref}: a caution against dealings${cautioner ? ` in favour of ${cautioner}` : ''}.`,
          'Ask the cautioner to withdraw the caution before completion, or be ready for the registry to warn the cautioner when the transfer is lodged.',
        ),
      });
    }
    if (entry.kind === 'insolvency')
      placed.push({
        position,
        enquiry: enquiry(
          'INSOLVENCY_ENTRY',
          'high',
          `${ref}: ${excerpt(entry.text, 160)}`,
          "Make a bankruptcy search against the proprietor and deal only with the trustee in bankruptcy, or with the trustee's or the court's consent.",
        ),
      });
    if (entry.kind === 'garbled')
      placed.push({
        position,
        enquiry: enquiry(
          'UNREADABLE_ENTRY',
          'medium',
          `${ref}: the text of this entry could not be read.`,
          'Read the entry on the official copy, or order a fresh copy, before relying on this analysis.',
        ),
      });
    if (entry.kind === 'unknown')
      placed.push({
        position,
        enquiry: enquiry(
          'UNRECOGNISED_ENTRY',
          'low',
          `${ref}: an entry of a kind this analysis does not recognise: "${excerpt(entry.text, 60)}".`,
          'Read the entry on the official copy and decide whether it affects the purchase.',
        ),
      });
  }
  for (const charge of facts.charges)
    placed.push({
      position: letterRank.C + Number(charge.refs[0]?.slice(1) ?? 0),
      enquiry: enquiry(
        'REGISTERED_CHARGE',
        'high',
        `${charge.refs.join(', ')}: registered charge${charge.printedDate ? ` dated ${charge.printedDate}` : ''}${charge.chargee ? ` in favour of ${charge.chargee}` : ''}.`,
        "Obtain a redemption statement and the seller's undertaking to redeem the charge on completion; lodge the discharge (DS1 or e-DS1) with the application to register the transfer.",
      ),
    });
  return placed;
};

const grouped = (
  facts: EnquiryFacts,
  select: (e: ClassifiedEntry) => boolean,
  make: (refs: string) => ReturnType<typeof enquiry>,
): PlacedEnquiry[] => {
  const chosen = facts.entries.filter(select);
  const first = chosen[0];
  return first ? [{ position: positionOf(first), enquiry: make(refsOf(chosen)) }] : [];
};

const reviewEnquiries = (facts: EnquiryFacts): PlacedEnquiry[] => [
  ...grouped(
    facts,
    (e) => e.burdens.includes('covenant') || e.kind === 'indemnity_covenant',
    (refs) =>
      enquiry(
        'COVENANTS_REVIEW',
        'medium',
        `${refs}: covenants bind the land or its owner.`,
        'Obtain copies of the deeds (official copies where filed) and check the covenants against the present and intended use; consider indemnity insurance for any breach.',
      ),
  ),
  ...grouped(
    facts,
    (e) => /\bneither the original\b.*\bwas produced\b|\bnot produced on first registration\b/i.test(e.text),
    (refs) =>
      enquiry(
        'DOCUMENT_NOT_PRODUCED',
        'medium',
        `${refs}: a deed referred to was not produced on first registration, so its terms are not known.`,
        'Ask whether the seller holds a copy; otherwise consider indemnity insurance against the unknown terms.',
      ),
  ),
  ...grouped(
    facts,
    (e) => e.register === 'C' && e.burdens.includes('lease'),
    (refs) =>
      enquiry(
        'LEASES_AFFECTING_LAND',
        'medium',
        `${refs}: leases granted out of this title are noted against it.`,
        'Obtain copies of the leases and check who occupies under them and on what terms.',
      ),
  ),
  ...grouped(
    facts,
    (e) => e.burdens.includes('easement') || e.burdens.includes('provision'),
    (refs) =>
      enquiry(
        'RIGHTS_REVIEW',
        'low',
        `${refs}: rights or provisions benefit or burden the land.`,
        'Check the rights against the title plan and an inspection, including who maintains any shared way or service.',
      ),
  ),
];

export const raiseEnquiries = (facts: EnquiryFacts): PlacedEnquiry[] => [
  ...titleEnquiries(facts),
  ...leaseEnquiries(facts),
  ...entryEnquiries(facts),
  ...reviewEnquiries(facts),
];
