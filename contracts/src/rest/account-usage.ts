import { z } from '../zod';
import { freeEnvelope } from './billing';
import { defineOperation } from './operation';
import { isCalendarDate } from './purchase-tax';

/** The longest span one usage request covers: a year and a day, so any twelve months fit whichever way they fall. */
export const usageSpanMaxDays = 366;

const day = (description: string, example: string) =>
  z.string().trim().refine(isCalendarDate, 'must be a date, YYYY-MM-DD').openapi({ type: 'string', format: 'date', description, example });

export const UsageQuery = z
  .strictObject({
    from: day('First UK calendar day (default: the first of this month)', '2026-11-01').optional(),
    to: day('Last UK calendar day, inclusive (default: today; not after today)', '2026-11-29').optional(),
    groupBy: z.enum(['day', 'operation']).default('day').openapi({ description: 'One row per day of the range, or per operation' }),
  })
  .openapi('UsageQuery');

const count = z.number().int().nonnegative();
const UsageFigures = { calls: count, creditsCharged: count, refunds: count, creditsRefunded: count };

export const UsageDay = z.object({ day: z.string().openapi({ format: 'date' }), ...UsageFigures }).openapi('UsageDay');
export const UsageOperation = z.object({ operationId: z.string(), ...UsageFigures }).openapi('UsageOperation');

export const Usage = z
  .object({
    from: z.string().openapi({ format: 'date' }),
    to: z.string().openapi({ format: 'date' }),
    timeZone: z.literal('Europe/London'),
    groupBy: z.enum(['day', 'operation']),
    rows: z.array(z.union([UsageDay, UsageOperation])),
    totals: z.object(UsageFigures),
    /** The business time of the account's latest ledger event the figures include. */
    asOf: z.string().datetime({ offset: true }).nullable(),
  })
  .openapi('Usage', {
    example: {
      from: '2026-11-27',
      to: '2026-11-29',
      timeZone: 'Europe/London',
      groupBy: 'day',
      rows: [
        { day: '2026-11-27', calls: 41, creditsCharged: 38, refunds: 0, creditsRefunded: 0 },
        { day: '2026-11-28', calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 },
        { day: '2026-11-29', calls: 12, creditsCharged: 105, refunds: 1, creditsRefunded: 15 },
      ],
      totals: { calls: 53, creditsCharged: 143, refunds: 1, creditsRefunded: 15 },
      asOf: '2026-11-29T10:41:07.215Z',
    },
  });
export const UsageResponse = freeEnvelope(Usage).openapi('UsageResponse');

export const accountUsage = defineOperation({
  operationId: 'account_usage',
  method: 'get',
  path: '/account/usage',
  tag: 'Account',
  summary: 'Your calls and credits, by day or by operation',
  description:
    'Calls made with your keys and the credits they were charged and refunded, over UK calendar days `from` to `to` ' +
    `(inclusive; at most ${usageSpanMaxDays} days, not after today), by day (every day of the range, zeros included) or ` +
    'by operation (those with any). Credits are the ledger’s, exact: a charge counts on the day it was taken (an ' +
    'answer’s charge when answered; a reserved charge when captured), a refund on its own day against the operation it ' +
    'refunds; a report or title order counts under the operation that requested it. `calls` counts the requests the ' +
    'gateway admitted with your keys, free ones included and those refused for a reason of their own (a 402, a 404); ' +
    'a request refused for its rate limit is not counted. Calls are counted in memory and written every second, so ' +
    'the last second’s calls of a gateway that stops abruptly can be missing; credits never are. `asOf` is the ' +
    'business time of your latest ledger event the credits include (they follow a call within about a second). Free, ' +
    'and counted against the rate limits like every call.',
  cost: { kind: 'free' },
  request: { query: UsageQuery },
  response: { status: 200, description: 'Your usage', mediaType: 'application/json', schema: UsageResponse },
  errors: {
    INVALID_DATE_RANGE: `\`from\` is after \`to\`, \`to\` is after today, or the range is longer than ${usageSpanMaxDays} days`,
    DATABASE_ERROR: 'The figures could not be read; retry shortly',
  },
});
