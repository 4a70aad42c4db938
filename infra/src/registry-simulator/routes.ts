import type { DocumentKind, OrderSubmission, TitleSearch } from '@pds/land-register';
import { toRegistryIso } from '@pds/land-register';
import { Router, type Request, type Response } from 'express';
import { officialCopyDateTimeAt } from './copy-time';
import { renderDocument, summaryOf } from './deliveries';
import type { FaultOperation } from './faults';
import { documentKinds, refusalOf, submissionProblem } from './order-checks';
import { sameOrder, type Fulfilment } from './orders';
import type { RegistryState } from './registry-state';
import { candidateOf, findTitles } from './title-search';
import { registeredTitles, titleByNumber } from './titles/dataset';

// The registry test environment's API, mounted at /registry/v1. JSON in and out; every error is {code, message}.
//
//   GET  /health                                  200 {status: 'ok'}
//   POST /title-searches                          {uprn} or {address, postcode}
//                                                 200 {titles: [{titleNumber, tenure, matchedAddress}]} (open titles only)
//   GET  /titles/:titleNumber                     200 TitleSummary (registry-gateway.ts) | 404 TITLE_NOT_FOUND
//   POST /orders                                  {clientReference, titleNumber, documents: ['register'|'plan'], backdatedCopyConfirmed}
//                                                 202 {registryReference, status: 'accepted'}
//                                                 409 {code: 'REGISTRY_CLOSED', message, opensAt} outside 06:30-23:00 UK time
//                                                 422 TITLE_NOT_FOUND | TITLE_CLOSED | DOCUMENT_NOT_AVAILABLE
//                                                     | BACKDATED_COPY_NOT_CONFIRMED | REGISTRY_REJECTED | CLIENT_REFERENCE_REUSED
//                                                 400 INVALID_REQUEST
//                                                 One order per clientReference: the same submission again answers 202
//                                                 with the same order (at any hour); different content is refused.
//   GET  /orders/:clientReference                 200 {registryReference, status: 'processing'|'completed'|'failed',
//                                                      code?, message?, documents: [{type, href}]} | 404 ORDER_NOT_FOUND
//                                                 Completes REGISTRY_FULFILMENT_DELAY_MS of real time after acceptance.
//                                                 503 REGISTRY_BUSY while a status `delay` fault holds.
//   GET  /orders/:clientReference/documents/:type application/pdf | 404 DOCUMENT_NOT_FOUND | 409 ORDER_NOT_COMPLETED
//
// Search, describe and order status answer at any hour; while a `delay` fault holds they answer 503
// {code: 'REGISTRY_BUSY', message, retryAfter} with a Retry-After header. Fault modes are described in faults.ts.

const defaultRetryAfterSeconds = 30;
const defaultSlowMs = 5_000;

const normalisedTitleNumber = (titleNumber: string) => titleNumber.replace(/\s/g, '').toUpperCase();

const refuse = (res: Response, status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  res.status(status).json({ code, message, ...extra });

const searchOf = (body: unknown): TitleSearch | null => {
  const b = body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null) return null;
  if (typeof b.uprn === 'string' && /^\d{1,12}$/.test(b.uprn.trim())) return { uprn: b.uprn.trim() };
  if (typeof b.address === 'string' && typeof b.postcode === 'string' && b.address.trim() && b.postcode.trim()) {
    return { address: b.address.slice(0, 500), postcode: b.postcode.slice(0, 10) };
  }
  return null;
};

/** Holds a request the registry is too busy for; true when it answered. */
const busy = (state: RegistryState, res: Response, operation: FaultOperation, titleNumbers: string[]): boolean => {
  const fault = state.faults.take({ operation, modes: ['delay'], titleNumbers });
  if (!fault) return false;
  const seconds = fault.retryAfterSeconds ?? defaultRetryAfterSeconds;
  const retryAfter = toRegistryIso(new Date(state.clock.now().getTime() + seconds * 1000));
  state.logger.info({ operation, retryAfter }, 'registry busy (fault)');
  res.setHeader('Retry-After', String(seconds));
  refuse(res, 503, 'REGISTRY_BUSY', `The registry is busy; try again at ${retryAfter}.`, { retryAfter });
  return true;
};

