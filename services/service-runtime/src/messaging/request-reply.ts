import { Reply, type CommandSpec, type MessageMetadata, type ReplyOf, type Topics, type z } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../observability/logger';
import { context, trace } from '@opentelemetry/api';
import { injectTraceHeaders, preciseNow, SpanKind, tracer, tracesExported } from '../observability/tracing';
import type { KafkaBus } from './bus';
import type { Subscription } from './group-consumer';
import type { DomainError } from './command-host';

export interface RequestContext {
  correlationId: string;
  requestId?: string;
  actor: string;
}

export type RequestOutcome<R> = { ok: true; data: R } | { ok: false; error: DomainError; data?: R };

export class RequestTimeoutError extends Error {
  constructor(
    readonly commandType: string,
    readonly timeoutMs: number,
  ) {
    super(`${commandType} was not answered within ${timeoutMs} ms`);
  }
}

/** The command could not be sent (the broker is unreachable): treated like no answer, since it may yet arrive. */
export class BusUnavailableError extends RequestTimeoutError {
  constructor(
    commandType: string,
    timeoutMs: number,
    override readonly cause: unknown,
  ) {
    super(commandType, timeoutMs);
    this.message = `${commandType} could not be sent: ${(cause as Error)?.message ?? String(cause)}`;
  }
}

interface Pending {
  resolve: (reply: Reply) => void;
  timer: NodeJS.Timeout;
}

/** Bounded so that a flood of unanswered requests cannot grow memory without limit. */
const pendingMax = 10_000;

/**
 * Sends commands and waits for their replies on this process's own reply topic. Retrying with the same command id
 * is safe: handlers treat a repeated id as the same command.
 */
export class RequestReplyClient {
  private readonly pending = new Map<string, Pending>();
  private readonly replyTopic: string;
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: KafkaBus,
    topics: Topics,
    instanceId: string,
    private readonly logger: Logger,
  ) {
    this.replyTopic = topics.replies(instanceId);
  }

  async start(): Promise<void> {
    await this.bus.ensureTopics([this.replyTopic], 1);
    this.subscription = await this.bus.subscribe({
      groupId: this.replyTopic,
      topics: [this.replyTopic],
      // The topic is new and private to this process, so its beginning is the first reply to us.
      fromBeginning: true,
      handle: async ({ value }) => {
        const reply = Reply.safeParse(value);
        if (!reply.success) return void this.logger.warn('ignoring a malformed reply');
        const waiting = this.pending.get(reply.data.inReplyTo);
        if (!waiting) return; // late reply to a request that already timed out
        clearTimeout(waiting.timer);
        this.pending.delete(reply.data.inReplyTo);
        waiting.resolve(reply.data);
      },
    });
  }

  async stop(): Promise<void> {
    for (const [, p] of this.pending) clearTimeout(p.timer);
    this.pending.clear();
    // The member leaves its group before its topic goes: a member left consuming a deleted topic was seen taking over
    // 10 s to stop (the service killed at the end of its grace instead of stopping).
    await this.subscription?.stop();
    this.subscription = undefined;
    await this.bus.deleteTopics([this.replyTopic]).catch(() => undefined);
  }

  async request<S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
    spec: S,
    topic: string,
    key: string,
    data: z.input<S['data']>,
    ctx: RequestContext,
    options: { timeoutMs: number; commandId?: string },
  ): Promise<RequestOutcome<ReplyOf<S>>> {
    const reply = await this.requestReply(spec, topic, key, data, ctx, options);
    if (!reply.ok) {
      const data = reply.data === undefined ? undefined : (spec.reply.parse(reply.data) as ReplyOf<S>);
      return { ok: false, error: reply.error ?? { code: 'UNKNOWN', message: 'no error given' }, data };
    }
    return { ok: true, data: spec.reply.parse(reply.data) as ReplyOf<S> };
  }

  /**
   * Sends a command and gives back its reply as it came, unread: for a hand-off (`then`), whose reply may come from
   * the handler of the command handed on, with the answer beside it (see `MessageMetadata.then`).
   */
  async requestReply<S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
    spec: S,
    topic: string,
    key: string,
    data: z.input<S['data']>,
    ctx: RequestContext,
    options: { timeoutMs: number; commandId?: string; then?: MessageMetadata['then'] },
  ): Promise<Reply> {
    if (this.pending.size >= pendingMax) throw new Error('too many requests in flight');
    const id = options.commandId ?? randomUUID();
    const now = Date.now();
    const command = {
      id,
      type: spec.type,
      data,
      metadata: {
        correlationId: ctx.correlationId,
        requestId: ctx.requestId,
        actor: ctx.actor,
        issuedAt: new Date(now).toISOString(),
        replyTo: this.replyTopic,
        deadline: new Date(now + options.timeoutMs).toISOString(),
        ...(options.then ? { then: options.then } : {}),
      },
    };
    const answered: Promise<Reply> = new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestTimeoutError(spec.type, options.timeoutMs));
      }, options.timeoutMs);
      this.pending.set(id, { resolve, timer });
    });
    answered.catch(() => undefined);
    // Traced when spans are exported: from the send to the reply, with the broker's acknowledgement as an event, and
    // the parent of the handler's span (its headers name it), so a trace shows each hop of the call.
    const span = tracesExported()
      ? tracer().startSpan(`request ${spec.type}`, { kind: SpanKind.CLIENT, startTime: preciseNow() })
      : undefined;
    const headers = span
      ? context.with(trace.setSpan(context.active(), span), () => injectTraceHeaders({ 'message-type': spec.type }))
      : injectTraceHeaders({ 'message-type': spec.type });
    // The send is bounded by the same timeout as the answer: a broker that is down must not hold a caller for the
    // client's own (much longer) retry budget. A send that completes late is harmless, as command ids dedupe.
    const published = this.bus.publish(topic, [{ key, value: command, headers }]);
    if (span)
      published.then(
        () => span.addEvent('sent', preciseNow()),
        () => undefined,
      );
    const sendFailed = published.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => {
        throw new BusUnavailableError(spec.type, options.timeoutMs, error);
      },
    );
    try {
      return await Promise.race([answered, sendFailed]);
    } finally {
      span?.end(preciseNow());
      const waiting = this.pending.get(id);
      if (waiting) clearTimeout(waiting.timer);
      this.pending.delete(id);
    }
  }
}
