import { sampleFreeholdWithCharges } from '../../../register/samples/freehold-with-charges';
import { sampleLeaseholdFlat } from '../../../register/samples/leasehold-flat';
import { buildRegisterSummary } from '../register-summary/build-summary';
import { registerDataOf } from '../register-summary/register-data';
import { checkAgainstSchema, payloadDocument } from '../schema-check';
import { officialCopyWithSummary, officialCopyWithSummaryPoll } from '../services';
import { readSoapResponse, soapResponse } from '../soap';
import type { XmlContent } from '../xml';
import type { SummaryParty } from './register-summary';
import {
  acknowledgementContent,
  readOfficialCopyWithSummaryResponse,
  registerExtractNotYetProcessedText,
  registerExtractQueuedText,
  registerExtractRefusals,
  rejectionContent,
  resultContent,
} from './official-copy-with-summary-response';

// The vendor tests of the Register Extract Service (RES vendor data 1.1 to 1.4), answered by the builders the
// registry test environment uses, sent through a SOAP envelope, checked against the schema and read back.

const { response } = officialCopyWithSummary;

/** The content through a response envelope: checked against the schema, then read as a client reads it. */
const answer = async (content: XmlContent, service = officialCopyWithSummary) => {
  const envelope = soapResponse(service.operation, content, response);
  const payload = payloadDocument(envelope, 'return', response.root, response.namespace);
  expect(payload).not.toBeNull();
  const verdict = await checkAgainstSchema(payload!, response.file);
  expect(verdict).toEqual({ valid: true, errors: [] });
  const read = readSoapResponse(envelope, service.operation);
  if (read.kind !== 'return') throw new Error('expected a return');
  return readOfficialCopyWithSummaryResponse(read.content);
};

// Names and descriptions only (toEqual ignores the undefined addresses).
const withoutAddresses = (party: SummaryParty) => ({ ...party, addresses: undefined });

// A ZIP begins with a local file header ("PK\3\4"), a PDF with "%PDF-".
const zipBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('register.pdf title-plan.pdf')]);

