import { checkAgainstSchema, payloadDocument } from '../schema-check';
import { outstandingRequests as service } from '../services';
import { readSoapRequest, readSoapResponse, soapRequest, soapResponse } from '../soap';
import { asDocument } from '../xml';
import {
  outstandingRequestsContent,
  outstandingRequestsListContent,
  outstandingRequestsRejectionContent,
  readOutstandingRequests,
  readOutstandingRequestsQuery,
  serviceTypes,
} from './outstanding-requests';

// The messages of Outstanding Requests (request V2_1, response V2_0), written as the adapter sends them and as the
// registry test environment answers, checked against the project's schemas of the service. Values from the developer
// pack's vendor test: its stub lists Search by Property Description (75) and Official Copy Title Known V2_1 (84)
// requests still out of hours and with answers waiting, answers `testnoresults` with an empty list, and rejects an
// unknown service type with `bg.invalid.service.type`.

const credentials = { username: 'BGUser001', password: 'landreg001' };

const requestVerdict = (envelope: string) =>
  checkAgainstSchema(payloadDocument(envelope, 'arg0', service.request.root, service.request.namespace) ?? '', service.request.file);
const responseVerdict = (envelope: string) =>
  checkAgainstSchema(payloadDocument(envelope, 'return', service.response.root, service.response.namespace) ?? '', service.response.file);

const answered = (envelope: string) => {
  const answer = readSoapResponse(envelope, service.operation);
  if (answer.kind !== 'return') throw new Error('fault');
  return readOutstandingRequests(answer.content);
};

describe('an outstanding requests request', () => {
  it.each([
    [{ messageId: 'or-2f1f0c1d-2e3f-4d6a', showOnlyNewResponses: true }],
    [{ messageId: 'testnoresults', showOnlyNewResponses: false, specificService: serviceTypes.officialCopyTitleKnownV2_1 }],
  ])('is valid under the schema, with an empty provider filter, and reads back as sent (%o)', async (query) => {
    const envelope = soapRequest(service.operation, outstandingRequestsContent(query), service.request, credentials);
    expect(await requestVerdict(envelope)).toEqual({ valid: true, errors: [] });
    expect(envelope).toMatch(/<m:AdditionalProviderFilter><\/m:AdditionalProviderFilter>/);
    const read = readSoapRequest(envelope);
    expect(read).toMatchObject({ operation: 'getOutstandingRequests', credentials, locale: 'en' });
    expect(readOutstandingRequestsQuery(read.content)).toEqual(query);
  });

  it('is refused by the schema with a message ID the registry does not take, or without the provider filter', async () => {
    const bad = outstandingRequestsContent({ messageId: 'or_with_underscore', showOnlyNewResponses: true });
    expect((await checkAgainstSchema(asDocument(bad, service.request.root, service.request), service.request.file)).valid).toBe(false);
    const content = outstandingRequestsContent({ messageId: 'or-12345', showOnlyNewResponses: true });
    const withoutFilter = { ...content, Product: { ShowOnlyNewResponses: 'true' } };
    expect((await checkAgainstSchema(asDocument(withoutFilter, service.request.root, service.request), service.request.file)).valid).toBe(
      false,
    );
  });
});

describe('an outstanding requests response', () => {
  const waiting = [
    { messageId: 'polloutofhours', newResponse: false, serviceType: 75 },
    { messageId: 'pollsuccess', newResponse: true, serviceType: 75 },
    { messageId: 'pollinvalidpostcode', newResponse: true, serviceType: 75 },
    { messageId: 'messageID-outOfHours', newResponse: false, serviceType: 84 },
    { messageId: 'messageID-success', newResponse: true, serviceType: 84 },
    { messageId: 'messageID-alternativeFlow', newResponse: true, serviceType: 84 },
  ];

  it('lists requests with and without an answer waiting, valid under the schema', async () => {
    const envelope = soapResponse(
      service.operation,
      outstandingRequestsListContent(waiting, '2026-05-12T11:00:00+01:00'),
      service.response,
    );
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    const answer = answered(envelope);
    expect(answer).toEqual({ kind: 'list', requests: waiting, resultDateTime: '2026-05-12T11:00:00+01:00' });
    if (answer.kind === 'list') expect(answer.requests.filter((r) => r.newResponse).map((r) => r.messageId)).toHaveLength(4);
  });

  it('lists nothing, with the time the list was made', async () => {
    const envelope = soapResponse(service.operation, outstandingRequestsListContent([], '2026-05-12T10:00:00Z'), service.response);
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    expect(answered(envelope)).toEqual({ kind: 'list', requests: [], resultDateTime: '2026-05-12T10:00:00Z' });
  });

  it('rejects an unknown service type, valid under the schema', async () => {
    const content = outstandingRequestsRejectionContent('bg.invalid.service.type', 'The service type 1000 is not known.');
    const envelope = soapResponse(service.operation, content, service.response);
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    expect(answered(envelope)).toEqual({
      kind: 'rejection',
      code: 'bg.invalid.service.type',
      reason: 'The service type 1000 is not known.',
    });
  });

  it('is refused by the schema when a list has no result time or a rejection no reason', async () => {
    const noTime = { TypeCode: '30', Results: { OutstandingRequests: [] } };
    expect((await checkAgainstSchema(asDocument(noTime, service.response.root, service.response), service.response.file)).valid).toBe(
      false,
    );
    const noReason = { TypeCode: '20', Rejection: { RejectionResponse: { Reason: '', Code: 'x' } } };
    expect((await checkAgainstSchema(asDocument(noReason, service.response.root, service.response), service.response.file)).valid).toBe(
      false,
    );
  });

  it('throws for an answer that is neither a list nor a rejection', () => {
    expect(() => readOutstandingRequests({ TypeCode: '10' })).toThrow('type code 10');
  });
});
