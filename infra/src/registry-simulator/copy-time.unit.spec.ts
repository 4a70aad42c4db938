import { copyCreationDate } from '@pds/land-register';
import { officialCopyDateTimeAt, printedCopyTime } from './copy-time';

describe('the date and time on a copy', () => {
  it('is UK local time, on both sides of a clock change', () => {
    expect(officialCopyDateTimeAt(new Date('2026-05-12T10:00:00Z'))).toBe('2026-05-12T11:00:00');
    expect(officialCopyDateTimeAt(new Date('2026-01-12T10:00:00Z'))).toBe('2026-01-12T10:00:00');
    // 01:30 happens twice on 25 October 2026: first in BST, then in GMT.
    expect(officialCopyDateTimeAt(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T01:30:00');
    expect(officialCopyDateTimeAt(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T01:30:00');
  });

  it('is printed as an official copy prints it', () => {
    expect(printedCopyTime('2026-09-03T08:05:09')).toEqual({ date: '03 SEP 2026', time: '08:05:09' });
  });

  it('dates the PDF from the copy, not from the host', () => {
    expect(copyCreationDate('2026-09-03T08:05:09').toISOString()).toBe('2026-09-03T08:05:09.000Z');
  });
});
