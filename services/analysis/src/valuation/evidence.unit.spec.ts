import { certificateForDate, hpiIndexFor, indexFor, typeOfCertificate } from './evidence';

const certificate = (lodgementDate: string, floorArea: number) => ({
  lodgementDate,
  floorArea,
  propertyType: 'House',
  builtForm: 'Detached',
  address: '60 Western Elms Avenue',
});

describe('what a valuation on a date may know', () => {
  it('takes the certificate lodged last on or before a sale, else the first after, never one lodged on or after the date', () => {
    const list = [certificate('2015-03-02', 100), certificate('2019-10-25', 110), certificate('2023-09-06', 120)];
    expect(certificateForDate(list, '2021-01-01', '2024-01-15')?.floorArea).toBe(110);
    expect(certificateForDate(list, '2014-01-01', '2024-01-15')?.floorArea).toBe(100);
    expect(certificateForDate(list, '2024-01-01', '2023-09-06')?.floorArea).toBe(110); // the 2023 one is not yet lodged
    expect(certificateForDate(list, '2010-01-01', '2015-03-02')).toBeNull();
  });

  it("reads a certificate's kind of home as Price Paid's D, S, T or F", () => {
    const kind = (propertyType: string, builtForm: string) => typeOfCertificate({ propertyType, builtForm });
    expect([
      kind('House', 'Detached'),
      kind('Bungalow', 'Semi-Detached'),
      kind('House', 'Mid-Terrace'),
      kind('House', 'Enclosed End-Terrace'),
      kind('Flat', 'NO DATA!'),
      kind('Maisonette', 'Detached'),
      kind('Park home', 'Detached'),
      kind('House', 'NO DATA!'),
    ]).toEqual(['D', 'S', 'T', 'T', 'F', 'F', null, null]);
    expect(typeOfCertificate(null)).toBeNull();
  });

  it('uses the UK HPI to two months before the date, only when it holds every month from the earliest needed', () => {
    const months = ['2023-07', '2023-08', '2023-09', '2023-10', '2023-11'].map((month, k) => ({ month, index: 100 + k }));
    const hpi = hpiIndexFor(months, '2023-07-20', '2023-11-15')!;
    expect(hpi.last).toBe('2023-09'); // November less two months
    expect([hpi.at('2023-07-20'), hpi.at('2023-08-31'), hpi.at('2023-09-01'), hpi.at('2023-11-14')]).toEqual([100, 101, 102, 102]);
    expect(hpiIndexFor(months, '2023-06-30', '2023-11-15')).toBeNull(); // June is not held
    expect(
      hpiIndexFor(
        months.filter((m) => m.month !== '2023-08'),
        '2023-07-01',
        '2023-11-15',
      ),
    ).toBeNull(); // a gap
  });

  it("solves a district's index once for a date, and on each date from the pairs known then", () => {
    // One pair, 2000 Q1 (quarter 20) to 2001 Q1 (quarter 24), prices up 10%: known on a date after 2001-02-15 only.
    const pairs = [{ from: 20, to: 24, logChange: Math.log(1.1), laterDate: '2001-02-15' }];
    const before = indexFor(pairs, '2001-02-15');
    const after = indexFor(pairs, '2001-02-16');
    expect(indexFor(pairs, '2001-02-16')).toBe(after);
    expect(before.pairs).toBe(0);
    expect(after.pairs).toBe(1);
    expect(before.at('2001-02-15') / before.at('2000-02-15')).toBe(1);
    expect(after.at('2001-02-15') / after.at('2000-02-15')).toBeGreaterThan(1);
  });
});
