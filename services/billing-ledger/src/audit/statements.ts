import { DateTime } from 'luxon';
import { businessTimeOf } from '../read-models/account-usage';

// Monthly statements by replay: each account's credits and Purchase Balance at the start and end of each UK calendar
// month (of each event's business time, `metadata.at`; the store's clock for events recorded before it), and every
// movement between, by kind. The customer's statement is built from the ledger's read models with the same names;
// finance compares the two figure by figure.

const zone = 'Europe/London';

export const creditFigures = [
  'opening_credits',
  'granted_credits',
  'refresh_adjustment_credits',
  'charged_credits',
  'refunded_credits',
  'closing_credits',
] as const;
export const penceFigures = [
  'opening_pence',
  'deposited_pence',
  'refunded_pence',
  'debt_repaid_pence',
  'captured_pence',
  'closing_pence',
  'debt_recorded_pence',
] as const;
export type StatementFigure = (typeof creditFigures)[number] | (typeof penceFigures)[number];
export type StatementFigures = Record<StatementFigure, number>;

/** The movements in a month: what each event adds to which figure. */
type Movement = Exclude<StatementFigure, 'opening_credits' | 'closing_credits' | 'opening_pence' | 'closing_pence'>;
const movementOf: Record<string, { figure: Movement; amount: 'amountCredits' | 'amountPence' | 'adjustmentCredits' }> = {
  CreditsGranted: { figure: 'granted_credits', amount: 'amountCredits' },
  CreditsRefreshed: { figure: 'refresh_adjustment_credits', amount: 'adjustmentCredits' },
  CreditsCharged: { figure: 'charged_credits', amount: 'amountCredits' },
  CreditsCaptured: { figure: 'charged_credits', amount: 'amountCredits' },
  CreditsRefunded: { figure: 'refunded_credits', amount: 'amountCredits' },
  CashDeposited: { figure: 'deposited_pence', amount: 'amountPence' },
  CashRefunded: { figure: 'refunded_pence', amount: 'amountPence' },
  DebtRepaid: { figure: 'debt_repaid_pence', amount: 'amountPence' },
  CashCaptured: { figure: 'captured_pence', amount: 'amountPence' },
  DebtRecorded: { figure: 'debt_recorded_pence', amount: 'amountPence' },
};

/** Credits spent or given back move the balance one way or the other; held reservations are not movements. */
const creditsClosing = (f: StatementFigures) =>
  f.opening_credits + f.granted_credits + f.refresh_adjustment_credits - f.charged_credits + f.refunded_credits;
/** Debt recorded is owed, not taken from the balance: only its repayment from a deposit moves it. */
const penceClosing = (f: StatementFigures) =>
  f.opening_pence + f.deposited_pence + f.refunded_pence - f.debt_repaid_pence - f.captured_pence;

export interface StatementEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
}

export const monthOf = (e: Pick<StatementEvent, 'metadata' | 'recordedAt'>): string =>
  DateTime.fromISO(businessTimeOf(e), { zone }).toFormat('yyyy-MM');

const zero = (): StatementFigures => Object.fromEntries([...creditFigures, ...penceFigures].map((f) => [f, 0])) as StatementFigures;

export class MonthlyStatements {
  /** accountId → month → movements in it. */
  private readonly accounts = new Map<string, Map<string, StatementFigures>>();

  apply(e: StatementEvent): void {
    const accountId = e.data.accountId as string;
    const months = this.accounts.get(accountId) ?? new Map<string, StatementFigures>();
    this.accounts.set(accountId, months);
    const month = monthOf(e);
    const figures = months.get(month) ?? zero();
    months.set(month, figures);
    const movement = movementOf[e.type];
    if (movement) figures[movement.figure] += Number(e.data[movement.amount] ?? 0);
  }

  /**
   * Every account's statement for every month from its first event's to `lastMonth` (a month with no movement
   * included: its opening is its closing), each opening the closing before it.
   */
  /** The latest month any event fell in; undefined before any. */
  latestMonth(): string | undefined {
    let latest: string | undefined;
    for (const months of this.accounts.values()) for (const m of months.keys()) if (!latest || m > latest) latest = m;
    return latest;
  }

  statements(lastMonth: string): Array<{ accountId: string; month: string; figures: StatementFigures }> {
    const out: Array<{ accountId: string; month: string; figures: StatementFigures }> = [];
    for (const [accountId, months] of [...this.accounts].sort(([a], [b]) => a.localeCompare(b))) {
      let month = [...months.keys()].sort()[0] as string;
      let credits = 0;
      let pence = 0;
      while (month <= lastMonth) {
        const figures = { ...(months.get(month) ?? zero()), opening_credits: credits, opening_pence: pence };
        figures.closing_credits = credits = creditsClosing(figures);
        figures.closing_pence = pence = penceClosing(figures);
        out.push({ accountId, month, figures });
        month = DateTime.fromFormat(month, 'yyyy-MM', { zone }).plus({ months: 1 }).toFormat('yyyy-MM');
      }
    }
    return out;
  }
}

export const statementsCsv = (rows: Array<{ accountId: string; month: string; figures: StatementFigures }>): string => {
  const names = [...creditFigures, ...penceFigures];
  const lines = rows.map((r) => [r.accountId, r.month, ...names.map((n) => r.figures[n])].join(','));
  return `${['account_id', 'month', ...names].join(',')}\n${lines.join('\n')}\n`;
};
