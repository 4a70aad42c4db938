import { issuedDate } from './dates';
import { entryRef } from './entries';
import { type EnquiryFacts, positionOf } from './enquiry-facts';
import { enquiry, PlacedEnquiry } from './enquiries';
import { yearsLeft } from './lease-particulars';
import { registerNames } from './sections';

// Enquiries about the title as a whole: a register missing from the copy, a class of title weaker than absolute, and
// for a leasehold title the lease itself and the years left on it.

const leaseYearsHighMax = 80;
const leaseYearsMediumMax = 85;

export const titleEnquiries = (facts: EnquiryFacts): PlacedEnquiry[] => {
  const placed: PlacedEnquiry[] = facts.missingSections.map((letter) => ({
    position: -1,
    enquiry: enquiry(
      'SECTION_MISSING',
      'high',
      `The ${registerNames[letter]} (${letter}) was not found in the text.`,
      'Check that the copy is complete; order a fresh official copy if pages are missing.',
    ),
  }));
  const cls = facts.classOfTitle?.toLowerCase() ?? null;
  if (cls === null && !facts.missingSections.includes('B'))
    placed.push({
      position: -1,
      enquiry: enquiry(
        'CLASS_OF_TITLE_UNREAD',
        'medium',
        'No class of title was found in the proprietorship register.',
        'Read the class of title on the official copy.',
      ),
    });
  if (cls?.includes('possessory'))
    placed.push({
      position: -1,
      enquiry: enquiry(
        'POSSESSORY_TITLE',
        'high',
        'The title is possessory: the registry has not examined the documents of title, so rights that existed when it was first registered are not guaranteed.',
        "Ask how the seller came to hold the land, obtain a statutory declaration and title indemnity insurance, and check that the buyer's lender accepts a possessory title.",
      ),
    });
  if (cls?.includes('qualified'))
    placed.push({
      position: -1,
      enquiry: enquiry(
        'QUALIFIED_TITLE',
        'high',
        'The title is qualified: the registry found a specific defect in it.',
        'Find out what the qualification excludes and whether title insurance or an upgrade of the title is available.',
      ),
    });
  if (cls?.includes('good leasehold'))
    placed.push({
      position: -1,
      enquiry: enquiry(
        'GOOD_LEASEHOLD_TITLE',
        'medium',
        "The title is good leasehold: the landlord's right to grant the lease is not guaranteed.",
        "Ask for evidence of the landlord's title or title indemnity insurance, and check that the buyer's lender accepts good leasehold.",
      ),
    });
  return placed;
};

export const leaseEnquiries = (facts: EnquiryFacts): PlacedEnquiry[] => {
  if (!facts.lease) return [];
  const { entry, particulars } = facts.lease;
  const ref = entryRef(entry);
  const years = yearsLeft(particulars, facts.asAt);
  const at = facts.asAt ? issuedDate(facts.asAt) : null;
  const left = years !== null && at !== null ? `; about ${years} years are left at ${at}` : '';
  const held = `${ref}: the land is held under a lease${particulars.printedDate ? ` dated ${particulars.printedDate}` : ''}${particulars.term ? ` for ${particulars.term}` : ''}${left}.`;
  const placed: PlacedEnquiry[] = [
    {
      position: positionOf(entry),
      enquiry: enquiry(
        'LEASE_REVIEW',
        'medium',
        held,
        "Obtain the lease and check the term, ground rent and its review, service charge, repairing obligations, restrictions on alienation and any landlord's or management company's consent needed.",
      ),
    },
  ];
  if (years !== null && at !== null && years < leaseYearsMediumMax)
    placed.push({
      position: positionOf(entry),
      enquiry: enquiry(
        'LEASE_TERM_SHORT',
        years < leaseYearsHighMax ? 'high' : 'medium',
        `${ref}: about ${years} years of the lease term are left at ${at}.`,
        "Check the lender's minimum unexpired term and consider a statutory lease extension (below 80 years the premium includes marriage value).",
      ),
    });
  return placed;
};
