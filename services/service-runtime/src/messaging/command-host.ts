import { AnyCommand, Ping, type Candidate, type CommandSpec, type Reply, type ServiceName, type Topics, type z } from '@pds/contracts';
import type { Logger } from '../observability/logger';
import { context, trace, type Context, type Span } from '@opentelemetry/api';
import { counter, secondsHistogram } from '../observability/metrics';
import { contextFromHeaders, injectTraceHeaders, inSpan, preciseNow, SpanKind, tracer } from '../observability/tracing';
import { PartlyHandled, type IncomingMessage, type KafkaBus, type OutgoingMessage, type Subscription } from './bus';

const commandsHandled = counter({
  name: 'pds_commands_handled_total',
  help: 'Commands this service handled, by type and outcome (ok, or the refusal code).',
  labelNames: ['command', 'outcome'] as const,
});
const commandSeconds = secondsHistogram({
  name: 'pds_command_duration_seconds',
  help: "Time to decide a command (a batch's time for each command of it), by type.",
  labelNames: ['command'] as const,
});
const observeHandled = (command: string, result: { ok: boolean; error?: { code: string } }, ms: number) => {
  commandsHandled.inc({ command, outcome: result.ok ? 'ok' : (result.error?.code ?? 'refused') });
  commandSeconds.observe({ command }, ms / 1000);
};

/** A refusal: its code, what to tell the caller, and when to retry or which matches to choose from, when it has them. */
export type DomainError = { code: string; message: string; retryAfter?: string; candidates?: Candidate[]; details?: string };

export type HandlerResult<R> = { ok: true; data: R } | { ok: false; error: DomainError; data?: R };

export interface HandlerContext {
  commandId: string;
  metadata: AnyCommand['metadata'];
  logger: Logger;
}

type AnySpec = CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>;
export interface CommandHandler<S extends AnySpec = AnySpec> {
  spec: S;
  /** Drop the command once its deadline has passed: for work whose answer is useless late and whose absence is safe. */
  dropWhenLate: boolean;
  handle(data: z.output<S['data']>, ctx: HandlerContext): Promise<HandlerResult<z.input<S['reply']>>>;
}

export const handler = <S extends AnySpec>(
  spec: S,
  handle: CommandHandler<S>['handle'],
  options: { dropWhenLate?: boolean } = {},
): CommandHandler => ({
  spec,
  dropWhenLate: options.dropWhenLate ?? false,
  handle: handle as CommandHandler['handle'],
});

/** A command of a batch, decoded and checked, with its span: the batch handler decides it alongside the others. */
export interface BatchedCommand {
  handler: CommandHandler;
  data: unknown;
  ctx: HandlerContext;
  /** Runs `work` in this command's trace context (for trace headers and logs). */
  withinSpan<T>(work: () => T): T;
}

/** Handles runs of commands of `types` together (e.g. in one transaction); results come back in the same order. */
export interface BatchHandler {
  types: readonly string[];
  handle(commands: BatchedCommand[]): Promise<Array<HandlerResult<unknown>>>;
}

type Handled = {
  kind: 'handle';
  handler: CommandHandler;
  data: unknown;
  ctx: HandlerContext;
  replyTo?: string;
  commandId: string;
  parent: Context;
};
type Prepared = { kind: 'skip' } | { kind: 'answer'; replyTo?: string; reply: Reply; parent: Context } | Handled;

/** A message to send once a command is handled: a reply, or a handed-on command. */
type Outgoing = { topic: string; key: string; value: unknown; headers: Record<string, string> };
/** Sends under way (in an object: an async function returning the promise itself would wait for it). */
type Sent = { sent: Promise<void> };
const nothingSent: Sent = { sent: Promise.resolve() };

/**
 * Consumes a service's command topic and answers each command on its reply topic. A handler that throws leaves the
 * message uncommitted so that it is delivered again, which is why every handler must treat a repeated command id as
 * the same command. With a `batch` handler, consecutive commands of its types are handled together.
 */
