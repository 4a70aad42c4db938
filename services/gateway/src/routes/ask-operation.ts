import type { Operation, Source } from '@pds/contracts';
import { answerOf } from '../operations/command-work';
import type { Answer, Call, HandlerOf } from '../operations/handler';

// Another operation's answer, for an operation composed of others (property analysis, compliance): its query read by
// its own schema, then its own handler, as if it had been called, so that its rules, refusals and time limits are its
// own. The composing call is charged by the pipeline; the parts are not charged on their own.

export type PartAnswer = { ok: true; data: Record<string, unknown>; sources: Source[] } | { ok: false; code: string; message: string };

export const askOperation = async <O extends Operation>(
  call: Pick<Call<never>, 'caller' | 'ctx' | 'deps'>,
  what: string,
  operation: O,
  handler: HandlerOf<O>,
  query: Record<string, string>,
): Promise<PartAnswer> => {
  const read = operation.request.query?.safeParse(query);
  if (!read?.success)
    return { ok: false, code: 'INVALID_PARAMETERS', message: `The ${what} could not be asked for with these parameters.` };
  let answer: Answer;
  try {
    const input = { query: read.data, params: undefined, headers: undefined, body: undefined };
    answer = await answerOf(handler, { caller: call.caller, ctx: call.ctx, deps: call.deps, input } as Call<O>);
  } catch (error) {
    call.ctx.logger.error({ err: error, part: what }, 'a part of a composed answer failed');
    return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The ${what} failed.` };
  }
  if (!answer.ok) return { ok: false, code: answer.code, message: answer.message };
  if (!('data' in answer)) return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The ${what} gave no data.` };
  return { ok: true, data: answer.data as Record<string, unknown>, sources: answer.sources ?? [] };
};
