import { accountUsage } from '@pds/contracts';
import { usageOf } from '../../account/usage/usage-of';
import { handlerOf } from '../../operations/handler';

// The caller's usage, as the dashboard's usage page reads it too (`usageOf`): credits from the ledger's usage read
// model, calls from the gateway's own counts.

export const accountUsageHandler = handlerOf(accountUsage, {
  handle: async ({ input, caller, ctx, deps }) => {
    try {
      const read = await usageOf(deps.db, caller.accountId, input.query, deps.clock.now());
      return read.ok ? { ok: true, data: read.usage } : { ok: false, code: 'INVALID_DATE_RANGE', message: read.invalid };
    } catch (err) {
      ctx.logger.error({ err }, 'usage read failed');
      return { ok: false, code: 'DATABASE_ERROR', message: 'Your usage could not be read; retry shortly.' };
    }
  },
});