/** Waits `ms` of real time, or less if the caller goes away first. */
const holdBack = (res: Response, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const submitOrder = (state: RegistryState) => async (req: Request, res: Response) => {
  const problem = submissionProblem(req.body);
  if (problem) return refuse(res, 400, 'INVALID_REQUEST', problem);
  const body = req.body as OrderSubmission;
  const submission: OrderSubmission = { ...body, titleNumber: normalisedTitleNumber(body.titleNumber) };
  const { clientReference, titleNumber } = submission;
  const now = state.clock.now();
  state.orders.countAttempt(clientReference, now);

  let order = state.orders.get(clientReference);
  if (order && !sameOrder(order, submission)) {
    return refuse(
      res,
      422,
      'CLIENT_REFERENCE_REUSED',
      `Client reference ${clientReference} was used for a different order (${order.registryReference}).`,
    );
  }
  if (!order) {
    const refusal = refusalOf(titleByNumber(titleNumber), submission, now);
    if (refusal) {
      state.logger.info({ clientReference, titleNumber, code: refusal.code }, 'order refused');
      const { status, ...answer } = refusal;
      return res.status(status).json(answer);
    }
    if (state.faults.take({ operation: 'submit', modes: ['reject'], titleNumbers: [titleNumber] })) {
      state.logger.info({ clientReference, titleNumber }, 'order rejected (fault)');
      return refuse(
        res,
        422,
        'REGISTRY_REJECTED',
        `The registry could not accept the order for title ${titleNumber}; nothing was ordered.`,
      );
    }
    if (state.faults.take({ operation: 'submit', modes: ['lost'], titleNumbers: [titleNumber] })) {
      state.logger.info({ clientReference, titleNumber }, 'submission lost before the order was recorded (fault)');
      req.socket.destroy();
      return;
    }
    const fulfilFault = state.faults.take({ operation: 'fulfil', modes: ['fail', 'unreadable'], titleNumbers: [titleNumber] });
    const fulfilment: Fulfilment =
      fulfilFault?.mode === 'fail'
        ? { kind: 'fail', code: 'REGISTRY_FULFILMENT_FAILED', message: `The registry could not issue the copies for title ${titleNumber}.` }
        : { kind: 'complete', unreadable: fulfilFault?.mode === 'unreadable' };
    order = state.orders.accept(submission, now, officialCopyDateTimeAt(now), state.fulfilmentDelayMs, fulfilment);
    state.logger.info(
      { clientReference, titleNumber, registryReference: order.registryReference, fulfilment: fulfilment.kind },
      'order accepted',
    );
  }

  const transport = state.faults.take({ operation: 'submit', modes: ['uncertain', 'slow'], titleNumbers: [titleNumber] });
  if (transport?.mode === 'uncertain') {
    state.logger.info({ clientReference }, 'order recorded, answer lost (fault)');
    req.socket.destroy();
    return;
  }
  if (transport?.mode === 'slow') {
    await holdBack(res, transport.delayMs ?? defaultSlowMs);
    if (res.writableEnded || req.socket.destroyed) return;
  }
  res.status(202).json({ registryReference: order.registryReference, status: 'accepted' });
};

export const registryRoutes = (state: RegistryState): Router => {
  const router = Router();

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.post('/title-searches', async (req, res) => {
    const search = searchOf(req.body);
    if (!search) return refuse(res, 400, 'INVALID_REQUEST', 'give {uprn} (digits) or {address, postcode}');
    const found = findTitles(registeredTitles, search);
    if (
      busy(
        state,
        res,
        'search',
        found.map((t) => t.titleNumber),
      )
    )
      return;
    const slow = state.faults.take({ operation: 'search', modes: ['slow'], titleNumbers: found.map((t) => t.titleNumber) });
    if (slow) {
      await holdBack(res, slow.delayMs ?? defaultSlowMs);
      if (res.writableEnded || req.socket.destroyed) return;
    }
    res.json({ titles: found.map(candidateOf) });
  });

  router.get('/titles/:titleNumber', (req, res) => {
    const titleNumber = normalisedTitleNumber(req.params.titleNumber);
    if (busy(state, res, 'describe', [titleNumber])) return;
    const title = titleByNumber(titleNumber);
    if (!title) return refuse(res, 404, 'TITLE_NOT_FOUND', `No title ${titleNumber} is registered.`);
    res.json(summaryOf(title));
  });

  router.post('/orders', submitOrder(state));

  router.get('/orders/:clientReference', (req, res) => {
    const order = state.orders.get(req.params.clientReference);
    if (busy(state, res, 'status', order ? [order.titleNumber] : [])) return;
    if (!order) return refuse(res, 404, 'ORDER_NOT_FOUND', `No order has client reference ${req.params.clientReference}.`);
    const status = state.orders.statusOf(order);
    const failure =
      status === 'failed' && order.fulfilment.kind === 'fail' ? { code: order.fulfilment.code, message: order.fulfilment.message } : {};
    const base = `${req.baseUrl}/orders/${encodeURIComponent(order.clientReference)}/documents`;
    res.json({
      registryReference: order.registryReference,
      status,
      ...failure,
      documents: status === 'completed' ? order.documents.map((type) => ({ type, href: `${base}/${type}` })) : [],
    });
  });

  router.get('/orders/:clientReference/documents/:type', async (req, res) => {
    const order = state.orders.get(req.params.clientReference);
    const type = req.params.type as DocumentKind;
    if (!order || !documentKinds.includes(type) || !order.documents.includes(type)) {
      return refuse(
        res,
        404,
        'DOCUMENT_NOT_FOUND',
        `No ${req.params.type} was ordered with client reference ${req.params.clientReference}.`,
      );
    }
    const status = state.orders.statusOf(order);
    if (status !== 'completed') return refuse(res, 409, 'ORDER_NOT_COMPLETED', `Order ${order.registryReference} is ${status}.`);
    const title = titleByNumber(order.titleNumber);
    if (!title) throw new Error(`order ${order.registryReference} names title ${order.titleNumber}, which is not held`);
    res.type('application/pdf').send(await renderDocument(title, order, type));
  });

  return router;
};