describe('vendor test 1.1: GR506405, the register and title plan as a ZIP with the summary', () => {
  const register = { ...sampleFreeholdWithCharges, titleNumber: 'GR506405' };
  const content = resultContent({
    externalReference: 'Ext_ref',
    actualPrice: { grossPence: 800, netPence: null, vatPence: null },
    attachment: { bytes: zipBytes, format: 'ZIP', filename: 'GR506405.zip' },
    summary: buildRegisterSummary(register),
    register: registerDataOf(register),
  });

  it('is a result with the ZIP, the price and the title', async () => {
    const read = await answer(content);
    if (read.kind !== 'result') throw new Error(`expected a result, got ${read.kind}`);
    expect(read.externalReference).toBe('Ext_ref');
    expect(read.actualPrice).toEqual({ grossPence: 800, netPence: null, vatPence: null });
    expect(read.attachment).toEqual({ bytes: zipBytes, format: 'ZIP', declaredFormat: 'ZIP', filename: 'GR506405.zip' });
    expect(read.summary?.title).toMatchObject({ titleNumber: 'GR506405', classOfTitle: '10', commonhold: false });
  });

  // Values worked out from the freehold sample's entries by hand.
  it('carries the summary of the register', async () => {
    const read = await answer(content);
    if (read.kind !== 'result' || !read.summary) throw new Error('expected a result with a summary');
    const summary = read.summary;
    expect(summary.officialCopyDateTime).toBe('2024-05-02T10:21:03');
    expect(summary.editionDate).toBe('2023-06-02');
    expect(summary.title).toMatchObject({
      districtName: 'WOKINGHAM',
      administrativeArea: 'BERKSHIRE',
      landRegistryOffice: 'Durham Office',
    });
    expect(summary.propertyAddresses).toEqual([{ postcode: 'RG40 9ZZ', numbers: [], lines: ['14 Larkspur Close', 'Wokingham'] }]);
    expect(summary.proprietorship.kind).toBe('registered');
    expect(summary.proprietorship.parties.map(withoutAddresses)).toEqual([
      { kind: 'individual', forenames: 'DAVID ALAN', surname: 'PRESCOTT', description: null },
      { kind: 'individual', forenames: 'HANNAH MAY', surname: 'PRESCOTT', description: null },
    ]);
    expect(summary.proprietorship.parties[0]?.addresses).toEqual([
      { postcode: 'RG40 9ZZ', numbers: [], lines: ['14 Larkspur Close', 'Wokingham'] },
    ]);
    expect(summary.pricePaid).toMatchObject({ amount: '£485,000', date: '2022-02-25', entry: { entryNumber: '2', subRegister: 'B' } });
    expect(summary.charges.map((c) => [c.chargeId, c.date, c.chargees.map(withoutAddresses)])).toEqual([
      ['1', '2022-02-25', [{ kind: 'organisation', name: 'MERIDIAN BUILDING SOCIETY', companyNumber: null, description: null }]],
      [
        '2',
        '2023-05-19',
        [{ kind: 'organisation', name: 'ASHDOWN SECURED LENDING LIMITED', companyNumber: '08812345', description: null }],
      ],
    ]);
    // B3 is the joint proprietors' Form A (code 10); B4 needs the consent of the first charge's lender.
    expect(summary.restrictions.map((r) => [r.kind, r.typeCode, r.chargeId, r.entry.entryNumber])).toEqual([
      ['NonChargeRestriction', '10', null, '3'],
      ['ChargeRestriction', '30', '1', '4'],
    ]);
    expect(summary.restrictions[1]?.entry.text).toContain('in favour of Meridian Building Society');
    const set = Object.entries(summary.indicators)
      .filter(([, on]) => on)
      .map(([name]) => name);
    expect(set.sort()).toEqual(['Charge', 'ChargeRestriction', 'Chargee', 'MultipleCharge', 'NonChargeRestriction', 'PricePaid']);
    expect(summary.leases).toEqual([]);
  });

  it('carries the register as XML, entry by entry', async () => {
    const read = await answer(content);
    if (read.kind !== 'result' || !read.register) throw new Error('expected a result with the register');
    expect(read.register.property.districtDetails).toEqual(['BERKSHIRE : WOKINGHAM']);
    expect(read.register.property.entries).toHaveLength(3);
    expect(read.register.charges?.entries.map((e) => e.entryType)).toEqual([
      'Restrictive Covenants/Stipulations - Deed',
      'Subjective Easements - C Register',
      'Restrictive Covenants/Stipulations - Deed',
      'Registered Charges',
      'Chargee',
      'Registered Charges',
      'Chargee',
    ]);
    expect(read.register.charges?.entries[0]?.entryText).toHaveLength(3);
    expect(read.register.property.entries[2]).toEqual({
      entryNumber: '3',
      entryDate: null,
      entryType: 'Beneficial/Subjective Easements - A Register',
      entryText: sampleFreeholdWithCharges.propertyRegister[2]!.entryText,
    });
  });

  it('takes the format from the bytes when the attribute says otherwise, and keeps what was declared', async () => {
    const mislabelled = resultContent({ externalReference: 'Ext_ref', attachment: { bytes: zipBytes, format: 'PDF', filename: 'x.pdf' } });
    const read = await answer(mislabelled);
    expect(read.kind === 'result' && read.attachment).toMatchObject({ format: 'ZIP', declaredFormat: 'PDF' });
    const pdf = Buffer.from('%PDF-1.4 register');
    const single = await answer(
      resultContent({ externalReference: 'Ext_ref', attachment: { bytes: pdf, format: 'PDF', filename: 'GR506405.pdf' } }),
    );
    expect(single.kind === 'result' && single.attachment).toMatchObject({ format: 'PDF', bytes: pdf });
  });
});

