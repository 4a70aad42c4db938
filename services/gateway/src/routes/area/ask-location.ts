import type { CommandSpec, ErrorCode, Source, z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import type { Call, DataAnswer, Refusal } from '../../operations/handler';

// A Location Intelligence answer from the location service, which owns the reference data and the upstream adapters
// behind it: the command's reply is the answer with its `sources`; its domain errors are the REST codes the caller
// reads. Nothing is charged for a refusal: the pipeline captures the reservation only for an answer.

const nothingCharged = 'Nothing was charged.';

type Sourced = { data: unknown; sources: Source[] };

export const askLocation = async <S extends CommandSpec<string, z.ZodTypeAny, z.ZodType<Sourced>>>(
  { ctx, deps }: Pick<Call<never>, 'ctx' | 'deps'>,
  command: S,
  data: z.input<S['data']>,
  what: string,
): Promise<DataAnswer | Refusal> => {
  let reply;
  try {
    reply = await deps.rpc.request(command, deps.topics.commands('location'), ctx.requestId, data, ctx, { timeoutMs: deps.workTimeoutMs });
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    return { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The ${what} was not ready in time. ${nothingCharged} Retry shortly.` };
  }
  if (reply.ok) {
    const answer = reply.data as Sourced;
    return { ok: true, data: answer.data, sources: answer.sources };
  }
  const { code, message, candidates } = reply.error;
  return { ok: false, code: code as ErrorCode, message: `${message} ${nothingCharged}`, ...(candidates ? { candidates } : {}) };
};
