import { businessGateway } from '@pds/land-register';
import type { RegisteredTitle } from '../titles/registered-title';

// Whether the registry takes an official copy request, checked in the order Business Gateway's validation rules
// give: the title, whether it is closed (and continued), pending applications against a request that does not
// accept a backdated copy, then the fee. What cannot be issued electronically (a title plan not held as data, a
// certificate in form CI) is taken for processing by hand and posted: an acknowledgement with the registry's
// reference. The pack's own vendor titles answer as its vendor tests say.

const codes = businessGateway.officialCopyRejectionCodes;

/** The fee per official copy, VAT included, in pence: the figure of the pack's examples and vendor tests (£3.00). */
export const feePerCopyPence = 300;

export type Check =
  | { kind: 'refused'; code: string; reason: string; actualGrossPrice?: string }
  | { kind: 'by_post'; description: string }
  | { kind: 'take' };

const byPostText = 'The official copy cannot be supplied electronically. Paper copies will be sent by post or DX; the fee may be higher.';

/** Titles the developer pack's OC1 vendor tests use, and what each is. */
const vendorTitles: Readonly<Record<string, Check>> = {
  EXC10010: { kind: 'refused', code: codes.titleInvalid, reason: 'This title number is not valid.' },
  EXC10020: { kind: 'refused', code: codes.titleClosed, reason: 'This title number is closed.' },
  PND50000: { kind: 'refused', code: codes.pendingFirstRegistration, reason: 'This title is pending first registration.' },
  COM50000: { kind: 'refused', code: codes.notComputerised, reason: 'This title is not computerised.' },
  APP3000: { kind: 'refused', code: codes.pendingApplication, reason: 'There are pending applications against this title.' },
  APP3500: { kind: 'by_post', description: byPostText },
  NOE1000: { kind: 'by_post', description: byPostText },
  NOE2000: {
    kind: 'by_post',
    description: 'This is a commonhold common parts title: the register and title plan are supplied together, a fee for each set.',
  },
};

export const checkRequest = (
  request: businessGateway.OfficialCopyRequestRead,
  title: RegisteredTitle | undefined,
  documents: readonly string[],
): Check => {
  if (request.titleNumber === 'EXC10030' && !request.continueIfClosedAndContinued) {
    return { kind: 'refused', code: codes.closedAndContinued, reason: 'Title EXC10030 is closed and continued under another title.' };
  }
  const vendor = vendorTitles[request.titleNumber];
  if (vendor && vendor.kind !== 'take') return vendor;
  if (request.officialCopyTypeCode !== '10')
    return { kind: 'refused', code: 'bg.document.details.not.provided', reason: 'Document details are incomplete' };
  if (!title) return { kind: 'refused', code: codes.titleInvalid, reason: `Title ${request.titleNumber} is not a valid title number.` };
  if (title.status === 'closed') {
    if (title.continuedUnderTitleNumber && !request.continueIfClosedAndContinued) {
      return {
        kind: 'refused',
        code: codes.closedAndContinued,
        reason: `Title ${title.titleNumber} is closed and continued under title ${title.continuedUnderTitleNumber}.`,
      };
    }
    return { kind: 'refused', code: codes.titleClosed, reason: `Title ${title.titleNumber} is closed.` };
  }
  if (title.applicationsPending && !request.sendBackDated) {
    return {
      kind: 'refused',
      code: codes.pendingApplication,
      reason: `There are pending applications against title ${title.titleNumber}.`,
    };
  }
  const fee = feePerCopyPence * documents.length;
  const expected = request.expectedGrossPrice === null ? null : businessGateway.penceOf(request.expectedGrossPrice);
  if (expected !== null && fee > expected && !request.continueIfFeeExceeds) {
    return {
      kind: 'refused',
      code: codes.feeMismatch,
      reason: 'The actual fee exceeds the expected fee.',
      actualGrossPrice: businessGateway.poundsText(fee),
    };
  }
  if (request.requestedCode === '40' || request.requestedCode === '50') {
    return { kind: 'by_post', description: 'A certificate in form CI is always sent by post.' };
  }
  if (documents.includes('plan') && !title.planAvailable) return { kind: 'by_post', description: byPostText };
  return { kind: 'take' };
};
