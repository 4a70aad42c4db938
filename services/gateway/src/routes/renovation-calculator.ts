import { analysis, renovationUpliftCalculator } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf } from '../operations/handler';

/** The calculation is the analysis service's; the pipeline has checked the inputs and reserved the credit. */
export const renovationCalculator = handlerOf(renovationUpliftCalculator, {
  handle: async ({ input, ctx, deps }) => {
    try {
      const answer = await deps.rpc.request(
        analysis.CalculateRenovationUplift,
        deps.topics.commands('analysis'),
        ctx.requestId,
        input.query,
        ctx,
        {
          timeoutMs: deps.workTimeoutMs,
        },
      );
      return answer.ok
        ? { ok: true, data: answer.data }
        : { ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' };
    } catch (error) {
      if (error instanceof RequestTimeoutError) {
        return {
          ok: false,
          code: 'UPSTREAM_TIMEOUT',
          message: 'The calculation was not answered in time; nothing was charged. Retry shortly.',
        };
      }
      // An answer that is not a result (a figure that does not fit its schema) is the calculation failing: the
      // specification's code for that is INTERNAL_ERROR.
      ctx.logger.error({ err: error }, 'the calculation answered with something that is not a result');
      return { ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' };
    }
  },
});
