import { businessGateway, extractPdfText } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';
import { unzipSync } from 'fflate';
import { RegistryControl } from '../registry-control';
import { defaultRegistryCredentials, startRegistrySimulator, type RunningRegistrySimulator } from './simulator';

// The registry test environment speaks Business Gateway: SOAP requests built as the adapter builds them are posted to
// the test service's paths, and every answer is checked against the project's schema of its service before it is
// read. In this process on a free port: no Kafka or PostgreSQL.

const bg = businessGateway;
// Long enough that a test reads an order as processing before it completes, on a loaded machine too.
const fulfilmentDelayMs = 1_000;
let businessNow = new Date('2026-05-12T10:00:00Z'); // 11:00 BST, a Tuesday
let registry: RunningRegistrySimulator;
let control: RegistryControl;

type Service = businessGateway.SoapService;

/** Posts a request as Business Gateway's clients do; checks and reads the envelope that answers. */
const post = async (
  service: Service,
  content: businessGateway.XmlContent,
  credentials: { username: string; password: string } = defaultRegistryCredentials,
) => {
  const res = await fetch(`${registry.url}${bg.soapPath('test', service)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
    body: bg.soapRequest(service.operation, content, service.request, credentials),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const answer = bg.readSoapResponse(text, service.operation);
  if (answer.kind === 'return') {
    const document = bg.payloadDocument(text, 'return', service.response.root, service.response.namespace) ?? '';
    expect(await bg.checkAgainstSchema(document, service.response.file)).toEqual({ valid: true, errors: [] });
  }
  return { status: res.status, answer };
};

const returned = (reply: Awaited<ReturnType<typeof post>>) => {
  if (reply.answer.kind !== 'return') throw new Error(`a fault: ${JSON.stringify(reply.answer.fault)}`);
  expect(reply.status).toBe(200);
  return reply.answer.content;
};

const search = (address: businessGateway.SearchAddress, messageId = bg.freshMessageId()) =>
  bg.searchRequestContent({ messageId, externalReference: 'ext-1', customerReference: 'cust-1', address });

const searchAnswer = async (address: businessGateway.SearchAddress, messageId?: string) =>
  bg.readSearchResponse(returned(await post(bg.searchByPropertyDescription, search(address, messageId))));

let ids = 0;
const nextId = () => `oc-${process.pid}-${++ids}`;
const copyRequest = (
  titleNumber: string,
  extra: Partial<businessGateway.OfficialCopyRequest> = {},
): businessGateway.OfficialCopyRequest => ({
  messageId: nextId(),
  externalReference: 'ord-ext',
  customerReference: 'acct-1',
  titleNumber,
  requested: 'register',
  expectedGrossPence: 300,
  contact: { name: 'Property Data Service', telephone: '0300 000 0000' },
  propertyDescription: `Title ${titleNumber}`,
  sendBackDated: false,
  ...extra,
});

const order = async (request: businessGateway.OfficialCopyRequest) =>
  bg.readOfficialCopyResponse(returned(await post(bg.officialCopyTitleKnown, bg.officialCopyRequestContent(request))));
const poll = async (messageId: string) =>
  bg.readOfficialCopyResponse(returned(await post(bg.officialCopyTitleKnownPoll, bg.pollRequestContent(messageId))));

const settled = async (messageId: string) => {
  for (let i = 0; i < 200; i++) {
    const answer = await poll(messageId);
    if (answer.kind !== 'acknowledgement') return answer;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`request ${messageId} still processing`);
};

beforeAll(async () => {
  registry = await startRegistrySimulator({
    clock: { now: () => businessNow },
    fulfilmentDelayMs,
    logger: createLogger('registry-simulator', 'silent'),
  });
  control = new RegistryControl(registry.url);
});
afterAll(() => registry.close());
beforeEach(() => {
  businessNow = new Date('2026-05-12T10:00:00Z');
});
afterEach(() => control.clearFaults());

describe('Search by Property Description', () => {
  it('answers its health check at the root', async () => {
    expect(await (await fetch(`${registry.url}/health`)).json()).toMatchObject({ status: 'ok' });
  });

  it('finds a house by its number and postcode, with the registry’s address parts', async () => {
    expect(await searchAnswer({ buildingName: '14', postcode: 'RG40 9ZZ' })).toEqual({
      kind: 'result',
      result: {
        externalReference: 'ext-1',
        titles: [
          {
            titleNumber: 'BK509231',
            description: null,
            tenureCode: '10',
            address: {
              buildingName: null,
              subBuildingName: null,
              buildingNumber: '14',
              streetName: 'Larkspur Close',
              cityName: 'Wokingham',
              postcode: 'RG40 9ZZ',
            },
          },
        ],
      },
    });
  });

  it('finds the leasehold flat and its block by the building’s number', async () => {
    const answer = await searchAnswer({ buildingName: '22', postcode: 'NW5 9ZZ' });
    expect(answer.kind === 'result' && answer.result.titles.map((t) => [t.titleNumber, t.tenureCode])).toEqual([
      ['NGL918273', '20'],
      ['NGL402216', '10'],
    ]);
  });

  it('rejects a search with no match, one without a house, and the pack’s unknown postcode, echoing the reference', async () => {
    expect(await searchAnswer({ buildingName: '16', postcode: 'RG40 9ZZ' })).toMatchObject({
      kind: 'rejection',
      rejection: { code: 'bg.properties.nopropertyfound', externalReference: 'ext-1' },
    });
    expect(await searchAnswer({ streetName: 'Larkspur Close', cityName: 'Wokingham', postcode: 'RG40 9ZZ' })).toMatchObject({
      rejection: { code: 'bg.invalid.property.search.criteria' },
    });
    expect(await searchAnswer({ buildingName: '1', postcode: 'PL1 8XX' })).toMatchObject({
      rejection: { code: 'bg.postcode.invalid', reason: 'Please provide valid postcode' },
    });
  });

  it('answers the pack’s vendor searches: a result, several, none, too many', async () => {
    expect(await searchAnswer({ buildingName: '99', postcode: 'TQ56 4HY' })).toMatchObject({
      result: { titles: [{ titleNumber: 'ST500681' }] },
    });
    const several = await searchAnswer({ buildingName: '27', streetName: 'Church Road', cityName: 'Exeter' });
    expect(several.kind === 'result' && several.result.titles.length).toBe(2);
    expect(await searchAnswer({ buildingName: '1', streetName: 'High Street', cityName: 'Bristol' })).toMatchObject({
      rejection: { code: 'bg.properties.nopropertyfound' },
    });
    expect(await searchAnswer({ buildingName: '1', streetName: 'High Street', cityName: 'Cardiff' })).toMatchObject({
      rejection: { code: 'bg.properties.toomanyproperties' },
    });
  });

  it('queues the pack’s out-of-hours message id and answers its poll once the time has come', async () => {
    const ack = await searchAnswer({ buildingName: '99', postcode: 'TQ56 4HY' }, 'pollST500681');
    expect(ack).toMatchObject({
      kind: 'acknowledgement',
      acknowledgement: { uniqueId: 'pollST500681', description: expect.stringContaining('queued your request') },
    });
    const pollSearch = (id: string) =>
      post(bg.searchByPropertyDescriptionPoll, bg.pollRequestContent(id)).then((r) => bg.readSearchResponse(returned(r)));
    expect((await pollSearch('pollST500681')).kind).toBe('acknowledgement');
    businessNow = new Date(businessNow.getTime() + 31_000);
    expect(await pollSearch('pollST500681')).toMatchObject({ kind: 'result', result: { titles: [{ titleNumber: 'ST500681' }] } });
    expect((await pollSearch('polloutofhours')).kind).toBe('acknowledgement');
    expect(await pollSearch('never-sent-1')).toMatchObject({ rejection: { code: bg.unknownRequestCode } });
  });

  it('delay: acknowledges a search as queued with the time to poll, as many times as asked', async () => {
    await control.setFaults([{ operation: 'search', mode: 'delay', retryAfterSeconds: 120, times: 1 }]);
    const ack = await searchAnswer({ buildingName: '14', postcode: 'RG40 9ZZ' });
    expect(ack).toMatchObject({ kind: 'acknowledgement', acknowledgement: { expectedResponseDateTime: '2026-05-12T10:02:00' } });
    expect((await searchAnswer({ buildingName: '14', postcode: 'RG40 9ZZ' })).kind).toBe('result');
  });

  it('answers a request that breaks the schema with a SchemaFault, HTTP 500, listing the problem', async () => {
    const reply = await post(bg.searchByPropertyDescription, search({ buildingName: '14', postcode: 'RG40 9CZ' }));
    expect(reply.status).toBe(500);
    expect(reply.answer).toMatchObject({ kind: 'fault', fault: { code: 'soapenv:SchemaFault', message: 'Schema Errors have occured' } });
    expect(reply.answer.kind === 'fault' && reply.answer.fault.details.join(' ')).toContain('PostcodeZone');
  });

  it('answers an unknown user, and the pack’s locked and inactive users, with a server fault', async () => {
    const as = (username: string, password = 'landreg001') =>
      post(bg.searchByPropertyDescription, search({ buildingName: '14', postcode: 'RG40 9ZZ' }), { username, password });
    expect((await as('BGUser001', 'wrong')).answer).toMatchObject({ kind: 'fault', fault: { code: 'soapenv:Server' } });
    expect((await as('BGUser002')).answer).toMatchObject({
      fault: { message: 'Your account is locked. Please reset your password using Portal.' },
    });
    expect((await as('BGUser006')).answer).toMatchObject({ fault: { message: 'Please activate your account using Portal.' } });
  });
});

describe('Official Copy Title Known', () => {
  it('takes a request with its reference, and its poll answers the register and plan as one ZIP, dated at acceptance', async () => {
    const request = copyRequest('BK509231', { requested: 'both', expectedGrossPence: 600 });
    const taken = await order(request);
    expect(taken).toMatchObject({
      kind: 'acknowledgement',
      acknowledgement: { uniqueId: request.messageId, hmlrReference: expect.stringMatching(/^OC-\d{7}$/) },
    });
    const done = await settled(request.messageId);
    if (done.kind !== 'result') throw new Error(done.kind);
    expect(done.result).toMatchObject({
      externalReference: 'ord-ext',
      actualGrossPrice: '6.00',
      resultTypeCode: '10',
      attachment: { format: 'ZIP' },
    });
    const files = unzipSync(done.result.attachment!.bytes);
    expect(Object.keys(files).sort()).toEqual(['Register.pdf', 'Title Plan.pdf']);
    const text = await extractPdfText(Buffer.from(files['Register.pdf']!));
    expect(text).toContain('Title number BK509231');
    expect(text).toContain('entries on the register of title on 12 MAY 2026 at 11:00:00');
    expect(await extractPdfText(Buffer.from(files['Title Plan.pdf']!))).toContain(
      'This is a copy of the title plan on 12 MAY 2026 at 11:00:00',
    );
  });

  it('answers a repeated MessageID as the first time, ordering once and counting both', async () => {
    const request = copyRequest('NGL918273');
    const first = await order(request);
    expect(await order(request)).toEqual(first);
    expect(await control.order(request.messageId)).toMatchObject({ titleNumber: 'NGL918273', submissions: 2 });
    expect((await settled(request.messageId)).kind).toBe('result');
  });

  it('refuses what the registry’s rules refuse, with the bg code, and a higher fee with the actual fee', async () => {
    expect(await order(copyRequest('ZZ999999'))).toMatchObject({ rejection: { code: 'bg.title.invalid' } });
    expect(await order(copyRequest('WSX118204'))).toMatchObject({
      rejection: { code: 'bg.title.closedAndContinued', reason: expect.stringContaining('WSX402781') },
    });
    expect(await order(copyRequest('CH682140'))).toMatchObject({ rejection: { code: 'bg.title.pendingApplication' } });
    expect(await order(copyRequest('BK509231', { expectedGrossPence: 255 }))).toMatchObject({
      rejection: { code: 'bg.fee.feeMismatch', actualGrossPrice: '3.00' },
    });
    expect((await order(copyRequest('CH682140', { sendBackDated: true }))).kind).toBe('acknowledgement');
  });

  it('answers the pack’s vendor titles as its OC1 tests say', async () => {
    expect(await order(copyRequest('EXC10020'))).toMatchObject({ rejection: { code: 'bg.title.closed' } });
    expect(await order(copyRequest('COM50000'))).toMatchObject({ rejection: { code: 'bg.title.notcomputerised' } });
    const postal = copyRequest('NOE1000');
    const ack = await order(postal);
    expect(ack).toMatchObject({
      kind: 'acknowledgement',
      acknowledgement: { hmlrReference: expect.any(String), expectedResponseDateTime: null },
    });
    expect(await poll(postal.messageId)).toEqual(ack);
  });

  it('answers the pack’s vendor titles with copies: ST500681’s register (its plan only by post), ND66318’s register and plan', async () => {
    const register = copyRequest('ST500681');
    await order(register);
    const done = await settled(register.messageId);
    expect(done).toMatchObject({
      kind: 'result',
      result: { resultTypeCode: '10', attachment: { format: 'PDF' }, actualGrossPrice: '3.00' },
    });
    expect(await order(copyRequest('ST500681', { requested: 'plan' }))).toMatchObject({
      kind: 'acknowledgement',
      acknowledgement: { hmlrReference: expect.any(String), description: expect.stringContaining('cannot be supplied electronically') },
    });
    const both = copyRequest('ND66318', { requested: 'both', expectedGrossPence: 600 });
    await order(both);
    expect(await settled(both.messageId)).toMatchObject({ kind: 'result', result: { attachment: { format: 'ZIP' } } });
  });

  it('queues the pack’s poll message id pollST500681reg, and its poll answers the register once its time has come', async () => {
    const request = { ...copyRequest('ST500681'), messageId: 'pollST500681reg' };
    const ack = await order(request);
    expect(ack).toMatchObject({
      kind: 'acknowledgement',
      acknowledgement: { hmlrReference: null, description: expect.stringContaining('queued') },
    });
    expect((await poll('pollST500681reg')).kind).toBe('acknowledgement');
    businessNow = new Date(businessNow.getTime() + 61_000);
    expect(await settled('pollST500681reg')).toMatchObject({ kind: 'result', result: { attachment: { format: 'PDF' } } });
  });

  it('queues a request outside opening hours until the opening, then takes it', async () => {
    businessNow = new Date('2026-05-12T22:30:00Z'); // 23:30 BST
    const request = copyRequest('BK509231');
    expect(await order(request)).toMatchObject({
      acknowledgement: { expectedResponseDateTime: '2026-05-13T05:30:00', hmlrReference: null },
    });
    expect(await poll(request.messageId)).toMatchObject({ acknowledgement: { expectedResponseDateTime: '2026-05-13T05:30:00' } });
    businessNow = new Date('2026-05-13T06:00:00Z');
    expect(await order(request)).toMatchObject({ acknowledgement: { hmlrReference: expect.stringMatching(/^OC-/) } });
    expect((await settled(request.messageId)).kind).toBe('result');
  });

  it('does not know a MessageID it never received', async () => {
    expect(await poll('never-sent-2')).toMatchObject({ kind: 'rejection', rejection: { code: bg.unknownRequestCode } });
  });
});

describe('Outstanding Requests', () => {
  const outstanding = async (query: Omit<businessGateway.OutstandingRequestsQuery, 'messageId'>, messageId = bg.freshMessageId()) =>
    bg.readOutstandingRequests(returned(await post(bg.outstandingRequests, bg.outstandingRequestsContent({ messageId, ...query }))));
  const entry = async (messageId: string, showOnlyNewResponses = false) => {
    const answer = await outstanding({ showOnlyNewResponses, specificService: 84 });
    return answer.kind === 'list' ? answer.requests.find((r) => r.messageId === messageId) : answer;
  };

  it('lists a request taken as outstanding, then with its answer waiting, and no more once a poll has collected it', async () => {
    const request = copyRequest('BK509231');
    await order(request);
    expect(await entry(request.messageId)).toEqual({ messageId: request.messageId, newResponse: false, serviceType: 84 });
    await new Promise((r) => setTimeout(r, fulfilmentDelayMs + 50));
    expect(await entry(request.messageId, true)).toEqual({ messageId: request.messageId, newResponse: true, serviceType: 84 });
    expect((await poll(request.messageId)).kind).toBe('result');
    expect(await entry(request.messageId)).toBeUndefined();
  });

  it('lists none for the pack’s testnoresults, and rejects a service type Business Gateway does not have', async () => {
    const none = await outstanding({ showOnlyNewResponses: false }, 'testnoresults');
    expect(none).toEqual({ kind: 'list', requests: [], resultDateTime: '2026-05-12T10:00:00' });
    expect(await outstanding({ showOnlyNewResponses: false, specificService: 1000 }, 'testnoresults')).toMatchObject({
      kind: 'rejection',
      code: 'bg.invalid.service.type',
    });
  });
});

describe('faults, as Business Gateway would show them', () => {
  it('reject: a rejection, and nothing is ordered', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'reject', times: 1 }]);
    const request = copyRequest('BK509231');
    expect((await order(request)).kind).toBe('rejection');
    expect(await control.order(request.messageId)).toBeUndefined();
  });

  it('uncertain: the request is recorded and the connection dropped; lost: dropped before it is recorded', async () => {
    await control.setFaults([{ operation: 'submit', mode: 'uncertain', times: 1 }]);
    const kept = copyRequest('BK509231');
    await expect(order(kept)).rejects.toThrow();
    expect(await control.order(kept.messageId)).toMatchObject({ titleNumber: 'BK509231' });
    await control.setFaults([{ operation: 'submit', mode: 'lost', times: 1 }]);
    const lost = copyRequest('BK509231');
    await expect(order(lost)).rejects.toThrow();
    expect(await control.order(lost.messageId)).toBeUndefined();
    expect(await poll(lost.messageId)).toMatchObject({ rejection: { code: bg.unknownRequestCode } });
  });

  it('delay on status: the poll says not yet processed while it holds', async () => {
    const request = copyRequest('BK509231');
    await order(request);
    await new Promise((r) => setTimeout(r, fulfilmentDelayMs + 50));
    await control.setFaults([{ operation: 'status', mode: 'delay', titleNumber: 'BK509231', times: 1 }]);
    expect(await poll(request.messageId)).toMatchObject({ acknowledgement: { description: 'Request has not yet been processed' } });
    expect((await poll(request.messageId)).kind).toBe('result');
  });

  it('fail: the taken request ends cancelled, without copies; unreadable: the register has no text', async () => {
    await control.setFaults([{ operation: 'fulfil', mode: 'fail', times: 1 }]);
    const failed = copyRequest('BK509231');
    await order(failed);
    expect(await settled(failed.messageId)).toMatchObject({ kind: 'result', result: { resultTypeCode: '40', attachment: null } });
    await control.setFaults([{ operation: 'fulfil', mode: 'unreadable', times: 1 }]);
    const unreadable = copyRequest('BK509231');
    await order(unreadable);
    const done = await settled(unreadable.messageId);
    if (done.kind !== 'result') throw new Error(done.kind);
    expect(done.result.attachment?.format).toBe('PDF');
    expect((await extractPdfText(done.result.attachment!.bytes)).trim()).toBe('');
  });
});
