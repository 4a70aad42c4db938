import type { AccountAudit } from './replay';

export interface ReadModelRow {
  granted: number;
  captured: number;
  reserved: number;
}

export type Comparison = { kind: 'match' } | { kind: 'mismatch'; detail: string } | { kind: 'moved-on' } | { kind: 'not-compared' };

const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export const reconciliationCsv = (audits: AccountAudit[], comparisons: Map<string, Comparison>): string => {
  const header = ['account_id', 'plan', 'events', 'granted_credits', 'captured_credits', 'reserved_credits', 'available_credits', 'open_reservations', 'read_model', 'status', 'problems'];
  const rows = audits.map((a) => {
    const c = comparisons.get(a.accountId) ?? { kind: 'not-compared' };
    const problems = [...a.problems, ...(c.kind === 'mismatch' ? [c.detail] : [])];
    return [a.accountId, a.plan, a.events, a.grantedCredits, a.capturedCredits, a.reservedCredits, a.availableCredits, a.openReservations, c.kind, problems.length ? 'FAIL' : 'ok', problems.join('; ')]
      .map(csvCell)
      .join(',');
  });
  return `${[header.join(','), ...rows].join('\n')}\n`;
};

export const failures = (audits: AccountAudit[], comparisons: Map<string, Comparison>) =>
  audits.filter((a) => a.problems.length > 0 || comparisons.get(a.accountId)?.kind === 'mismatch');

export const summaryText = (audits: AccountAudit[], comparisons: Map<string, Comparison>, until: Date | undefined, events: number): string => {
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
    `  credits available     ${sum((a) => a.availableCredits)}`,
    `  read model            ${counts('match')} match, ${counts('mismatch')} differ, ${counts('moved-on')} moved on during the audit, ${counts('not-compared')} not compared`,
    failing.length === 0 ? '  result                PASS' : `  result                FAIL: ${failing.length} account(s): ${failing.slice(0, 5).map((a) => a.accountId).join(', ')}${failing.length > 5 ? ', ...' : ''}`,
  ].join('\n');
};
