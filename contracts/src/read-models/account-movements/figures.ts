// The figures of a monthly statement, by the names both the customer's statement (read from the ledger's read models)
// and the finance audit's statements.csv (replayed from the ledger's events) use, so the two compare name by name.

export const creditFigures = [
  'opening_credits',
  'granted_credits',
  'refresh_adjustment_credits',
  'lapsed_credits',
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
/** Money paid (by card, through Stripe) in the month, by what it paid for; it reaches the balances by the figures above. */
export const paymentFigures = [
  'payments_pence',
  'subscription_payments_pence',
  'upgrade_payments_pence',
  'top_up_payments_pence',
  'unallocated_payments_pence',
] as const;
export const statementFigureNames = [...creditFigures, ...penceFigures, ...paymentFigures] as const;
export type StatementFigure = (typeof statementFigureNames)[number];
export type StatementFigures = Record<StatementFigure, number>;

export const zeroFigures = (): StatementFigures => Object.fromEntries(statementFigureNames.map((f) => [f, 0])) as StatementFigures;

/** Credits granted, refreshed and given back raise the balance; spent and lapsed lower it. Held credits are not movements. */
export const closingCredits = (f: StatementFigures): number =>
  f.opening_credits + f.granted_credits + f.refresh_adjustment_credits - f.lapsed_credits - f.charged_credits + f.refunded_credits;

/** Debt recorded is owed, not taken from the balance: only its repayment from a deposit moves it. */
export const closingPence = (f: StatementFigures): number =>
  f.opening_pence + f.deposited_pence + f.refunded_pence - f.debt_repaid_pence - f.captured_pence;

/** What a payment paid for: its purpose, or `unallocated` where the ledger could not allocate it (an operator decides). */
export const paymentPurposeOf = (purposeKind: string, unallocatedCode?: string): string =>
  unallocatedCode === undefined ? purposeKind : 'unallocated';

/** The payment figure a payment adds to, by `paymentPurposeOf` (`payments_pence` takes every payment besides). */
export const paymentFigureOf = (purpose: string): (typeof paymentFigures)[number] => {
  switch (purpose) {
    case 'subscription_period':
      return 'subscription_payments_pence';
    case 'plan_upgrade':
      return 'upgrade_payments_pence';
    case 'top_up':
      return 'top_up_payments_pence';
    default:
      return 'unallocated_payments_pence';
  }
};

/**
 * A month's figures: `movements` (the month's, openings and closings ignored) after `before` (every earlier month's
 * movements summed), its opening the closing of all before it.
 */
export const monthFigures = (before: StatementFigures, movements: StatementFigures): StatementFigures => {
  const opening_credits = closingCredits({ ...before, opening_credits: 0 });
  const opening_pence = closingPence({ ...before, opening_pence: 0 });
  const f = { ...movements, opening_credits, opening_pence };
  return { ...f, closing_credits: closingCredits(f), closing_pence: closingPence(f) };
};
