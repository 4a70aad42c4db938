import { DateTime } from 'luxon';
import { readModels } from '@pds/contracts';
import { businessTimeOf } from '../read-models/account-usage';

// Monthly statements by replay: each account's credits and Purchase Balance at the start and end of each UK calendar
// month (of each event's business time, `metadata.at`; the store's clock for events recorded before it), every
// movement between, by kind, and the money paid in it. The customer's statement is built from the ledger's read
// models with the same names (contracts' statement figures); finance compares the two figure by figure.

const zone = 'Europe/London';
const { closingCredits, closingPence, paymentFigureOf, paymentPurposeOf, statementFigureNames, zeroFigures } = readModels;
type StatementFigures = readModels.StatementFigures;

/** The movements in a month: what each event adds to which figure (a payment, below, to two). */
type Movement = Exclude<readModels.StatementFigure, 'opening_credits' | 'closing_credits' | 'opening_pence' | 'closing_pence'>;
const movementOf: Record<string, { figure: Movement; amount: 'amountCredits' | 'amountPence' | 'adjustmentCredits' }> = {
  CreditsGranted: { figure: 'granted_credits', amount: 'amountCredits' },
  CreditsRefreshed: { figure: 'refresh_adjustment_credits', amount: 'adjustmentCredits' },
  CreditsLapsed: { figure: 'lapsed_credits', amount: 'amountCredits' },
  CreditsCharged: { figure: 'charged_credits', amount: 'amountCredits' },
  CreditsCaptured: { figure: 'charged_credits', amount: 'amountCredits' },
  CreditsRefunded: { figure: 'refunded_credits', amount: 'amountCredits' },
  CashDeposited: { figure: 'deposited_pence', amount: 'amountPence' },
  CashRefunded: { figure: 'refunded_pence', amount: 'amountPence' },
  DebtRepaid: { figure: 'debt_repaid_pence', amount: 'amountPence' },
  CashCaptured: { figure: 'captured_pence', amount: 'amountPence' },
  DebtRecorded: { figure: 'debt_recorded_pence', amount: 'amountPence' },
  PaymentReceived: { figure: 'payments_pence', amount: 'amountPence' },
};

/** Which payment figure a payment adds to besides `payments_pence`: by its purpose, or unallocated. */
const paymentFigure = (data: Record<string, unknown>) =>
  paymentFigureOf(paymentPurposeOf((data.purpose as { kind: string }).kind, data.unallocatedCode as string | undefined));

export interface StatementEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
}

export const monthOf = (e: Pick<StatementEvent, 'metadata' | 'recordedAt'>): string =>
  DateTime.fromISO(businessTimeOf(e), { zone }).toFormat('yyyy-MM');

export class MonthlyStatements {
  /** accountId → month → movements in it. */
  private readonly accounts = new Map<string, Map<string, StatementFigures>>();

  apply(e: StatementEvent): void {
    const accountId = e.data.accountId as string;
    const months = this.accounts.get(accountId) ?? new Map<string, StatementFigures>();
    this.accounts.set(accountId, months);
    const month = monthOf(e);
    const figures = months.get(month) ?? zeroFigures();
    months.set(month, figures);
    const movement = movementOf[e.type];
    if (movement) figures[movement.figure] += Number(e.data[movement.amount] ?? 0);
    if (e.type === 'PaymentReceived') figures[paymentFigure(e.data)] += Number(e.data.amountPence);
  }

  /** The latest month any event fell in; undefined before any. */
  latestMonth(): string | undefined {
    let latest: string | undefined;
    for (const months of this.accounts.values()) for (const m of months.keys()) if (!latest || m > latest) latest = m;
    return latest;
  }

  /**
   * Every account's statement for every month from its first event's to `lastMonth` (a month with no movement
   * included: its opening is its closing), each opening the closing before it.
   */
  statements(lastMonth: string): Array<{ accountId: string; month: string; figures: StatementFigures }> {
    const out: Array<{ accountId: string; month: string; figures: StatementFigures }> = [];
    for (const [accountId, months] of [...this.accounts].sort(([a], [b]) => a.localeCompare(b))) {
      let month = [...months.keys()].sort()[0] as string;
      let credits = 0;
      let pence = 0;
      while (month <= lastMonth) {
        const figures = { ...(months.get(month) ?? zeroFigures()), opening_credits: credits, opening_pence: pence };
        figures.closing_credits = credits = closingCredits(figures);
        figures.closing_pence = pence = closingPence(figures);
        out.push({ accountId, month, figures });
        month = DateTime.fromFormat(month, 'yyyy-MM', { zone }).plus({ months: 1 }).toFormat('yyyy-MM');
      }
    }
    return out;
  }
}

export const statementsCsv = (rows: Array<{ accountId: string; month: string; figures: StatementFigures }>): string => {
  const names = statementFigureNames;
  const lines = rows.map((r) => [r.accountId, r.month, ...names.map((n) => r.figures[n])].join(','));
  return `${['account_id', 'month', ...names].join(',')}\n${lines.join('\n')}\n`;
};
