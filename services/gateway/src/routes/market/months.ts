import { DateTime } from 'luxon';

// Months as `YYYY-MM` and days as `YYYY-MM-DD`: both compare as text, so SQL and code agree on order.

/** `2024-12` moved by `n` months. */
export const addMonths = (month: string, n: number) =>
  DateTime.fromISO(`${month}-01`, { zone: 'utc' }).plus({ months: n }).toFormat('yyyy-MM');

export const reversed = (from: string, to: string) =>
  ({
    ok: false,
    code: 'INVALID_DATE_RANGE',
    message: `\`from\` (${from}) is after \`to\` (${to}); nothing was charged.`,
    details: `from: ${from} is after to: ${to}`,
  }) as const;

export const databaseError = {
  ok: false,
  code: 'DATABASE_ERROR',
  message: 'The series could not be read; nothing was charged. Retry shortly.',
} as const;
