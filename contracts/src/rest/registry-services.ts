import { registryPencePerPdf } from '../land-registry/pricing';

// Which of HM Land Registry's Business Gateway services stands behind each Land Registry operation, and what the
// registry charges for it: said once here and written into each operation's description. The developer pack states
// no fee for the search, the availability check or the proprietor names; the official copies cost the registry's fee
// per copy, which the order's Purchase Balance charge includes.

const registryFee = `${registryPencePerPdf} p per copy (£${(registryPencePerPdf / 100).toFixed(2)}, VAT included)`;

export const registryServices = {
  titleSearch:
    "**HM Land Registry service:** Business Gateway's Enquiry by Property Description V2.0 (Search by Property Description), " +
    'by address: a `uprn` is first turned into its address from the address dataset. The registry states no fee for it.',
  documentAvailability:
    "**HM Land Registry service:** Business Gateway's Official Copies Document Availability v2 (REST). The registry states no fee for it.",
  officialCopies:
    '**HM Land Registry service:** Business Gateway\'s Official Copy Title Known V2.1 (register and title plan, "OC1"), ' +
    'followed by its poll service; an order with `extractRegisterText` goes by the Register Extract Service (Official Copy ' +
    "with Summary V2.1), whose structured summary of the register is compared with this service's own reading of the " +
    `copy (each disagreement is an enquiry). The registry's fee: ${registryFee}. A submission whose answer was lost is ` +
    'followed up by an operator through Outstanding Requests V2.1.',
  orderStatus:
    "**HM Land Registry service:** the poll service of the order's Business Gateway service (Official Copy Title Known " +
    'V2.1 or the Register Extract Service); no fee.',
  proprietorNames:
    "**HM Land Registry service:** Business Gateway's Registered Proprietor Names v1 (REST). The registry states no fee in " +
    'its developer pack; the 20 credits cover the lookup.',
  titleUnderProperty: "The title under the property comes from HM Land Registry's Business Gateway (Enquiry by Property Description V2.0).",
} as const;
