import type { StatementModel } from '@pds/report-pdf';
import { toCsv, type CsvValue } from '../csv';
import { creditFigureNames } from './statement-model';

// A statement as one CSV table (the dashboard's one writer, ../csv.ts: RFC 4180, text a spreadsheet would run as a
// formula guarded), its rows in three sections: `summary` (one row per figure, named as in the finance audit's
// statements.csv), `movement` and `usage`. Descriptions and references can carry such text.

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
type Cell = CsvValue;

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
  return toCsv(statementCsvColumns, [...summary, ...movements, ...usage]);
};
