import type { BodyOf, CommandSpec, ErrorCode, HeadersOf, Operation, ParamsOf, QueryOf, Source, z } from '@pds/contracts';
import type { DomainError } from '@pds/service-runtime';
import type { Caller } from '../auth/api-keys';
import type { RefusalExtras } from '../billing/charged-call';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { BalanceView } from '../http/respond';

// What a handler of one operation is given and what it answers. The pipeline (pipeline.ts) does everything
// every operation shares: the key, the limits, reading the input, charging, the envelope and the headers.

/** An answer the gateway gives instead of doing the work; `code` fixes the status. */
export type Refusal = { ok: false; code: ErrorCode; message: string; balance?: BalanceView } & RefusalExtras;
export type Checked<T> = { ok: true; value: T } | Refusal;

export interface Input<O extends Operation> {
  query: QueryOf<O>;
  params: ParamsOf<O>;
  headers: HeadersOf<O>;
  body: BodyOf<O>;
}

/** The request as it came, for a handler that reads its input itself (see `OperationHandler.read`). */
export interface RawInput {
  query: unknown;
  params: Record<string, string>;
  header: (name: string) => string | undefined;
  body: unknown;
  /** Whether the request said it has a body (a length, or chunked), whatever express made of it. */
  bodyPresent: boolean;
}

export interface Call<O extends Operation> {
  input: Input<O>;
  caller: Caller;
  ctx: CallContext;
  deps: GatewayDeps;
}

/** A JSON answer; a charged operation's is charged by the pipeline. */
export type DataAnswer = {
  ok: true;
  data: unknown;
  /** The datasets the answer was built from, beside `data`. */
  sources?: Source[];
  /** A charged operation's answer the caller is not to pay for, and why (an incomplete profile): nothing is charged. */
  freeBecause?: string;
  /** For an order: the credits it reserved (charged later, when the work is done) and the balance after. */
  reserved?: { credits: number; balance: BalanceView };
};

/**
 * A file (a PDF, a transcription) answered as it is, with the billing headers. A free operation's file may carry an
 * entity tag (quoted, as the header has it), so that a caller holding it revalidates instead of downloading again.
 */
export type FileAnswer = { ok: true; file: { contentType: string; body: Buffer | string; filename?: string; etag?: string } };

export type Answer = DataAnswer | FileAnswer | Refusal;

/** A working service the gateway sends commands to. */
export type WorkingService = 'analysis' | 'location';

/**
 * Work that is one command to one service, whose reply is the answer. For an `on_answer` operation the pipeline hands
 * the charge over with it (see billing/charged-on-answer.ts): the service sends its answer on with the charge, and the
 * ledger's reply brings both back.
 */
export interface CommandWork {
  ok?: undefined;
  spec: CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>;
  service: WorkingService;
  data: unknown;
  /** The answer, from the reply's data once it has been read by the command's reply schema. */
  answered(reply: unknown): DataAnswer;
  /** What the caller is told of a refusal; `undefined` when the reply was not a result at all. */
  refused(error: DomainError | undefined): Refusal;
  /** What the caller is told when the service did not answer in time. */
  late: Refusal;
}

/** What an `on_answer` operation's work is: a command its owner answers (handed off), an answer read here, or a refusal. */
export type OnAnswerWork = CommandWork | DataAnswer | Refusal;

/** The handler of an operation that is free, charged per order, or charged `reserve_first`: it does the work and answers. */
export interface OperationHandler<O extends Operation> {
  /**
   * Reads the input when the contract's schemas alone would word a refusal badly (a body with two alternatives, a
   * header to check before the body). Without it the pipeline reads the input with the operation's schemas.
   */
  read?: (raw: RawInput) => Checked<Input<O>>;
  handle: (call: Call<O>) => Promise<Answer>;
}

/** A handler that gives its work for the pipeline to charge, rather than handling the call itself. */
interface WorkHandler<O extends Operation, W> {
  read?: (raw: RawInput) => Checked<Input<O>>;
  work: (call: Call<O>) => Promise<W>;
}

/**
 * The handler of an operation charged `on_answer`: its work is one command to the service that owns the answer (the
 * pipeline hands the charge to that service with it), or an answer read here from a read model (charged in one step).
 */
export type OnAnswerHandler<O extends Operation> = WorkHandler<O, OnAnswerWork>;

/**
 * A handler of an operation charged `reserve_first` whose work is one command to the service that owns the answer:
 * `work` only names the command (or refuses the input), so nothing is done before the credits are reserved. The
 * pipeline sends the reservation with the command and the capture handed on after it (billing/reserved-by-hand-off.ts).
 */
export type ReservedWorkHandler<O extends Operation> = WorkHandler<O, CommandWork | Refusal>;

/** The handler an operation takes, by the charging its declaration states. */
export type HandlerOf<O extends Operation> = O['cost'] extends { charging: 'on_answer' }
  ? OnAnswerHandler<O>
  : O['cost'] extends { charging: 'reserve_first' }
    ? OperationHandler<O> | ReservedWorkHandler<O>
    : OperationHandler<O>;

/** Declares a handler for an operation, so that its input is typed by that operation's schemas. */
export const handlerOf = <O extends Operation>(_operation: O, handler: HandlerOf<O>): HandlerOf<O> => handler;

export const isRefusal = (work: OnAnswerWork): work is Refusal => work.ok === false;
export const isCommandWork = (work: OnAnswerWork): work is CommandWork => 'spec' in work;
