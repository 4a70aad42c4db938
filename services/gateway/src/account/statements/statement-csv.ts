import type { StatementModel } from '@pds/report-pdf';
import { creditFigureNames } from './statement-model';

// A statement as one CSV table (RFC 4180: CRLF, fields with a comma, quote or line break quoted, quotes doubled;
// UTF-8), its rows in three sections: `summary` (one row per figure, named as in the finance audit's statements.csv),
// `movement` and `usage`. A text cell that a spreadsheet would take as a formula (starting = + - @, tab or CR) is
// written with a `'` before it: descriptions and references can carry such text. Numbers are written as numbers.

export const statementCsvColumns = [
  'section',
  'at',
  'kind',
  'reference',
  'description',
  'operation_id',
  'calls',
  'credits',
  'pence',
] as const;
type Cell = string | number | null;

/** A text cell made safe to open in a spreadsheet. */
export const guardedText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const field = (cell: Cell): string => {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : guardedText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvOf = (rows: readonly (readonly Cell[])[]): string => rows.map((r) => `${r.map(field).join(',')}\r\n`).join('');

export const statementCsv = (model: StatementModel): string => {
  const summary = Object.entries(model.figures).map(([name, value]): Cell[] => {
    const credits = creditFigureNames.has(name);
    return ['summary', null, name, null, null, null, null, credits ? value : null, credits ? null : value];
  });
  const movements = model.movements.map((m): Cell[] => [
    'movement',
    m.at,
    m.kind,
    m.referenceId,
    m.description,
    m.operation,
    null,
    m.amountCredits,
    m.amountPence,
  ]);
  const usage = model.usageByOperation.flatMap((u): Cell[][] => [
    ['usage', null, 'charged', null, null, u.operationId, u.calls, u.creditsCharged, null],
    ...(u.refunds > 0 ? [['usage', null, 'refunded', null, null, u.operationId, null, u.creditsRefunded, null] as Cell[]] : []),
  ]);
  return csvOf([statementCsvColumns, ...summary, ...movements, ...usage]);
};
