import { payloadDocument, checkAgainstSchema } from '../schema-check';
import { officialCopyWithSummary } from '../services';
import { readSoapRequest, soapRequest } from '../soap';
import { asDocument, readXml, type XmlNode } from '../xml';
import { penceOf, poundsText } from './amounts';
import {
  officialCopyWithSummaryRequest,
  readOfficialCopyWithSummaryRequest,
  type OfficialCopyWithSummaryOrder,
} from './official-copy-with-summary';

// The request as the vendor tests send it (RES vendor data 1.1): BGUser001, gross price 8.00, references Ext_ref and
// Bguser1, every switch false but the title plan.
const vendorOrder: OfficialCopyWithSummaryOrder = {
  messageId: '170100',
  titleNumber: 'GR506405',
  externalReference: 'Ext_ref',
  customerReference: 'Bguser1',
  expectedGrossPence: 800,
  includeTitlePlan: true,
  continueIfTitleIsClosedAndContinued: false,
  notifyIfPendingFirstRegistration: false,
  notifyIfPendingApplication: false,
  sendBackDated: false,
  continueIfActualFeeExceedsExpectedFee: false,
};

const { request } = officialCopyWithSummary;

const documentOf = (order: OfficialCopyWithSummaryOrder) => asDocument(officialCopyWithSummaryRequest(order), request.root, request);

const rootOf = (document: string): XmlNode => readXml(document)[request.root] as XmlNode;

describe('Register Extract Service request', () => {
  it('is valid under the schema, as a document and as the arg0 of an envelope', async () => {
    expect(await checkAgainstSchema(documentOf(vendorOrder), request.file)).toEqual({ valid: true, errors: [] });
    const envelope = soapRequest(officialCopyWithSummary.operation, officialCopyWithSummaryRequest(vendorOrder), request, {
      username: 'BGUser001',
      password: 'landreg001',
    });
    const payload = payloadDocument(envelope, 'arg0', request.root, request.namespace);
    expect(payload).not.toBeNull();
    expect(await checkAgainstSchema(payload!, request.file)).toEqual({ valid: true, errors: [] });
    expect(readSoapRequest(envelope).operation).toBe('performOCWithSummary');
  });

  it('writes the price as pounds and the six switches in the schema order', () => {
    const document = documentOf(vendorOrder);
    expect(document).toContain('<m:GrossPriceAmount>8.00</m:GrossPriceAmount>');
    const order = [
      'ContinueIfTitleIsClosedAndContinuedIndicator',
      'NotifyIfPendingFirstRegistrationIndicator',
      'NotifyIfPendingApplicationIndicator',
      'SendBackDatedIndicator',
      'ContinueIfActualFeeExceedsExpectedFeeIndicator',
      'IncludeTitlePlanIndicator',
    ].map((name) => document.indexOf(`<m:${name}>`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(document).toContain('<m:IncludeTitlePlanIndicator>true</m:IncludeTitlePlanIndicator>');
  });

  it('leaves the expected price out when none is stated, and stays valid', async () => {
    const document = documentOf({ ...vendorOrder, expectedGrossPence: null });
    expect(document).not.toContain('ExpectedPrice');
    expect((await checkAgainstSchema(document, request.file)).valid).toBe(true);
  });

  it('is read back by the registry as it was written', () => {
    const order = { ...vendorOrder, expectedGrossPence: 1150, sendBackDated: true };
    expect(readOfficialCopyWithSummaryRequest(rootOf(documentOf(order)))).toEqual(order);
  });

  it('fails the schema with a message id the registry refuses (an underscore) or a lower-case title number', async () => {
    const badId = await checkAgainstSchema(documentOf({ ...vendorOrder, messageId: 'msg_170100' }), request.file);
    expect(badId.valid).toBe(false);
    expect(badId.errors.join(' ')).toContain('MessageID');
    expect((await checkAgainstSchema(documentOf({ ...vendorOrder, titleNumber: 'gr506405' }), request.file)).valid).toBe(false);
  });
});

describe('amounts', () => {
  it('writes pence as pounds and reads the forms the registry sends', () => {
    expect(poundsText(800)).toBe('8.00');
    expect(poundsText(1205)).toBe('12.05');
    expect(penceOf('8.00')).toBe(800);
    expect(penceOf('10')).toBe(1000);
    expect(penceOf('12.0')).toBe(1200);
    expect(penceOf('2.55')).toBe(255);
    expect(() => penceOf('2.555')).toThrow();
    expect(() => poundsText(-1)).toThrow();
  });
});
