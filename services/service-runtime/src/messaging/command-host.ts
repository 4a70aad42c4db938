import { AnyCommand, Ping, type CommandSpec, type Reply, type ServiceName, type Topics, type z } from '@pds/contracts';
import type { Logger } from '../observability/logger';
import { contextFromHeaders, injectTraceHeaders, inSpan, SpanKind } from '../observability/tracing';
import type { KafkaBus, Subscription } from './bus';

/** A refusal may carry data too (a refused reservation reports the balance it was refused against). */
export type HandlerResult<R> = { ok: true; data: R } | { ok: false; error: { code: string; message: string }; data?: R };

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

/**
 * Consumes a service's command topic and answers each command on its reply topic. A handler that throws leaves the message uncommitted so that it is
 * delivered again, which is why every handler must treat a repeated command id as the same command.
 */
export const serveCommands = async (options: {
  bus: KafkaBus;
  topics: Topics;
  service: ServiceName;
  logger: Logger;
  handlers: CommandHandler[];
  partitionsConcurrently?: number;
}): Promise<Subscription> => {
  const startedAt = Date.now();
  const byType = new Map<string, CommandHandler>(options.handlers.map((h) => [h.spec.type, h]));
  byType.set(
    Ping.type,
    handler(Ping, async () => ({ ok: true, data: { service: options.service, uptimeMs: Date.now() - startedAt } }), {
      dropWhenLate: true,
    }),
  );
  const topic = options.topics.commands(options.service);

  const answer = async (replyTo: string | undefined, reply: Reply) => {
    if (replyTo) await options.bus.publish(replyTo, [{ key: reply.inReplyTo, value: reply, headers: injectTraceHeaders() }]);
  };

  return options.bus.subscribe({
    groupId: `${topic}.handlers`,
    topics: [topic],
    fromBeginning: true,
    partitionsConcurrently: options.partitionsConcurrently ?? 4,
    handle: async ({ value, headers, partition, offset }) => {
      const envelope = AnyCommand.safeParse(value);
      if (!envelope.success) return void options.logger.error({ partition, offset }, 'skipping a message that is not a command');
      const command = envelope.data;
      const logger = options.logger.child({ correlationId: command.metadata.correlationId, commandId: command.id, command: command.type });
      const reply = (ok: boolean, body: { data?: unknown; error?: { code: string; message: string } }): Reply => ({
        inReplyTo: command.id,
        ok,
        handledBy: options.service,
        ...body,
      });
      await inSpan(`handle ${command.type}`, SpanKind.CONSUMER, contextFromHeaders(headers), async () => {
        const h = byType.get(command.type);
        if (h?.dropWhenLate && command.metadata.deadline && Date.parse(command.metadata.deadline) < Date.now()) {
          logger.warn({ deadline: command.metadata.deadline }, 'dropping a command whose deadline has passed');
          return;
        }
        if (!h) {
          logger.error('no handler for this command type');
          return answer(command.metadata.replyTo, reply(false, { error: { code: 'UNKNOWN_COMMAND', message: command.type } }));
        }
        const data = h.spec.data.safeParse(command.data);
        if (!data.success) {
          logger.error({ issues: data.error.issues }, 'rejecting a malformed command');
          return answer(command.metadata.replyTo, reply(false, { error: { code: 'INVALID_COMMAND', message: data.error.message } }));
        }
        const startedAt = process.hrtime.bigint();
        const result = await h.handle(data.data, { commandId: command.id, metadata: command.metadata, logger });
        const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
        logger.info({ ok: result.ok, ms, ...(result.ok ? {} : { error: result.error.code }) }, 'handled');
        await answer(command.metadata.replyTo, result.ok ? reply(true, { data: result.data }) : reply(false, { error: result.error, data: result.data }));
      });
    },
  });
};
