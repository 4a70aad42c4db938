import { errorsOf, idempotencyHeaders, perCallCredits, type Operation } from '@pds/contracts';
import type { Request, Response } from 'express';
import { chargedCall, unknownBalance, type ChargedOutcome, type WorkOutcome } from '../billing/charged-call';
import { chargedOnAnswer } from '../billing/charged-on-answer';
import { reservedByHandOff } from '../billing/reserved-by-hand-off';
import type { GatewayDeps } from '../deps';
import { hasBody } from '../http/body-type';
import { dataArrivingRefusal } from '../http/data-arriving';
import { callerOf, identify, sendUnexpected, type CallerLocals } from '../http/caller';
import { sendCharged, sendError, sendFree, setBillingHeaders, type BalanceView, type Payload } from '../http/respond';
import { retryAfterSeconds } from '../http/retry-after';
import { fingerprintOf, readOptionalKey } from '../idempotency/fingerprint';
import { idempotentCall } from '../idempotency/idempotent-call';
import {
  isRefusal,
  type Answer,
  type Call,
  type FileAnswer,
  type HandlerOf,
  type OnAnswerHandler,
  type OperationHandler,
  type RawInput,
  type Refusal,
  type ReservedWorkHandler,
} from './handler';
import { readInput, strayQuery } from './read-input';

// One operation's request, from an identified caller to the answer: read the input, do the work (charged two-phase,
// or in one step on the answer, when the operation costs credits per call), and answer in the envelope with the
// billing headers. Every operation comes through here, so each of these rules is written once.

const rawInput = (req: Request): RawInput => ({
  query: req.query,
  params: req.params as Record<string, string>,
  header: (name) => req.header(name),
  body: req.body,
  bodyPresent: hasBody(req),
});

/**
 * Answers a refusal, with the caller's balance in the headers (asked of the ledger when the refusal has none); a 404
 * or 503 of an operation built from reference data says so while that data is still arriving (data-arriving.ts).
 */
export const sendRefusal = async (
  deps: GatewayDeps,
  res: Response,
  who: CallerLocals,
  given: Refusal,
  operation?: Operation,
  asked?: Promise<BalanceView | undefined>,
) => {
  const refusal = (operation && (await dataArrivingRefusal(deps.db, operation, given, deps.clock.now()))) || given;
  if (operation && !(refusal.code in errorsOf(operation))) {
    // The declaration is the caller's documentation: an answer outside it is a defect to fix, not to hide.
    who.ctx.logger.error({ operationId: operation.operationId, code: refusal.code }, 'answered with an undeclared error code');
  }
  const balance = refusal.balance ?? (await (asked ?? deps.balanceFor(who.ctx, who.caller.accountId)));
  const retryAfterS = refusal.retryAfter === undefined ? undefined : retryAfterSeconds(refusal.retryAfter, deps.clock.now());
  const { details, retryAfter, candidates } = refusal;
  sendError(res, refusal.code, refusal.message, { balance, details, retryAfter, retryAfterS, candidates });
};

/** Whether an `If-None-Match` list names this entity tag (`*` names any; weak tags compare by their value). */
export const namesTag = (ifNoneMatch: unknown, etag: string) =>
  typeof ifNoneMatch === 'string' &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

const sendFile = (res: Response, file: FileAnswer['file'], balance: BalanceView | undefined) => {
  setBillingHeaders(res, 0, balance);
  if (file.etag) {
    res.setHeader('ETag', file.etag);
    // Only a free file is tagged (see FileAnswer), so a 304 charges nothing that a 200 would have.
    if (namesTag(res.locals.ifNoneMatch, file.etag)) return void res.status(304).end();
  }
  if (file.filename) res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.status(200).type(file.contentType).send(file.body);
};

/** Runs a per-call operation's work and charges it as the operation's declaration says (`cost.charging`). */
const charged = async <O extends Operation>(
  deps: GatewayDeps,
  operation: O,
  handler: HandlerOf<O>,
  call: Call<O>,
  reservationId?: string,
) => {
  const { cost } = operation;
  if (cost.kind !== 'per_call') throw new Error(`${operation.operationId} is not charged per call`);
  const charge = { accountId: call.caller.accountId, operation: operation.operationId, costCredits: cost.credits, reservationId };
  // The router has checked at start that each handler is of its declaration's shape (`checkHandlerShapes`).
  if (cost.charging === 'on_answer') return chargedOnAnswer(deps, call.ctx, charge, await (handler as OnAnswerHandler<O>).work(call));
  if ('work' in handler) {
    // Naming the command does no work, so a refusal of the input here is free and never reaches the ledger.
    const work = await (handler as ReservedWorkHandler<O>).work(call);
    return isRefusal(work) ? work : reservedByHandOff(deps, call.ctx, charge, work);
  }
  const { handle } = handler as OperationHandler<O>;
  const asWork = async (): Promise<WorkOutcome<Payload>> => {
    const answer = await handle(call);
    if (!answer.ok) return answer;
    if ('file' in answer) throw new Error(`${operation.operationId}: a charged operation answers JSON`);
    const payload = { data: answer.data, sources: answer.sources };
    return answer.freeBecause === undefined ? { ok: true, data: payload } : { ok: true, data: payload, freeBecause: answer.freeBecause };
  };
  return chargedCall(deps.ledger, call.ctx.logger, call.ctx, charge, asWork);
};

