import { businessGateway, extractPdfText, parseRegister } from '@pds/land-register';
import { createLogger } from '@pds/service-runtime';
import { unzipSync } from 'fflate';
import { defaultRegistryCredentials, startRegistrySimulator, type RunningRegistrySimulator } from './simulator';
import { registeredTitles } from './titles/dataset';

// The Register Extract Service in the registry test environment: the copies with the register's summary and the
// register as XML, every answer checked against the project's schema of the service; and the summary of every
// title it holds agrees with what the project's parser reads from the same title's copy.

const bg = businessGateway;
const res = bg.registerExtract;
const businessNow = new Date('2026-05-12T10:00:00Z'); // 11:00 BST
let delayed: RunningRegistrySimulator;
let immediate: RunningRegistrySimulator;

const post = async (at: RunningRegistrySimulator, service: businessGateway.SoapService, content: businessGateway.XmlContent) => {
  const reply = await fetch(`${at.url}${bg.soapPath('test', service)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: bg.soapRequest(service.operation, content, service.request, defaultRegistryCredentials),
  });
  const text = await reply.text();
  const document = bg.payloadDocument(text, 'return', service.response.root, service.response.namespace) ?? '';
  expect(await bg.checkAgainstSchema(document, service.response.file)).toEqual({ valid: true, errors: [] });
  const answer = bg.readSoapResponse(text, service.operation);
  if (answer.kind !== 'return') throw new Error(`a fault: ${answer.fault.message}`);
  return res.readOfficialCopyWithSummaryResponse(answer.content);
};

let ids = 0;
const request = (titleNumber: string, includeTitlePlan = false) => ({
  messageId: `res-${process.pid}-${++ids}`,
  titleNumber,
  externalReference: 'Ext_ref',
  customerReference: 'Bguser1',
  expectedGrossPence: includeTitlePlan ? 600 : 300,
  includeTitlePlan,
  continueIfTitleIsClosedAndContinued: false,
  notifyIfPendingFirstRegistration: false,
  notifyIfPendingApplication: false,
  sendBackDated: false,
  continueIfActualFeeExceedsExpectedFee: false,
});
const submit = (at: RunningRegistrySimulator, r: ReturnType<typeof request>) =>
  post(at, bg.officialCopyWithSummary, res.officialCopyWithSummaryRequest(r));
const poll = (at: RunningRegistrySimulator, messageId: string) =>
  post(at, bg.officialCopyWithSummaryPoll, bg.pollRequestContent(messageId));

beforeAll(async () => {
  const options = { clock: { now: () => businessNow }, logger: createLogger('registry-simulator', 'silent') };
  delayed = await startRegistrySimulator({ ...options, fulfilmentDelayMs: 150 });
  immediate = await startRegistrySimulator({ ...options, fulfilmentDelayMs: 0 });
});
afterAll(async () => {
  await delayed.close();
  await immediate.close();
});

describe('the Register Extract Service', () => {
  it('takes a request with the time to poll, then answers the ZIP of register and plan with the summary and the register', async () => {
    const r = request('BK509231', true);
    const ack = await submit(delayed, r);
    expect(ack).toMatchObject({ kind: 'acknowledgement', uniqueId: r.messageId });
    let answer = ack;
    for (let i = 0; i < 100 && answer.kind === 'acknowledgement'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await poll(delayed, r.messageId);
    }
    if (answer.kind !== 'result') throw new Error(answer.kind);
    expect(answer.actualPrice).toEqual({ grossPence: 600, netPence: null, vatPence: null });
    expect(answer.attachment?.format).toBe('ZIP');
    expect(Object.keys(unzipSync(answer.attachment!.bytes)).sort()).toEqual(['Register.pdf', 'Title Plan.pdf']);
    expect(answer.summary).toMatchObject({ officialCopyDateTime: '2026-05-12T11:00:00', title: { titleNumber: 'BK509231' } });
    expect(answer.register).not.toBeNull();
  });

  it('answers the pack’s vendor main flow: GR506405’s register and plan as a ZIP, with the summary', async () => {
    const answer = await submit(immediate, request('GR506405', true));
    expect(answer).toMatchObject({ kind: 'result', attachment: { format: 'ZIP' }, summary: { title: { titleNumber: 'GR506405' } } });
  });

  it('answers the pack’s vendor titles: one not issued electronically, one queued that its poll never finds processed', async () => {
    expect(await submit(delayed, request('GR506098'))).toMatchObject({
      kind: 'rejection',
      reason:
        'Your Official Copy request cannot be delivered electronically. Postal delivery is not available for the Register Extract Service.',
    });
    const queued = request('GR506123');
    expect(await submit(delayed, queued)).toMatchObject({ kind: 'acknowledgement', description: res.registerExtractQueuedText });
    expect(await poll(delayed, queued.messageId)).toMatchObject({
      kind: 'acknowledgement',
      description: 'Request has not yet been processed',
    });
    expect(await poll(delayed, 'never-sent-3')).toMatchObject({ kind: 'rejection', code: bg.unknownRequestCode });
  });

  it('refuses, in its own words, a plan it cannot issue electronically (it posts nothing)', async () => {
    expect(await submit(delayed, { ...request('CH682140', true), sendBackDated: true })).toMatchObject({
      kind: 'rejection',
      reason: res.registerExtractRefusals.titlePlan.reason,
    });
  });

  it('gives, for every open title it holds, a summary on which the project’s parser of the copy agrees', async () => {
    for (const title of registeredTitles.filter((t) => t.status === 'open')) {
      const answer = await submit(immediate, { ...request(title.titleNumber), sendBackDated: title.applicationsPending });
      if (answer.kind !== 'result' || !answer.summary || !answer.attachment) throw new Error(`${title.titleNumber}: ${answer.kind}`);
      const text = await extractPdfText(answer.attachment.bytes);
      const disagreements = res.compareSummaryWithExtraction(answer.summary, parseRegister(text), text);
      expect({ title: title.titleNumber, disagreements }).toEqual({ title: title.titleNumber, disagreements: [] });
    }
  });
});
