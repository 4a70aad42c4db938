import { checkAgainstSchema, payloadDocument } from '../schema-check';
import { officialCopyTitleKnown as service, officialCopyTitleKnownPoll as poll } from '../services';
import { readSoapRequest, readSoapResponse, soapRequest, soapResponse } from '../soap';
import { acknowledgementContent, rejectionContent } from './gateway-response';
import {
  officialCopyRequestContent,
  officialCopyResultContent,
  readOfficialCopyRequest,
  readOfficialCopyResponse,
  type OfficialCopyRequest,
} from './official-copy-title-known';
import { pollRequestContent, readPollRequest } from './poll';

// The messages of Official Copy Title Known (request V2_1, response V2_0) and its poll, checked against the project's
// schemas. Values from the developer pack's OC1 vendor tests: title ST500681, a register (code 10), expected fee £3.

const credentials = { username: 'BGUser001', password: 'landreg001' };

const request: OfficialCopyRequest = {
  messageId: 'ord-01jd9x4k2m-register',
  externalReference: 'ord_01jd9x4k2m',
  customerReference: 'acct-1234',
  titleNumber: 'ST500681',
  requested: 'register',
  expectedGrossPence: 300,
  contact: { name: 'Property Data Service', telephone: '0300 000 0000' },
  propertyDescription: '14 Larkspur Close, Wokingham RG40 9ZZ',
  sendBackDated: false,
};

const check = (envelope: string, wrapper: 'arg0' | 'return', schema: { root: string; namespace: string; file: string }) =>
  checkAgainstSchema(payloadDocument(envelope, wrapper, schema.root, schema.namespace) ?? '', schema.file);

const returned = (envelope: string) => {
  const answer = readSoapResponse(envelope, service.operation);
  if (answer.kind !== 'return') throw new Error('a fault');
  return readOfficialCopyResponse(answer.content);
};

describe('an official copy request', () => {
  it('is valid, names every indicator, and reads back', async () => {
    const envelope = soapRequest(service.operation, officialCopyRequestContent(request), service.request, credentials);
    expect(await check(envelope, 'arg0', service.request)).toEqual({ valid: true, errors: [] });
    expect(readOfficialCopyRequest(readSoapRequest(envelope).content)).toEqual({
      messageId: request.messageId,
      externalReference: 'ord_01jd9x4k2m',
      titleNumber: 'ST500681',
      requestedCode: '10',
      officialCopyTypeCode: '10',
      expectedGrossPrice: '3.00',
      sendBackDated: false,
      continueIfFeeExceeds: false,
      continueIfClosedAndContinued: false,
      documentDetailsCount: 0,
    });
  });

  it('is invalid with a lower-case title number (the schema takes capitals only)', async () => {
    const envelope = soapRequest(
      service.operation,
      officialCopyRequestContent({ ...request, titleNumber: 'st500681' }),
      service.request,
      credentials,
    );
    const verdict = await check(envelope, 'arg0', service.request);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.join(' ')).toContain('TitleNumber');
  });

  it('polls with the request’s message id', async () => {
    const envelope = soapRequest(poll.operation, pollRequestContent(request.messageId), poll.request, credentials);
    expect(await check(envelope, 'arg0', poll.request)).toEqual({ valid: true, errors: [] });
    expect(readPollRequest(readSoapRequest(envelope).content)).toBe(request.messageId);
  });
});

describe('an official copy response', () => {
  it('with a PDF attachment is valid, with its attributes qualified, and reads back the bytes', async () => {
    const pdf = Buffer.from('%PDF-1.7 a register');
    const results = {
      externalReference: 'ord_01jd9x4k2m',
      actualGrossPrice: '3.00',
      attachment: { bytes: pdf, format: 'PDF', filename: 'Register.pdf' },
      resultTypeCode: '10',
      hmlrReference: '7BBBFNY',
    };
    const envelope = soapResponse(service.operation, officialCopyResultContent(results), service.response);
    expect(await check(envelope, 'return', service.response)).toEqual({ valid: true, errors: [] });
    expect(envelope).toContain('m:format="PDF"');
    expect(returned(envelope)).toEqual({ kind: 'result', result: results });
  });

  it('as an acknowledgement with the registry’s reference (copies by post) is valid without a poll time', async () => {
    const ack = {
      uniqueId: request.messageId,
      expectedResponseDateTime: null,
      description: 'The official copy cannot be issued electronically; it will be sent by post.',
      hmlrReference: 'A1B2C3D',
    };
    const envelope = soapResponse(service.operation, acknowledgementContent(ack), service.response);
    expect(await check(envelope, 'return', service.response)).toEqual({ valid: true, errors: [] });
    expect(returned(envelope)).toEqual({ kind: 'acknowledgement', acknowledgement: ack });
  });

  it('as a fee rejection carries the actual fee, and a BatchException rejection reads its bg code', async () => {
    const rejection = {
      externalReference: 'ord_01jd9x4k2m',
      code: 'bg.fee.feeMismatch',
      reason: 'The actual fee exceeds the expected fee.',
      otherDescription: null,
      validationErrors: [],
      actualGrossPrice: '7.00',
    };
    const envelope = soapResponse(service.operation, rejectionContent(rejection), service.response);
    expect(await check(envelope, 'return', service.response)).toEqual({ valid: true, errors: [] });
    expect(returned(envelope)).toEqual({ kind: 'rejection', rejection });

    const batch = {
      ...rejection,
      code: 'BatchExceptionCode',
      reason: 'BatchException',
      validationErrors: [{ code: 'bg.title.invalid', description: 'Title number is invalid' }],
      actualGrossPrice: null,
    };
    const read = returned(soapResponse(service.operation, rejectionContent(batch), service.response));
    expect(read).toMatchObject({ kind: 'rejection', rejection: { code: 'bg.title.invalid', reason: 'BatchException' } });
  });
});