const answer = async (
  deps: GatewayDeps,
  res: Response,
  operation: Operation,
  who: CallerLocals,
  outcome: Answer,
  asked?: Promise<BalanceView | undefined>,
) => {
  if (!outcome.ok) return sendRefusal(deps, res, who, outcome, operation, asked);
  const balance = () => asked ?? deps.balanceFor(who.ctx, who.caller.accountId);
  if ('file' in outcome) {
    if (outcome.file.etag && operation.cost.kind !== 'free') throw new Error(`${operation.operationId}: only a free file is tagged`);
    return sendFile(res, outcome.file, await balance());
  }
  if (outcome.reserved) {
    const { credits, balance: after } = outcome.reserved;
    return sendCharged(res, outcome, 0, after, operation.response.status, credits);
  }
  sendFree(res, outcome, await balance(), operation.response.status);
};

/**
 * A per-call operation sent with an Idempotency-Key (idempotency/idempotent-call.ts): the answer of the call this
 * one repeats, marked as a replay and charged nothing, or this call's own.
 */
const keyed = async (
  deps: GatewayDeps,
  res: Response,
  operation: Operation,
  who: CallerLocals,
  request: { key: string; input: unknown },
  run: (reservationId: string) => Promise<ChargedOutcome<Payload>>,
) => {
  const { operationId, cost } = operation;
  const call = {
    accountId: who.caller.accountId,
    key: request.key,
    operationId,
    fingerprint: fingerprintOf(operationId, request.input),
    status: operation.response.status,
    costCredits: perCallCredits(cost),
  };
  const keyedOutcome = await idempotentCall(deps, who.ctx, call, run);
  if (keyedOutcome.kind === 'refused') return sendRefusal(deps, res, who, keyedOutcome.refusal, operation);
  if (keyedOutcome.kind === 'ran') {
    const { outcome } = keyedOutcome;
    if (!outcome.ok) return sendRefusal(deps, res, who, outcome, operation);
    return sendCharged(res, outcome.data, outcome.chargedCredits, outcome.balance, operation.response.status);
  }
  const { answer } = keyedOutcome;
  const { correlationId } = who.ctx;
  who.ctx.logger.info({ operationId, correlationId, chargedCredits: answer.chargedCredits }, 'keyed call replayed');
  // A replay is the first call's answer, counted and charged with it (app.ts leaves it out of the usage).
  res.locals.idempotentReplay = true;
  res.setHeader(idempotencyHeaders.replayed, 'true');
  const balance = (await deps.balanceFor(who.ctx, who.caller.accountId)) ?? unknownBalance;
  sendCharged(res, answer.payload, answer.chargedCredits, balance, answer.status);
};

/** The express handler of an authenticated operation. */
export const operationHandler =
  <O extends Operation>(deps: GatewayDeps, operation: O, handler: HandlerOf<O>) =>
  async (req: Request, res: Response) => {
    const who = callerOf(res) ?? (await identify(deps, req, res));
    if (!who) return;
    try {
      const raw = rawInput(req);
      // Checked before the input, as a placement's is: a malformed key is refused whatever else is wrong, free.
      const key = operation.cost.kind === 'per_call' ? readOptionalKey(raw.header(idempotencyHeaders.key)) : undefined;
      if (key && !key.ok) return await sendRefusal(deps, res, who, key, operation);
      const input = strayQuery(operation, raw) ?? (handler.read ?? ((r: RawInput) => readInput(operation, r)))(raw);
      if (!input.ok) return await sendRefusal(deps, res, who, input, operation);
      const call: Call<O> = { input: input.value, caller: who.caller, ctx: who.ctx, deps };
      if (operation.cost.kind !== 'per_call') {
        // A free call's work cannot change the balance its headers show, so the balance is asked alongside the work,
        // not after it (an order's can: it reserves, and answers with the balance after).
        const asked = operation.cost.kind === 'free' ? deps.balanceFor(who.ctx, who.caller.accountId).catch(() => undefined) : undefined;
        return await answer(deps, res, operation, who, await (handler as OperationHandler<O>).handle(call), asked);
      }
      const run = (reservationId?: string) => charged(deps, operation, handler, call, reservationId);
      if (key?.value) return await keyed(deps, res, operation, who, { key: key.value, input: input.value }, run);
      const outcome = await run();
      if (!outcome.ok) return await sendRefusal(deps, res, who, outcome, operation);
      sendCharged(res, outcome.data, outcome.chargedCredits, outcome.balance, operation.response.status);
    } catch (error) {
      // Answered here rather than by the app's error handler so that the caller still gets its billing headers.
      if (res.headersSent) return who.ctx.logger.error({ err: error, operationId: operation.operationId }, 'unhandled error');
      const balance = await deps.balanceFor(who.ctx, who.caller.accountId).catch(() => undefined);
      sendUnexpected(res, error, who.ctx.logger.child({ operationId: operation.operationId }), balance);
    }
  };
