import type { XmlContent, XmlNode } from '../xml';
import { childOf, textAt } from '../xml';
import { penceOf, poundsText } from './amounts';

// Register Extract Service request (V2_0): one title number, the price we expect to pay and six switches. The
// registry has no postal fallback for this service, so there is no delivery choice. Amounts are integer pence here
// and decimal pounds on the wire.

export interface OfficialCopyWithSummaryOrder {
  /** Unique per request, kept before sending: the key of duplicate detection and of the poll. */
  readonly messageId: string;
  readonly titleNumber: string;
  readonly externalReference: string;
  readonly customerReference: string;
  /** The gross price we expect to pay, in pence; omitted when not stated. */
  readonly expectedGrossPence: number | null;
  readonly includeTitlePlan: boolean;
  readonly continueIfTitleIsClosedAndContinued: boolean;
  /** Sent as asked, though the registry always reads the two notify switches as false. */
  readonly notifyIfPendingFirstRegistration: boolean;
  readonly notifyIfPendingApplication: boolean;
  readonly sendBackDated: boolean;
  readonly continueIfActualFeeExceedsExpectedFee: boolean;
}

export const officialCopyWithSummaryRequest = (order: OfficialCopyWithSummaryOrder): XmlContent => ({
  ID: { MessageID: order.messageId },
  Product: {
    SubjectProperty: { TitleNumber: order.titleNumber },
    ExpectedPrice: order.expectedGrossPence === null ? undefined : { GrossPriceAmount: poundsText(order.expectedGrossPence) },
    ExternalReference: { Reference: order.externalReference },
    CustomerReference: { Reference: order.customerReference },
    TitleKnownOfficialCopy: {
      ContinueIfTitleIsClosedAndContinuedIndicator: order.continueIfTitleIsClosedAndContinued,
      NotifyIfPendingFirstRegistrationIndicator: order.notifyIfPendingFirstRegistration,
      NotifyIfPendingApplicationIndicator: order.notifyIfPendingApplication,
      SendBackDatedIndicator: order.sendBackDated,
      ContinueIfActualFeeExceedsExpectedFeeIndicator: order.continueIfActualFeeExceedsExpectedFee,
      IncludeTitlePlanIndicator: order.includeTitlePlan,
    },
  },
});

const requiredText = (node: unknown, ...path: string[]): string => {
  const value = textAt(node, ...path);
  if (value === undefined) throw new Error(`request: ${path.join('/')} is missing`);
  return value;
};

// An element sent empty takes the schema's default (false); `1` and `0` are booleans too.
const switchOf = (node: unknown, name: string): boolean => {
  const value = textAt(node, name)?.trim();
  return value === 'true' || value === '1';
};

/** The request as the registry test environment reads it from `arg0` (already checked against the schema). */
export const readOfficialCopyWithSummaryRequest = (content: XmlNode): OfficialCopyWithSummaryOrder => {
  const product = childOf(content, 'Product');
  const switches = childOf(product, 'TitleKnownOfficialCopy');
  const gross = textAt(product, 'ExpectedPrice', 'GrossPriceAmount');
  return {
    messageId: requiredText(content, 'ID', 'MessageID'),
    titleNumber: requiredText(product, 'SubjectProperty', 'TitleNumber'),
    externalReference: requiredText(product, 'ExternalReference', 'Reference'),
    customerReference: requiredText(product, 'CustomerReference', 'Reference'),
    expectedGrossPence: gross === undefined ? null : penceOf(gross),
    includeTitlePlan: switchOf(switches, 'IncludeTitlePlanIndicator'),
    continueIfTitleIsClosedAndContinued: switchOf(switches, 'ContinueIfTitleIsClosedAndContinuedIndicator'),
    notifyIfPendingFirstRegistration: switchOf(switches, 'NotifyIfPendingFirstRegistrationIndicator'),
    notifyIfPendingApplication: switchOf(switches, 'NotifyIfPendingApplicationIndicator'),
    sendBackDated: switchOf(switches, 'SendBackDatedIndicator'),
    continueIfActualFeeExceedsExpectedFee: switchOf(switches, 'ContinueIfActualFeeExceedsExpectedFeeIndicator'),
  };
};
