import type { CommandSpec, z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import type { Call } from '../operations/handler';

// A calculation by the analysis service: its reply is the answer's `data`. Nothing is charged for a refusal (the
// pipeline captures the reservation only for an answer). An answer that is not a result (a figure that does not fit
// its schema) is the calculation failing: the specification's code for that is INTERNAL_ERROR.

const failed = { ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' } as const;

export const askAnalysis = async <S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
  { ctx, deps }: Pick<Call<never>, 'ctx' | 'deps'>,
  command: S,
  data: z.input<S['data']>,
) => {
  try {
    const answer = await deps.rpc.request(command, deps.topics.commands('analysis'), ctx.requestId, data, ctx, {
      timeoutMs: deps.workTimeoutMs,
    });
    return answer.ok ? ({ ok: true, data: answer.data as z.output<S['reply']> } as const) : failed;
  } catch (error) {
    if (error instanceof RequestTimeoutError) {
      return {
        ok: false,
        code: 'UPSTREAM_TIMEOUT',
        message: 'The calculation was not answered in time; nothing was charged. Retry shortly.',
      } as const;
    }
    ctx.logger.error({ err: error }, 'the calculation answered with something that is not a result');
    return failed;
  }
};
