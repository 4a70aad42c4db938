import type { CommandSpec, ErrorCode, Source, z } from '@pds/contracts';
import type { Call, CommandWork, DataAnswer, Refusal } from '../../operations/handler';
import { ask } from '../../operations/command-work';

// A Location Intelligence answer from the location service, which owns the reference data and the upstream adapters
// behind it: the command's reply is the answer with its `sources`; its domain errors are the REST codes the caller
// reads. Nothing is charged for a refusal: the pipeline charges only an answer.

const nothingCharged = 'Nothing was charged.';

type Sourced = { data: unknown; sources: Source[] };

export const locationWork = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodType<Sourced>>>(
  command: S,
  data: z.input<S['data']>,
  what: string,
): CommandWork => ({
  spec: command,
  service: 'location',
  data,
  answered: (reply) => {
    const answer = reply as Sourced;
    return { ok: true, data: answer.data, sources: answer.sources };
  },
  refused: (error) => {
    if (!error) return { ok: false, code: 'INTERNAL_SERVER_ERROR', message: `The ${what} failed. ${nothingCharged}` };
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

export const askLocation = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodType<Sourced>>>(
  call: Pick<Call<never>, 'ctx' | 'deps'>,
  command: S,
  data: z.input<S['data']>,
  what: string,
): Promise<DataAnswer | Refusal> => ask(call, locationWork(command, data, what));
