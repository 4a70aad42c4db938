import type { Operation } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf, type Call, type CommandWork, type DataAnswer, type OperationHandler, type Refusal } from './handler';

// One command to one service, asked and read: the pipeline hands it to the ledger when the operation is charged on its
// answer, and asks it itself otherwise (or as a part of a composed answer).

/** Codes of the service's command host, not of the work: the command never ran, so its reply is not a result. */
const hostCodes = new Set(['UNKNOWN_COMMAND', 'INVALID_COMMAND', 'INVALID_ANSWER']);

/** Reads a reply (or a carried answer): the answer when it fits the command's reply schema, the work's refusal if not. */
export const readAnswer = (
  work: CommandWork,
  reply: { ok: boolean; data?: unknown; error?: { code: string; message: string } },
  ctx: Call<never>['ctx'],
): DataAnswer | Refusal => {
  if (!reply.ok) return work.refused(reply.error && !hostCodes.has(reply.error.code) ? reply.error : undefined);
  const read = work.spec.reply.safeParse(reply.data);
  if (read.success) return work.answered(read.data);
  ctx.logger.error({ command: work.spec.type, issues: read.error.issues }, 'the service answered with something that is not a result');
  return work.refused(undefined);
};

/** Asks the work's command and reads its reply. */
export const ask = async ({ ctx, deps }: Pick<Call<never>, 'ctx' | 'deps'>, work: CommandWork): Promise<DataAnswer | Refusal> => {
  try {
    const reply = await deps.rpc.requestReply(work.spec, deps.topics.commands(work.service), ctx.requestId, work.data, ctx, {
      timeoutMs: deps.workTimeoutMs,
    });
    return readAnswer(work, reply, ctx);
  } catch (error) {
    if (error instanceof RequestTimeoutError) return work.late;
    throw error;
  }
};

/** The handler of an operation whose whole work is one command. */
export const commandHandler = <O extends Operation>(
  operation: O,
  handler: { read?: OperationHandler<O>['read']; work: (call: Call<O>) => CommandWork | Refusal | Promise<CommandWork | Refusal> },
): OperationHandler<O> => {
  const work = async (call: Call<O>) => handler.work(call);
  return handlerOf(operation, {
    ...(handler.read ? { read: handler.read } : {}),
    work,
    handle: async (call) => {
      const found = await work(call);
      return isRefusal(found) ? found : ask(call, found);
    },
  });
};

export const isRefusal = (work: CommandWork | Refusal): work is Refusal => 'ok' in work && work.ok === false;