export const serveCommands = async (options: {
  bus: KafkaBus;
  topics: Topics;
  service: ServiceName;
  logger: Logger;
  handlers: CommandHandler[];
  batch?: BatchHandler;
  partitionsConcurrently?: number;
  /**
   * How many commands answering a caller who waits (`dropWhenLate`: reads and calculations, whose outcome does not
   * depend on the commands before them) are handled at once within a partition, so that a slow one (a profile waiting
   * on four services) does not hold up the short ones behind it. Other commands keep their partition's order. Without
   * it (or with `batch`), a partition's commands are decided one after another.
   */
  answersAtOncePerPartition?: number;
  /** Whether what the handlers need (the database) answers now: a Ping is answered "unavailable" while it does not. */
  ready?: () => Promise<boolean>;
}): Promise<Subscription> => {
  const startedAt = Date.now();
  const byType = new Map<string, CommandHandler>(options.handlers.map((h) => [h.spec.type, h]));
  byType.set(
    Ping.type,
    handler(
      Ping,
      async () =>
        options.ready && !(await options.ready())
          ? { ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: `${options.service} cannot reach its database` } }
          : { ok: true, data: { service: options.service, uptimeMs: Date.now() - startedAt } },
      {
        dropWhenLate: true,
      },
    ),
  );
  const topic = options.topics.commands(options.service);
  const batchTypes = new Set(options.batch?.types ?? []);
  const replyOf = (commandId: string, result: HandlerResult<unknown>, answer?: unknown): Reply => {
    const carried = answer === undefined ? {} : { answer };
    return result.ok
      ? { inReplyTo: commandId, ok: true, handledBy: options.service, data: result.data, ...carried }
      : { inReplyTo: commandId, ok: false, handledBy: options.service, error: result.error, data: result.data, ...carried };
  };

  /**
   * What a handled command sends: its reply, or, for a hand-off answered successfully, the command it hands on (same
   * id and reply topic, carrying the answer). An answer that does not fit its schema is not handed on: nothing may be
   * charged for it, so it is refused here, where the schema is checked anyway by the one who asked.
   */
  const sendsOf = (p: Handled, handled: HandlerResult<unknown>): Outgoing | undefined => {
    const { then, answer, ...metadata } = p.ctx.metadata;
    let result = handled;
    if (then && result.ok) {
      const checked = p.handler.spec.reply.safeParse(result.data);
      if (checked.success) {
        // The command handed on takes the rest of the chain (`then.then`) with it, for its own handler to send on.
        const rest = then.then ? { then: then.then } : {};
        const handedOn = {
          id: p.commandId,
          type: then.type,
          data: then.data,
          metadata: { ...metadata, ...rest, causationId: p.commandId, issuedAt: new Date().toISOString(), answer: result.data },
        };
        return { topic: then.topic, key: then.key, value: handedOn, headers: injectTraceHeaders({ 'message-type': then.type }) };
      }
      p.ctx.logger.error({ issues: checked.error.issues }, 'not handing on an answer that does not fit its schema');
      result = { ok: false, error: { code: 'INVALID_ANSWER', message: 'The answer did not fit its schema.' } };
    }
    if (!p.replyTo) return undefined;
    return { topic: p.replyTo, key: p.commandId, value: replyOf(p.commandId, result, answer), headers: injectTraceHeaders() };
  };

  /** Decodes and checks a command; what cannot be handled is answered (or skipped) here. */
  const prepare = ({ value, headers, partition, offset }: IncomingMessage): Prepared => {
    const envelope = AnyCommand.safeParse(value);
    if (!envelope.success) {
      options.logger.error({ partition, offset }, 'skipping a message that is not a command');
      return { kind: 'skip' };
    }
    const command = envelope.data;
    const parent = contextFromHeaders(headers);
    const logger = options.logger.child({ correlationId: command.metadata.correlationId, commandId: command.id, command: command.type });
    const { replyTo } = command.metadata;
    const h = byType.get(command.type);
    if (h?.dropWhenLate && command.metadata.deadline && Date.parse(command.metadata.deadline) < Date.now()) {
      logger.warn({ deadline: command.metadata.deadline }, 'dropping a command whose deadline has passed');
      return { kind: 'skip' };
    }
    if (!h) {
      logger.error('no handler for this command type');
      return {
        kind: 'answer',
        replyTo,
        parent,
        reply: replyOf(command.id, { ok: false, error: { code: 'UNKNOWN_COMMAND', message: command.type } }),
      };
    }
    const data = h.spec.data.safeParse(command.data);
    if (!data.success) {
      logger.error({ issues: data.error.issues }, 'rejecting a malformed command');
      return {
        kind: 'answer',
        replyTo,
        parent,
        reply: replyOf(command.id, { ok: false, error: { code: 'INVALID_COMMAND', message: data.error.message } }),
      };
    }
    return {
      kind: 'handle',
      handler: h,
      data: data.data,
      ctx: { commandId: command.id, metadata: command.metadata, logger },
      replyTo,
      commandId: command.id,
      parent,
    };
  };

  const publishAll = async (sends: Array<Outgoing | undefined>) => {
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const o of sends) {
      if (o) byTopic.set(o.topic, [...(byTopic.get(o.topic) ?? []), { key: o.key, value: o.value, headers: o.headers }]);
    }
    await Promise.all([...byTopic.entries()].map(([topic, messages]) => options.bus.publish(topic, messages)));
  };

  /**
   * What a decided command sends, on its way: awaited (with the rest of its chunk) before the chunk counts as handled.
   * Marked as looked after at once, since it may fail while later commands are still being decided.
   */
  const sending = (sends: Array<Outgoing | undefined>): Sent => {
    const sent = publishAll(sends);
    sent.catch(() => undefined);
    return { sent };
  };

  const handleOne = async (p: Prepared): Promise<Sent> => {
    if (p.kind === 'skip') return nothingSent;
    return inSpan(`handle ${p.kind === 'handle' ? p.handler.spec.type : 'command'}`, SpanKind.CONSUMER, p.parent, async () => {
      if (p.kind === 'answer') {
        return sending([
          p.replyTo ? { topic: p.replyTo, key: p.reply.inReplyTo, value: p.reply, headers: injectTraceHeaders() } : undefined,
        ]);
      }
      const began = process.hrtime.bigint();
      const result = await p.handler.handle(p.data, p.ctx);
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      p.ctx.logger.info({ ok: result.ok, ms, ...(result.ok ? {} : { error: result.error.code }) }, 'handled');
      observeHandled(p.handler.spec.type, result, ms);
      return sending([sendsOf(p, result)]);
    });
  };

  /** One call of the batch handler for a run of commands; each keeps its own span, log line and reply. */
  const handleRun = async (run: Handled[]): Promise<Sent> => {
    if (run.length === 0) return nothingSent;
    const batch = options.batch as BatchHandler;
    const startTime = preciseNow();
    const spans: Span[] = run.map((p) =>
      tracer().startSpan(`handle ${p.handler.spec.type}`, { kind: SpanKind.CONSUMER, startTime }, p.parent),
    );
    const within =
      (i: number) =>
      <T>(work: () => T): T =>
        context.with(trace.setSpan(run[i]!.parent, spans[i]!), work);
    try {
      const began = process.hrtime.bigint();
      const results = await batch.handle(run.map((p, i) => ({ handler: p.handler, data: p.data, ctx: p.ctx, withinSpan: within(i) })));
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      const sends = run.map((p, i) => {
        const result = results[i] as HandlerResult<unknown>;
        return within(i)(() => {
          p.ctx.logger.info({ ok: result.ok, ms, batch: run.length, ...(result.ok ? {} : { error: result.error.code }) }, 'handled');
          observeHandled(p.handler.spec.type, result, ms);
          return sendsOf(p, result);
        });
      });
      return sending(sends);
    } finally {
      const endTime = preciseNow();
      for (const span of spans) span.end(endTime);
    }
  };

  /**
   * A chunk of a partition's commands, decided in order. A command's reply (or hand-off) is sent as soon as it is
   * decided, without waiting for the broker's acknowledgement before deciding the next: what is decided while one
   * request is in flight goes in the next together (see KafkaBus.publish), so a busy service sends one request for
   * several commands instead of one each. The chunk counts as handled (its offsets committed) only once every send
   * is acknowledged; when a command fails, the commands before it whose sends went through count as handled, and
   * delivery starts again from it.
   */
  const handleBatch = async (messages: IncomingMessage[]) => {
    const sent: Array<Promise<void>> = [];
    let decided = 0;
    try {
      let run: Handled[] = [];
      for (const [i, message] of messages.entries()) {
        const p = prepare(message);
        if (p.kind === 'handle' && batchTypes.has(p.handler.spec.type)) {
          run.push(p);
          continue;
        }
        // Order within a partition is kept: the run so far goes first.
        sent.push((await handleRun(run)).sent);
        run = [];
        decided = i;
        sent.push((await handleOne(p)).sent);
        decided = i + 1;
      }
      sent.push((await handleRun(run)).sent);
    } catch (error) {
      const sends = await Promise.allSettled(sent);
      throw decided > 0 && sends.every((s) => s.status === 'fulfilled') ? new PartlyHandled(decided, error) : error;
    }
    await Promise.all(sent);
  };

  const perPartition = options.batch ? undefined : options.answersAtOncePerPartition;
  /** A command whose handler answers a waiting caller, read from the envelope's type (anything else keeps its place). */
  const answersACaller = ({ value }: IncomingMessage) => {
    const type = (value as { type?: unknown } | null)?.type;
    return typeof type === 'string' && byType.get(type)?.dropWhenLate === true;
  };
  return options.bus.subscribe({
    groupId: `${topic}.handlers`,
    topics: [topic],
    fromBeginning: true,
    partitionsConcurrently: options.partitionsConcurrently ?? 4,
    handle: (message) => handleBatch([message]),
    ...(perPartition && perPartition > 1 ? { overtaking: { perPartition, mayOvertake: answersACaller } } : { handleBatch }),
  });
};
