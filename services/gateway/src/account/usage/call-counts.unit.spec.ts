import { createLogger } from '@pds/service-runtime';
import type pg from 'pg';
import { CallCounts } from './call-counts';

// Calls are counted by UK calendar day (Europe/London): the day turns at local midnight, 23:00 UTC in summer and 00:00
// in winter, and the day the clocks go back (25 October 2026, 02:00 BST to 01:00 GMT) has 25 hours, from
// 2026-10-24T23:00Z to 2026-10-26T00:00Z. Worked out by hand from those rules.

const countsWritten = () => {
  const rows: Array<[string, string, string, number]> = [];
  const db = {
    query: async (text: string, values: unknown[][]) => {
      if (text.includes('INTO call_counts')) {
        const [accounts, days, operations, calls] = values as [string[], string[], string[], number[]];
        accounts.forEach((account, i) => rows.push([account, days[i]!, operations[i]!, calls[i]!]));
      }
      return { rows: [] };
    },
  } as unknown as pg.Pool;
  return { db, rows };
};

describe('call counts', () => {
  it('count each call on its UK calendar day, in summer, in winter and across the 25-hour day, in any order', async () => {
    const { db, rows } = countsWritten();
    const counts = new CallCounts(db, createLogger('call-counts-test', 'silent'));
    const at = (iso: string) => counts.count('acc_1', 'key_1', 'op', new Date(iso));
    at('2026-06-30T22:59:59.999Z'); // 23:59:59.999 BST, 30 June
    at('2026-06-30T23:00:00.000Z'); // midnight BST: 1 July
    at('2026-01-15T23:59:59.000Z'); // GMT: still 15 January
    at('2026-01-16T00:00:00.000Z');
    at('2026-10-24T22:59:59.000Z'); // 23:59:59 BST, 24 October
    at('2026-10-24T23:00:00.000Z'); // 25 October begins
    at('2026-10-25T00:30:00.000Z'); // 01:30 BST, before the clocks go back
    at('2026-10-25T23:59:59.000Z'); // 23:59:59 GMT: the 25th's 25th hour
    at('2026-10-26T00:00:00.000Z');
    at('2026-06-30T23:30:00.000Z'); // back to 1 July: a day worked out before is not reused wrongly
    await counts.flush();
    const byDay = Object.fromEntries(rows.map(([, day, , calls]) => [day, calls]));
    expect(byDay).toEqual({
      '2026-06-30': 1,
      '2026-07-01': 2,
      '2026-01-15': 1,
      '2026-01-16': 1,
      '2026-10-24': 1,
      '2026-10-25': 3,
      '2026-10-26': 1,
    });
  });
});
