import type { CommandSpec, ErrorCode, Source, z } from '@pds/contracts';
import type { Call, CommandWork, DataAnswer, Refusal, WorkingService } from '../operations/handler';
import { ask } from '../operations/command-work';

// An operation answered whole by the service that owns it (the location service's facts, the analysis service's
// judgements): the command's reply is the answer with its `sources`; its domain errors are the REST codes the caller
// reads. Nothing is charged for a refusal: the pipeline charges only an answer.

const nothingCharged = 'Nothing was charged.';

type Sourced = { data: unknown; sources: Source[] };

export const ownerWork = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodType<Sourced>>>(
  service: WorkingService,
  command: S,
  data: z.input<S['data']>,
  what: string,
  /** The code for a reply that is not an answer at all (the specification names INTERNAL_ERROR for a calculation's). */
  failed: ErrorCode = 'INTERNAL_SERVER_ERROR',
): CommandWork => ({
  spec: command,
  service,
  data,
  answered: (reply) => {
    const answer = reply as Sourced;
    return { ok: true, data: answer.data, sources: answer.sources };
  },
  refused: (error) => {
    if (!error) return { ok: false, code: failed, message: `The ${what} failed. ${nothingCharged}` };
    const { code, message, candidates, details, retryAfter } = error;
    return {
      ok: false,
      code: code as ErrorCode,
      message: `${message} ${nothingCharged}`,
      ...(candidates ? { candidates } : {}),
      ...(details ? { details } : {}),
      ...(retryAfter ? { retryAfter } : {}),
    };
  },
  late: { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The ${what} was not ready in time. ${nothingCharged} Retry shortly.` },
});

export const askOwner = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodType<Sourced>>>(
  call: Pick<Call<never>, 'ctx' | 'deps'>,
  service: WorkingService,
  command: S,
  data: z.input<S['data']>,
  what: string,
): Promise<DataAnswer | Refusal> => ask(call, ownerWork(service, command, data, what));
