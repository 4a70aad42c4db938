import type { AccountAudit } from './replay';

/** The figures the read model and the replay must agree on, named as in both. */
export const comparedFigures = [
  'grantedCredits',
  'capturedCredits',
  'refundedCredits',
  'reservedCredits',
  'depositedPence',
  'capturedPence',
  'refundedPence',
  'reservedPence',
  'quarantinedPence',
  'debtPence',
] as const;
export type ReadModelRow = Record<(typeof comparedFigures)[number], number>;

export type Comparison = { kind: 'match' } | { kind: 'mismatch'; detail: string } | { kind: 'moved-on' } | { kind: 'not-compared' };

const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

const figures = [
  'grantedCredits',
  'capturedCredits',
  'refundedCredits',
  'reservedCredits',
  'availableCredits',
  'openReservations',
  'depositedPence',
  'capturedPence',
  'refundedPence',
  'reservedPence',
  'quarantinedPence',
  'quarantinedReservations',
  'availablePence',
  'debtPence',
] as const satisfies ReadonlyArray<keyof AccountAudit>;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const reconciliationCsv = (audits: AccountAudit[], comparisons: Map<string, Comparison>): string => {
  const header = ['account_id', 'plan', 'events', ...figures.map(snake), 'read_model', 'status', 'problems'];
  const rows = audits.map((a) => {
    const c = comparisons.get(a.accountId) ?? { kind: 'not-compared' };
    const problems = [...a.problems, ...(c.kind === 'mismatch' ? [c.detail] : [])];
    return [a.accountId, a.plan, a.events, ...figures.map((f) => a[f]), c.kind, problems.length ? 'FAIL' : 'ok', problems.join('; ')]
      .map(csvCell)
      .join(',');
  });
  return `${[header.join(','), ...rows].join('\n')}\n`;
};

export const failures = (audits: AccountAudit[], comparisons: Map<string, Comparison>) =>
  audits.filter((a) => a.problems.length > 0 || comparisons.get(a.accountId)?.kind === 'mismatch');

/** Pence as pounds, exactly (integer arithmetic, never floats). */
const pounds = (pence: number) =>
  `£${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

export const summaryText = (
  audits: AccountAudit[],
  comparisons: Map<string, Comparison>,
  until: Date | undefined,
  events: number,
): string => {
  const sum = (f: (a: AccountAudit) => number) => audits.reduce((s, a) => s + f(a), 0);
  const failing = failures(audits, comparisons);
  const counts = (kind: Comparison['kind']) => [...comparisons.values()].filter((c) => c.kind === kind).length;
  return [
    `Ledger audit ${until ? `as at ${until.toISOString()}` : 'of the whole ledger'}`,
    `  events replayed       ${events}`,
    `  accounts              ${audits.length}`,
    `  credits granted       ${sum((a) => a.grantedCredits)}`,
    `  credits captured      ${sum((a) => a.capturedCredits)}`,
    `  credits reserved      ${sum((a) => a.reservedCredits)} in ${sum((a) => a.openReservations)} open reservations`,
    `  credits refunded      ${sum((a) => a.refundedCredits)}`,
    `  credits available     ${sum((a) => a.availableCredits)}`,
    `  cash deposited        ${pounds(sum((a) => a.depositedPence))}`,
    `  cash captured         ${pounds(sum((a) => a.capturedPence))}, refunded ${pounds(sum((a) => a.refundedPence))}`,
    `  cash reserved         ${pounds(sum((a) => a.reservedPence))}, of which quarantined ${pounds(sum((a) => a.quarantinedPence))} in ${sum((a) => a.quarantinedReservations)} reservations`,
    `  cash available        ${pounds(sum((a) => a.availablePence))}; debt ${pounds(sum((a) => a.debtPence))}`,
    `  read model            ${counts('match')} match, ${counts('mismatch')} differ, ${counts('moved-on')} moved on during the audit, ${counts('not-compared')} not compared`,
    failing.length === 0
      ? '  result                PASS'
      : `  result                FAIL: ${failing.length} account(s): ${failing
          .slice(0, 5)
          .map((a) => a.accountId)
          .join(', ')}${failing.length > 5 ? ', ...' : ''}`,
  ].join('\n');
};
