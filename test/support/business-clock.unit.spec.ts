import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessClock } from './business-clock';

const clockFile = join(mkdtempSync(join(tmpdir(), 'pds-clock-')), 'clock.json');
const written = () => JSON.parse(readFileSync(clockFile, 'utf8')) as { offsetMs?: number; frozenAt?: string };
const clock = businessClock(clockFile);

describe('the business clock file', () => {
  it('moves business time by an offset, and back to real time', () => {
    clock.offset(29 * 60_000);
    expect(written()).toEqual({ offsetMs: 1_740_000 });
    clock.reset();
    expect(written()).toEqual({ offsetMs: 0 });
  });

  it('sets business time running from a moment: the offset from real time to it', () => {
    const before = Date.now();
    clock.set('2024-01-15T12:00:00Z');
    const after = Date.now();
    const { offsetMs } = written();
    // 2024-01-15T12:00:00Z is 1,705,320,000,000 ms.
    expect(offsetMs).toBeLessThanOrEqual(1_705_320_000_000 - before);
    expect(offsetMs).toBeGreaterThanOrEqual(1_705_320_000_000 - after);
  });

  it('stops business time at a moment, given as a date or as text', () => {
    clock.freeze(new Date('2025-03-31T23:30:00Z'));
    expect(written()).toEqual({ frozenAt: '2025-03-31T23:30:00.000Z' });
    clock.freeze('2025-08-06T23:30:00Z');
    expect(written()).toEqual({ frozenAt: '2025-08-06T23:30:00.000Z' });
  });
});
