import { generalBoundariesCaveat, groundRiskDisclaimer } from '@pds/contracts';
import { longDate } from './format';
import { paragraph, subheading, type Doc } from './layout';
import type { ReportModel } from './model';

// What the pack is and is not. The boundary and ground-risk wording is the operations' own, so the pack says exactly
// what the API says.

export const drawDisclaimer = (doc: Doc, model: ReportModel) => {
  const company = model.branding.companyName;
  const points: Array<[string, string]> = [
    [
      'Not a RICS valuation',
      'The valuation in this pack is an automated valuation model: an estimate from registered sales and an index, with a ' +
        'measured confidence. It is not a valuation by a RICS Registered Valuer, has not been made from an inspection, ' +
        'and is not suitable for lending, tax or legal purposes on its own.',
    ],
    ['General boundaries', generalBoundariesCaveat],
    [
      'Ground risk is a prompt, not a search',
      `The ground-risk screen is a prompt for enquiry, not a mining or environmental search. ${groundRiskDisclaimer}`,
    ],
    [
      'Data as held on the dates given',
      `Figures are as of ${longDate(model.asOf)}, and registers as held on the date the pack was prepared; each dataset's ` +
        'release is given on the sources page. Later registrations, certificates and corrections are not reflected.',
    ],
    [
      'Prepared for',
      `This pack was produced for ${company} by UK Property Data Service from the datasets listed. It is information, ` +
        'not advice; check anything material with the register, a surveyor or a solicitor.',
    ],
  ];
  for (const [heading, text] of points) {
    subheading(doc, heading);
    paragraph(doc, text);
  }
};
