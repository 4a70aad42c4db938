import { businessGateway, type SoapFault, type SoapService } from '@pds/land-register';
import express, { type Request, type Response, type Router } from 'express';
import type { RegistryState } from '../registry-state';

// One SOAP service of the registry test environment, answered as Business Gateway answers it: the envelope read, the
// caller known by the WS-Security username token, the request checked against the service's schema (a violation is
// a SchemaFault listing the validator's messages), then the service's own handler. A SOAP 1.1 fault goes back with
// HTTP 500, an answer with 200.

export type SoapReply = { kind: 'answer'; content: businessGateway.XmlContent } | { kind: 'fault'; fault: SoapFault } | { kind: 'none' };

/** What a service's handler is given: the request's `arg0` read without prefixes, and the HTTP exchange for faults that drop it. */
export type SoapHandler = (content: businessGateway.XmlNode, exchange: { req: Request; res: Response }) => Promise<SoapReply> | SoapReply;

const xmlBody = express.text({ type: () => true, limit: '2mb' });

/** The test environment's users: every one accepted with its password, and the pack's two whose accounts are barred. */
const barredUsers: Readonly<Record<string, string>> = {
  BGUser002: 'Your account is locked. Please reset your password using Portal.',
  BGUser006: 'Please activate your account using Portal.',
};

export const serverFault = (message: string): SoapReply => ({ kind: 'fault', fault: { code: 'soapenv:Server', message, details: [] } });

const send = (res: Response, service: SoapService, reply: SoapReply) => {
  if (reply.kind === 'none' || res.headersSent) return;
  const body =
    reply.kind === 'fault'
      ? businessGateway.soapFault(reply.fault, service.operation)
      : businessGateway.soapResponse(service.operation, reply.content, service.response);
  res
    .status(reply.kind === 'fault' ? 500 : 200)
    .type('text/xml; charset=utf-8')
    .send(body);
};

export const soapEndpoint = (state: RegistryState, service: SoapService, handle: SoapHandler): Router => {
  const router = express.Router();
  router.post('/', xmlBody, async (req, res) => {
    const text = typeof req.body === 'string' ? req.body : '';
    let read: businessGateway.SoapRequestRead;
    try {
      read = businessGateway.readSoapRequest(text);
    } catch (err) {
      return send(res, service, {
        kind: 'fault',
        fault: { code: 'soapenv:Client', message: `Not a SOAP 1.1 request: ${(err as Error).message}`, details: [] },
      });
    }
    if (read.operation !== service.operation.name) {
      return send(res, service, {
        kind: 'fault',
        fault: { code: 'soapenv:Client', message: `No operation ${read.operation} at ${service.endpoint}`, details: [] },
      });
    }
    if (!read.credentials) return send(res, service, serverFault('The SOAP header does not have the wsse:Security element.'));
    const barred = barredUsers[read.credentials.username];
    if (barred) return send(res, service, serverFault(barred));
    if (read.credentials.username !== state.credentials.username || read.credentials.password !== state.credentials.password) {
      return send(res, service, serverFault('Authentication failed: the user name or password is not recognised.'));
    }
    const document = businessGateway.payloadDocument(text, 'arg0', service.request.root, service.request.namespace);
    const verdict = await businessGateway.checkAgainstSchema(document ?? '', service.request.file);
    if (!verdict.valid) {
      state.logger.info({ endpoint: service.endpoint, errors: verdict.errors }, 'request refused by the schema');
      return send(res, service, {
        kind: 'fault',
        fault: { code: 'soapenv:SchemaFault', message: 'Schema Errors have occured', details: verdict.errors },
      });
    }
    send(res, service, await handle(read.content, { req, res }));
  });
  return router;
};

const defaultSlowMs = 5_000;

/** Holds an answer back `delayMs` of real time (a `slow` fault); false when the caller went away meanwhile. */
export const holdBack = (req: Request, res: Response, delayMs = defaultSlowMs): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(!res.writableEnded && !req.socket.destroyed), delayMs);
    res.once('close', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
