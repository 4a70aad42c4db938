import { defineQueries } from '../read-model';
import { accountUsageDays as days, accountUsageProgress as progress } from './contract';

// The billing ledger's published reads of an account's usage. Days are UK calendar days, `from` and `to` inclusive
// (ISO dates); every read is scoped to one account.

export interface UsageFigures {
  charges: number;
  creditsCharged: number;
  refunds: number;
  creditsRefunded: number;
}
type Row = { key: string; charges: string; credits_charged: string; refunds: string; credits_refunded: string };

const sums = `sum(charges) AS charges, sum(credits_charged) AS credits_charged, sum(refunds) AS refunds,
              sum(credits_refunded) AS credits_refunded`;
const figures = (r: Row): UsageFigures => ({
  charges: Number(r.charges),
  creditsCharged: Number(r.credits_charged),
  refunds: Number(r.refunds),
  creditsRefunded: Number(r.credits_refunded),
});

export const usageQueries = defineQueries([days, progress], {
  /** The account's figures by day (ISO date → figures), only days with any. */
  byDay: async (db, accountId: string, from: string, to: string): Promise<Map<string, UsageFigures>> => {
    const sql = `SELECT to_char(day, 'YYYY-MM-DD') AS key, ${sums} FROM ${days.relation}
                  WHERE account_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY day`;
    return new Map((await db.query<Row>(sql, [accountId, from, to])).rows.map((r) => [r.key, figures(r)]));
  },

  /** The account's figures by operation over the days, only operations with any. */
  byOperation: async (db, accountId: string, from: string, to: string): Promise<Map<string, UsageFigures>> => {
    const sql = `SELECT operation AS key, ${sums} FROM ${days.relation}
                  WHERE account_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY operation`;
    return new Map((await db.query<Row>(sql, [accountId, from, to])).rows.map((r) => [r.key, figures(r)]));
  },

  /** The business time of the account's latest event the figures include; null before the projection has read any. */
  asOf: async (db, accountId: string): Promise<Date | null> => {
    const sql = `SELECT last_event_at FROM ${progress.relation} WHERE account_id = $1`;
    return (await db.query<{ last_event_at: Date }>(sql, [accountId])).rows[0]?.last_event_at ?? null;
  },

  /** Whether the figures include the account's events up to `globalPosition` (read-your-writes after a call). */
  hasRead: async (db, accountId: string, globalPosition: number): Promise<boolean> => {
    const sql = `SELECT 1 FROM ${progress.relation} WHERE account_id = $1 AND last_global_position >= $2`;
    return ((await db.query(sql, [accountId, globalPosition])).rowCount ?? 0) > 0;
  },
});
