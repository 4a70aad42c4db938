import { runAudit } from './audit';

/** A statement CSV's summary section: figure → value, from whichever of its credits and pence columns holds it. */
export const summaryOf = (csv: string): Record<string, string> =>
  Object.fromEntries(
    csv
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'summary')
      .map((cells) => [cells[2], cells[7] || cells[8]]),
  );

/** The finance audit's statements.csv row for the account and month, figures only. */
export const auditFigures = (databaseUrl: string, accountId: string, month: string): Record<string, string> => {
  const audit = runAudit(databaseUrl, '--account', accountId, '--month', month);
  if (audit.statements.length !== 1) throw new Error(`the audit wrote ${audit.statements.length} statement rows for ${accountId} ${month}`);
  const { account_id: _, month: __, ...figures } = audit.statements[0] as Record<string, string>;
  return figures;
};
