import { readModels, type Usage, type z } from '@pds/contracts';
import type pg from 'pg';
import { callsOf } from './call-counts';
import { usageRange } from './usage-range';

// An account's usage over UK days: credits from the ledger's usage read model (exact), calls from the gateway's own
// counts, joined here by day or operation, never in SQL (the gateway names no ledger table). The one reading of it:
// the API's `account_usage` and the dashboard's usage page and CSV all answer from this.

export type UsageReport = z.infer<typeof Usage>;
export type GroupBy = UsageReport['groupBy'];
export type UsageFigureName = keyof UsageReport['totals'];
/** One row's key (its day or operation) with its figures: the shape the page, chart and CSV walk. */
export type UsageLine = { key: string } & UsageReport['totals'];

const none = { charges: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 };
export const usageFigureNames = ['calls', 'creditsCharged', 'refunds', 'creditsRefunded'] as const satisfies readonly UsageFigureName[];

/** The rows as key and figures, whichever way they are grouped. */
export const usageLines = (usage: UsageReport): UsageLine[] =>
  usage.rows.map((row) => {
    const { calls, creditsCharged, refunds, creditsRefunded } = row;
    return { key: 'day' in row ? row.day : row.operationId, calls, creditsCharged, refunds, creditsRefunded };
  });

/**
 * The account's usage from `from` to `to` (defaults: this UK month so far), or why that range cannot be asked
 * (`usageRange`'s rules). A failed read throws: each caller answers it in its own way.
 */
export const usageOf = async (
  db: pg.Pool,
  accountId: string,
  asked: { from?: string | undefined; to?: string | undefined; groupBy: GroupBy },
  now: Date,
): Promise<{ ok: true; usage: UsageReport } | { ok: false; invalid: string }> => {
  const range = usageRange(asked, now);
  if ('invalid' in range) return { ok: false, invalid: range.invalid };
  const { from, to } = range;
  const { groupBy } = asked;
  const [credits, calls, asOf] = await Promise.all([
    groupBy === 'day'
      ? readModels.usageQueries.byDay(db, accountId, from, to)
      : readModels.usageQueries.byOperation(db, accountId, from, to),
    callsOf(db, accountId, from, to, groupBy),
    readModels.usageQueries.asOf(db, accountId),
  ]);
  // By day every day of the range is a row, zeros included; by operation only those with any calls or credits.
  const keys = groupBy === 'day' ? range.days : [...new Set([...credits.keys(), ...calls.keys()])].sort();
  const lines: UsageLine[] = keys.map((key) => {
    const { creditsCharged, refunds, creditsRefunded } = credits.get(key) ?? none;
    return { key, calls: calls.get(key) ?? 0, creditsCharged, refunds, creditsRefunded };
  });
  const rows = lines.map(({ key, ...f }) => (groupBy === 'day' ? { day: key, ...f } : { operationId: key, ...f }));
  const totals = { calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 };
  for (const line of lines) for (const name of usageFigureNames) totals[name] += line[name];
  return { ok: true, usage: { from, to, timeZone: 'Europe/London', groupBy, rows, totals, asOf: asOf?.toISOString() ?? null } };
};
