import { accountUsageDays as days, accountUsageProgress as progress } from '../account-usage/contract';
import { defineQueries } from '../read-model';
import { accountMovements as movementsView, type MovementKind } from './contract';
import { monthFigures, paymentFigureOf, zeroFigures, type StatementFigure, type StatementFigures } from './figures';

// The billing ledger's published reads of an account's monthly statement: its figures (the audit's, by the same
// names) and its movements. Months are UK calendar months, `YYYY-MM`; every read is scoped to one account.

/** What a kind of movement adds to, and with which sign (the view stores each as it moved the balance). */
const figureOfKind: Partial<Record<MovementKind, { figure: StatementFigure; of: 'credits' | 'pence'; sign: 1 | -1 }>> = {
  credits_granted: { figure: 'granted_credits', of: 'credits', sign: 1 },
  credits_refreshed: { figure: 'refresh_adjustment_credits', of: 'credits', sign: 1 },
  credits_lapsed: { figure: 'lapsed_credits', of: 'credits', sign: -1 },
  cash_deposited: { figure: 'deposited_pence', of: 'pence', sign: 1 },
  cash_refunded: { figure: 'refunded_pence', of: 'pence', sign: 1 },
  debt_repaid: { figure: 'debt_repaid_pence', of: 'pence', sign: -1 },
  cash_captured: { figure: 'captured_pence', of: 'pence', sign: -1 },
  debt_recorded: { figure: 'debt_recorded_pence', of: 'pence', sign: 1 },
};

type SumRow = { in_month: boolean; kind: MovementKind; operation: string | null; credits: string; pence: string };
type UsageRow = { in_month: boolean; charged: string; refunded: string };

export interface StatementMovement {
  globalPosition: number;
  at: string;
  kind: MovementKind;
  referenceId: string | null;
  operation: string | null;
  amountCredits: number;
  amountPence: number;
  description: string;
}

/** The most movements one read returns. */
export const movementsPageMax = 500;

const addMovement = (f: StatementFigures, r: SumRow) => {
  const pence = Number(r.pence);
  if (r.kind === 'payment_received') {
    f.payments_pence += pence;
    f[paymentFigureOf(r.operation ?? '')] += pence;
    return;
  }
  const to = figureOfKind[r.kind];
  if (to) f[to.figure] += to.sign * Number(to.of === 'credits' ? r.credits : r.pence);
};

export const statementQueries = defineQueries([movementsView, days, progress], {
  /** The month's figures, each named as in the audit's statements.csv; all zero before the account's first movement. */
  totals: async (db, accountId: string, month: string): Promise<StatementFigures> => {
    const moved = await db.query<SumRow>(
      `SELECT month = $2 AS in_month, kind, operation, sum(amount_credits) AS credits, sum(amount_pence) AS pence
         FROM ${movementsView.relation} WHERE account_id = $1 AND month <= $2 GROUP BY 1, 2, 3`,
      [accountId, month],
    );
    const used = await db.query<UsageRow>(
      `SELECT to_char(day, 'YYYY-MM') = $2 AS in_month, sum(credits_charged) AS charged, sum(credits_refunded) AS refunded
         FROM ${days.relation} WHERE account_id = $1 AND day < to_date($2, 'YYYY-MM') + interval '1 month' GROUP BY 1`,
      [accountId, month],
    );
    const before = zeroFigures();
    const during = zeroFigures();
    for (const r of moved.rows) addMovement(r.in_month ? during : before, r);
    for (const r of used.rows) {
      const f = r.in_month ? during : before;
      f.charged_credits += Number(r.charged);
      f.refunded_credits += Number(r.refunded);
    }
    return monthFigures(before, during);
  },

  /** The ledger position the account's figures include (the usage projection's, which writes both tables); 0 before any. */
  positionOf: async (db, accountId: string): Promise<number> => {
    const sql = `SELECT last_global_position FROM ${progress.relation} WHERE account_id = $1`;
    return Number((await db.query<{ last_global_position: string }>(sql, [accountId])).rows[0]?.last_global_position ?? 0);
  },

  /** The plan the account was on at the end of the month (its last opening or plan change by then); null before it opened. */
  planAt: async (db, accountId: string, month: string): Promise<string | null> => {
    const sql = `SELECT operation FROM ${movementsView.relation}
                  WHERE account_id = $1 AND month <= $2 AND kind IN ('account_opened', 'plan_changed')
                  ORDER BY global_position DESC LIMIT 1`;
    return (await db.query<{ operation: string }>(sql, [accountId, month])).rows[0]?.operation ?? null;
  },

  /** The month's movements in the order the ledger recorded them, `limit` (at most 500) after the position `after`. */
  movements: async (
    db,
    accountId: string,
    month: string,
    page: { limit: number; after?: number } = { limit: movementsPageMax },
  ): Promise<StatementMovement[]> => {
    const limit = Math.max(1, Math.min(movementsPageMax, Math.trunc(page.limit)));
    const { rows } = await db.query<{
      global_position: string;
      at: Date;
      kind: MovementKind;
      reference_id: string | null;
      operation: string | null;
      amount_credits: string;
      amount_pence: string;
      description: string;
    }>(
      `SELECT global_position, at, kind, reference_id, operation, amount_credits, amount_pence, description
         FROM ${movementsView.relation} WHERE account_id = $1 AND month = $2 AND global_position > $3
        ORDER BY global_position LIMIT $4`,
      [accountId, month, page.after ?? 0, limit],
    );
    return rows.map((r) => ({
      globalPosition: Number(r.global_position),
      at: r.at.toISOString(),
      kind: r.kind,
      referenceId: r.reference_id,
      operation: r.operation,
      amountCredits: Number(r.amount_credits),
      amountPence: Number(r.amount_pence),
      description: r.description,
    }));
  },
});
