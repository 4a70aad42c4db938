import type { CommandSpec, z } from '@pds/contracts';
import type { CommandWork } from '../operations/handler';

// A calculation by the analysis service: its reply is the answer's `data`. Nothing is charged for a refusal (the
// pipeline charges only an answer). An answer that is not a result (a figure that does not fit its schema) is the
// calculation failing: the specification's code for that is INTERNAL_ERROR.

const failed = { ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' } as const;

export const analysisWork = <S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
  command: S,
  data: z.input<S['data']>,
): CommandWork => ({
  spec: command,
  service: 'analysis',
  data,
  answered: (reply) => ({ ok: true, data: reply }),
  refused: () => failed,
  late: { ok: false, code: 'UPSTREAM_TIMEOUT', message: 'The calculation was not answered in time; nothing was charged. Retry shortly.' },
});
