import { customerEvents, readModels, type billing } from '@pds/contracts';
import type { StatementModel, StatementUsageLine } from '@pds/report-pdf';
import type { AccountDeps } from '../account-deps';
import { callsOf } from '../usage/call-counts';
import { daysBetween, statementPeriod } from './months';

// A month's statement for the signed-in customer's account: figures, movements and usage from the ledger's read
// models (credits and pence are the ledger's alone), calls from the gateway's own counts. A closed month is built
// only from what the month holds, its issue date its end, so the same model (and PDF) comes back each time.

/** The figures counted in credits (the CSV writes them in its `credits` column, the rest in `pence`). */
export const creditFigureNames: ReadonlySet<string> = new Set(readModels.creditFigures);

/** Movements read a page at a time, to this many at most: a month of a busy account's grants and payments is far fewer. */
const movementsMax = 5_000;

const planText = (plan: string, trial: boolean) => `${plan.charAt(0).toUpperCase()}${plan.slice(1)}${trial ? ' (trial)' : ''}`;

const allMovements = async (deps: AccountDeps, accountId: string, month: string) => {
  const all: readModels.StatementMovement[] = [];
  for (;;) {
    const page = await readModels.statementQueries.movements(deps.db, accountId, month, {
      limit: readModels.movementsPageMax,
      after: all.at(-1)?.globalPosition,
    });
    all.push(...page);
    if (page.length < readModels.movementsPageMax) return all;
    if (all.length >= movementsMax) throw new Error(`more than ${movementsMax} movements in ${month} for ${accountId}`);
  }
};

const usageLines = async (deps: AccountDeps, accountId: string, from: string, to: string): Promise<StatementUsageLine[]> => {
  const [credits, calls] = await Promise.all([
    readModels.usageQueries.byOperation(deps.db, accountId, from, to),
    callsOf(deps.db, accountId, from, to, 'operation'),
  ]);
  return [...new Set([...credits.keys(), ...calls.keys()])].sort().map((operationId) => {
    const c = credits.get(operationId);
    return {
      operationId,
      calls: calls.get(operationId) ?? 0,
      charges: c?.charges ?? 0,
      creditsCharged: c?.creditsCharged ?? 0,
      refunds: c?.refunds ?? 0,
      creditsRefunded: c?.creditsRefunded ?? 0,
    };
  });
};

export const buildStatementModel = async (
  deps: AccountDeps,
  who: { accountId: string; customerId: string },
  account: billing.AccountDescription,
  month: string,
): Promise<StatementModel> => {
  const { accountId } = who;
  const period = statementPeriod(month, deps.clock.now());
  const { db } = deps;
  const [figures, movements, usageByOperation, byDay, planThen, position, customer] = await Promise.all([
    readModels.statementQueries.totals(db, accountId, month),
    allMovements(deps, accountId, month),
    usageLines(deps, accountId, period.from, period.to),
    readModels.usageQueries.byDay(db, accountId, period.from, period.to),
    readModels.statementQueries.planAt(db, accountId, month),
    readModels.statementQueries.positionOf(db, accountId),
    deps.customers.load(customerEvents.customerStreamId(who.customerId)),
  ]);
  return {
    accountId,
    customerEmail: customer.state.status === 'signed_up' ? customer.state.email : null,
    // This month: the plan now; a closed month: the plan it ended on.
    plan: period.toDate ? planText(account.plan, account.creditCycle === 'trial') : planText(planThen ?? account.plan, false),
    month,
    toDate: period.toDate,
    issuedAt: period.issuedAt,
    asOfPosition: period.toDate ? position : null,
    figures,
    movements,
    usageByOperation,
    creditsByDay: daysBetween(period.from, period.to).map((day) => ({ day, creditsCharged: byDay.get(day)?.creditsCharged ?? 0 })),
  };
};
