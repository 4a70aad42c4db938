import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clockFromEnv, systemClock } from './clock';

const write = (path: string, setting: object) => {
  writeFileSync(`${path}.tmp`, JSON.stringify(setting));
  renameSync(`${path}.tmp`, path);
};

describe('business clock', () => {
  it('is the system clock unless a clock file is named', () => {
    expect(clockFromEnv({})).toBe(systemClock);
  });

  it('follows every change to the clock file at once', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'clock-')), 'clock.json');
    const clock = clockFromEnv({ PDS_CLOCK_FILE: path });
    const drift = () => clock.now().getTime() - Date.now();
    expect(Math.abs(drift())).toBeLessThan(50); // no file yet: real time
    write(path, { offsetMs: 86_400_000 });
    expect(Math.abs(drift() - 86_400_000)).toBeLessThan(50);
    write(path, { offsetMs: -3_600_000 });
    expect(Math.abs(drift() + 3_600_000)).toBeLessThan(50);
    write(path, { frozenAt: '2026-10-25T00:30:00.000Z' });
    expect(clock.now().toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('is refused in production', () => {
    expect(() => clockFromEnv({ PDS_CLOCK_FILE: '/tmp/x', NODE_ENV: 'production' })).toThrow(/refused in production/);
  });
});
