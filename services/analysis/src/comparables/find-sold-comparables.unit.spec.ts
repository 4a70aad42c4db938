import type pg from 'pg';
import { findSoldComparables, lookBackWindow } from './find-sold-comparables';

// The dates of the sales listed, both included, worked out on a calendar: the look-back starts the same day `months`
// months back (the month's last day when it has no such day); it ends today, or the day before `asOf`.

describe('the look-back window', () => {
  it('ends today, today included, without asOf', () => {
    expect(lookBackWindow('2024-01-15', 36)).toEqual({ from: '2021-01-15', to: '2024-01-15' });
  });

  it('ends the day before asOf, as the valuation counts sales known on a date, and starts months before asOf', () => {
    expect(lookBackWindow('2024-01-15', 24, '2022-08-04')).toEqual({ from: '2020-08-04', to: '2022-08-03' });
    expect(lookBackWindow('2024-01-15', 1, '2024-01-15')).toEqual({ from: '2023-12-15', to: '2024-01-14' });
  });

  it('crosses month and year ends, leap days included', () => {
    // 1 March 2020: the day before is 29 February (2020 is a leap year); 12 months back is 1 March 2019.
    expect(lookBackWindow('2024-01-15', 12, '2020-03-01')).toEqual({ from: '2019-03-01', to: '2020-02-29' });
    // 31 March 2021 less a month: February 2021 has no 31st, so its last day, the 28th.
    expect(lookBackWindow('2024-01-15', 1, '2021-03-31')).toEqual({ from: '2021-02-28', to: '2021-03-30' });
    // 1 January 1995, the first day of Price Paid: the window is all before it, and finds nothing.
    expect(lookBackWindow('2024-01-15', 120, '1995-01-01')).toEqual({ from: '1985-01-01', to: '1994-12-31' });
  });
});

describe('asOf', () => {
  // Refused before anything is read: a pool with no methods fails any query the handler would make.
  const deps = { db: {} as pg.Pool, today: () => '2024-01-15' };

  it('is refused after today on the business clock, or before Price Paid begins (1 January 1995)', async () => {
    for (const asOf of ['2024-01-16', '1994-12-31']) {
      const answer = await findSoldComparables(deps, { postcode: 'RG30 2AN', months: 36, asOf });
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_AS_OF' } });
    }
  });
});
