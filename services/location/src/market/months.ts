import type { HandlerResult } from '@pds/service-runtime';
import { DateTime } from 'luxon';

// Months as `YYYY-MM` and days as `YYYY-MM-DD`: both compare as text, so SQL and code agree on order. And the refusals
// every market series shares, as the REST codes the caller reads.

/** `2024-12` moved by `n` months. */
export const addMonths = (month: string, n: number) =>
  DateTime.fromISO(`${month}-01`, { zone: 'utc' }).plus({ months: n }).toFormat('yyyy-MM');

export const refused = (code: string, message: string, details?: string): HandlerResult<never> => ({
  ok: false,
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

export const reversed = (from: string, to: string) =>
  refused('INVALID_DATE_RANGE', `\`from\` (${from}) is after \`to\` (${to}).`, `from: ${from} is after to: ${to}`);

export const databaseError = refused('DATABASE_ERROR', 'The series could not be read. Retry shortly.');
