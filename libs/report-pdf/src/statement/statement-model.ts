// What a monthly statement shows: everything the PDF prints comes from here, dates included, so a closed month's
// model (and with it its bytes) is the same each time it is built.

export interface StatementMovementLine {
  /** ISO timestamp, business time. */
  at: string;
  kind: string;
  referenceId: string | null;
  /** What it was for: a payment's purpose, the plan a change leads to. */
  operation: string | null;
  description: string;
  amountCredits: number;
  amountPence: number;
}

export interface StatementUsageLine {
  operationId: string;
  /** Calls the gateway counted; null where it has no count (calls are counted by the gateway, credits by the ledger). */
  calls: number | null;
  charges: number;
  creditsCharged: number;
  refunds: number;
  creditsRefunded: number;
}

export interface StatementModel {
  accountId: string;
  customerEmail: string | null;
  /** The plan the month ended on (this month: the plan now). */
  plan: string;
  /** `YYYY-MM`, a UK calendar month. */
  month: string;
  /** This month: the figures run to `issuedAt`, not to the month's end. */
  toDate: boolean;
  /** ISO timestamp: the month's end for a closed month, the time of the request for this one. */
  issuedAt: string;
  /** The ledger position this month's figures include (the projection's, for this account); null for a closed month, whose figures are final. */
  asOfPosition: number | null;
  /** The month's figures, named as in the finance audit's statements.csv. */
  figures: Record<string, number>;
  movements: readonly StatementMovementLine[];
  usageByOperation: readonly StatementUsageLine[];
  /** Every day of the month (to date), ISO date → credits charged. */
  creditsByDay: ReadonlyArray<{ day: string; creditsCharged: number }>;
}
