import { accountUsage, readModels } from '@pds/contracts';
import { callsOf } from '../../account/usage/call-counts';
import { handlerOf } from '../../operations/handler';
import { usageRange } from './usage-range';

// The caller's usage: credits from the ledger's usage read model (exact), calls from the gateway's own counts, joined
// here by day or operation, never in SQL (the gateway names no ledger table).

const none = { charges: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 };

export const accountUsageHandler = handlerOf(accountUsage, {
  handle: async ({ input, caller, ctx, deps }) => {
    const range = usageRange(input.query, deps.clock.now());
    if ('invalid' in range) return { ok: false, code: 'INVALID_DATE_RANGE', message: range.invalid };
    const { from, to } = range;
    const { groupBy } = input.query;
    const { accountId } = caller;
    try {
      const [credits, calls, asOf] = await Promise.all([
        groupBy === 'day'
          ? readModels.usageQueries.byDay(deps.db, accountId, from, to)
          : readModels.usageQueries.byOperation(deps.db, accountId, from, to),
        callsOf(deps.db, accountId, from, to, groupBy),
        readModels.usageQueries.asOf(deps.db, accountId),
      ]);
      const keys = groupBy === 'day' ? range.days : [...new Set([...credits.keys(), ...calls.keys()])].sort();
      const figures = keys.map((key) => {
        const { creditsCharged, refunds, creditsRefunded } = credits.get(key) ?? none;
        return { key, calls: calls.get(key) ?? 0, creditsCharged, refunds, creditsRefunded };
      });
      const rows = figures.map(({ key, ...f }) => (groupBy === 'day' ? { day: key, ...f } : { operationId: key, ...f }));
      const total = (field: 'calls' | 'creditsCharged' | 'refunds' | 'creditsRefunded') => figures.reduce((sum, f) => sum + f[field], 0);
      const totals = {
        calls: total('calls'),
        creditsCharged: total('creditsCharged'),
        refunds: total('refunds'),
        creditsRefunded: total('creditsRefunded'),
      };
      const data = { from, to, timeZone: 'Europe/London' as const, groupBy, rows, totals, asOf: asOf?.toISOString() ?? null };
      return { ok: true, data };
    } catch (err) {
      ctx.logger.error({ err }, 'usage read failed');
      return { ok: false, code: 'DATABASE_ERROR', message: 'Your usage could not be read; retry shortly.' };
    }
  },
});
