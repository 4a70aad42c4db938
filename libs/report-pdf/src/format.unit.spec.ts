import {
  grouped,
  longDate,
  metres,
  money,
  monthYear,
  percent,
  percentagePoints,
  scaleRatio,
  shortMonthYear,
  squareMetres,
  ukDateOf,
} from './format';

describe('format', () => {
  it('prints pounds with commas, and pence only when there are pence', () => {
    expect(money(655000)).toBe('£655,000');
    expect(money(1234567)).toBe('£1,234,567');
    expect(money(0)).toBe('£0');
    expect(money(999)).toBe('£999');
    expect(money(2512.5)).toBe('£2,512.50');
    expect(money(-1500)).toBe('-£1,500');
  });

  it('prints dates and months in words', () => {
    expect(longDate('2026-11-25')).toBe('25 November 2026');
    expect(longDate('2019-01-04')).toBe('4 January 2019');
    expect(monthYear('2026-09')).toBe('September 2026');
    expect(shortMonthYear('2024-02')).toBe('Feb 2024');
    expect(() => longDate('2026-13-01')).toThrow('not a month');
    expect(() => longDate('2026-11')).toThrow('YYYY-MM-DD');
  });

  it('prints rates exactly as given', () => {
    expect(percent(3.5)).toBe('3.5%');
    expect(percent(12)).toBe('12%');
    expect(percent(-0.4)).toBe('-0.4%');
    expect(percentagePoints(0.25)).toBe('+0.25 pp');
    expect(percentagePoints(-0.5)).toBe('-0.5 pp');
  });

  it('groups thousands and keeps decimals as given', () => {
    expect(grouped(1234567.5)).toBe('1,234,567.5');
    expect(squareMetres(536.2)).toBe('536.2 m²');
    expect(squareMetres(1250)).toBe('1,250 m²');
    expect(metres(1500)).toBe('1,500 m');
    expect(scaleRatio(1250)).toBe('1:1,250');
  });

  it('takes the UK calendar date of a timestamp', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July; in winter UTC and UK dates agree.
    expect(ukDateOf('2026-06-30T23:30:00Z')).toBe('2026-07-01');
    expect(ukDateOf('2026-11-25T23:30:00Z')).toBe('2026-11-25');
  });
});
