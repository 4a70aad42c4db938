import { toCsv } from '../csv';
import { usageLines, type UsageReport } from './usage-of';

// The usage table as a file: one record a row of the page's table, no totals row (a total is not a day nor an
// operation, and a program summing the column would count everything twice), so every record reads alike.

export const usageCsvHeader = (groupBy: UsageReport['groupBy']) =>
  [groupBy === 'day' ? 'day' : 'operation_id', 'calls', 'credits_charged', 'refunds', 'credits_refunded'] as const;

/** The file's name and text: `usage-<from>-<to>-<groupBy>.csv`. */
export const usageCsv = (usage: UsageReport): { filename: string; text: string } => ({
  filename: `usage-${usage.from}-${usage.to}-${usage.groupBy}.csv`,
  text: toCsv(
    usageCsvHeader(usage.groupBy),
    usageLines(usage).map((l) => [l.key, l.calls, l.creditsCharged, l.refunds, l.creditsRefunded]),
  ),
});
