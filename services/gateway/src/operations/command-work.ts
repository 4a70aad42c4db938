import { RequestTimeoutError } from '@pds/service-runtime';
import type { Call, CommandWork, DataAnswer, Refusal } from './handler';

// One command to one service, asked and read: the pipeline hands it to the service with the charge when the operation
// is charged on its answer, and it is asked here otherwise.

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