describe('a leasehold register summarised', () => {
  it('gives the lease, the leasehold class and the notes of the property description', async () => {
    const read = await answer(
      resultContent({
        externalReference: 'ref',
        summary: buildRegisterSummary(sampleLeaseholdFlat),
        register: registerDataOf(sampleLeaseholdFlat),
      }),
    );
    if (read.kind !== 'result' || !read.summary) throw new Error('expected a result with a summary');
    const { summary } = read;
    expect(summary.title.classOfTitle).toBe('60');
    expect(summary.indicators).toMatchObject({ LeaseHoldTitle: true, PropertyDescriptionNotes: true, Charge: true, MultipleCharge: false });
    expect(summary.leases).toHaveLength(1);
    const lease = summary.leases[0]!;
    expect([lease.term, lease.date, lease.rent]).toEqual(['125 years from 1 January 2005', '30 June 2005', '£250']);
    expect(lease.parties.map(withoutAddresses)).toEqual([
      { kind: 'organisation', name: 'Ellery Road Estates Limited', companyNumber: null, description: 'Lessor' },
      { kind: 'individual', forenames: 'Marcus Okafor', surname: 'Bell', description: 'Lessee' },
      { kind: 'organisation', name: 'Hawthorn Court Management Company Limited', companyNumber: null, description: null },
    ]);
    expect(summary.proprietorship.parties.map((p) => p.kind === 'individual' && [p.forenames, p.surname])).toEqual([
      ['PRIYA NANDINI', 'RAO'],
    ]);
    expect(summary.charges[0]?.chargees[0]).toMatchObject({ name: 'CASTLEGATE BANK PLC', companyNumber: '02065123' });
    expect(summary.pricePaid).toMatchObject({ amount: '£415,000', date: '2019-09-27' });
  });
});

describe('vendor test 1.2: GR506098 cannot be delivered electronically', () => {
  it('is a rejection with the Register Extract Service reason', async () => {
    const read = await answer(rejectionContent({ externalReference: 'Ext_ref', ...registerExtractRefusals.register }));
    expect(read).toEqual({
      kind: 'rejection',
      externalReference: 'Ext_ref',
      code: registerExtractRefusals.register.code,
      reason:
        'Your Official Copy request cannot be delivered electronically. Postal delivery is not available for the Register Extract Service.',
      otherDescription: null,
      validationErrors: [],
      actualPrice: null,
    });
  });

  it('reads validation errors and the actual price of a fee refusal', async () => {
    const read = await answer(
      rejectionContent({
        externalReference: 'Ext_ref',
        code: 'bg.fee.feeMismatch',
        reason: 'fee',
        actualPrice: { grossPence: 1100, netPence: 1100, vatPence: 0 },
        validationErrors: [{ code: 'bg.fee.feeMismatch', description: 'The fee is higher than expected' }],
      }),
    );
    expect(read).toMatchObject({
      actualPrice: { grossPence: 1100, netPence: 1100, vatPence: 0 },
      validationErrors: [{ code: 'bg.fee.feeMismatch' }],
    });
  });
});

describe('vendor tests 1.3 and 1.4: out of hours, then a poll before it is processed', () => {
  it('acknowledges GR506123 with the poll time', async () => {
    const read = await answer(
      acknowledgementContent({
        uniqueId: '170108',
        expectedResponseDateTime: '2024-05-03T08:00:00',
        description: registerExtractQueuedText,
      }),
    );
    expect(read).toEqual({
      kind: 'acknowledgement',
      uniqueId: '170108',
      expectedResponseDateTime: '2024-05-03T08:00:00',
      description: 'Service is not currently available. System has queued your request, please poll at specified time',
    });
  });

  it('answers the poll of 170108 with another acknowledgement', async () => {
    const ack = acknowledgementContent({
      uniqueId: '170108',
      expectedResponseDateTime: '2024-05-03T08:00:00',
      description: registerExtractNotYetProcessedText,
    });
    const read = await answer(ack, officialCopyWithSummaryPoll);
    expect(read).toMatchObject({ kind: 'acknowledgement', uniqueId: '170108', description: 'Request has not yet been processed' });
  });
});

describe('the response schema', () => {
  it('refuses a type code outside 0, 10, 20, 30 and an acknowledgement without its poll time', async () => {
    const bad = { GatewayResponse: { TypeCode: '40' } };
    const document = payloadDocument(
      soapResponse(officialCopyWithSummary.operation, bad, response),
      'return',
      response.root,
      response.namespace,
    )!;
    expect((await checkAgainstSchema(document, response.file)).valid).toBe(false);
    const noTime = {
      GatewayResponse: { TypeCode: '10', Acknowledgement: { AcknowledgementDetails: { UniqueID: 'x', MessageDescription: 'y' } } },
    };
    const second = payloadDocument(
      soapResponse(officialCopyWithSummary.operation, noTime, response),
      'return',
      response.root,
      response.namespace,
    )!;
    expect((await checkAgainstSchema(second, response.file)).valid).toBe(false);
  });
});
