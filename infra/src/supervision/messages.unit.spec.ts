import { describeExit, formatDurationMs } from './messages';

describe('exit descriptions', () => {
  it('name the signal, else the code', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe('killed by SIGKILL');
    expect(describeExit({ code: 1, signal: null })).toBe('exited with code 1');
    expect(describeExit({ code: 0, signal: null })).toBe('exited with code 0');
    expect(describeExit({ code: null, signal: null })).toBe('exited (status unknown)');
  });
});

describe('durations', () => {
  it('read as ms below a second, tenths of seconds below a minute, then minutes and seconds', () => {
    expect([0, 500, 999.4, 1_000, 11_500, 11_549, 59_940, 60_000, 125_000, 125_600].map(formatDurationMs)).toEqual([
      '0 ms',
      '500 ms',
      '999 ms',
      '1 s',
      '11.5 s',
      '11.5 s',
      '59.9 s',
      '1 min',
      '2 min 5 s',
      '2 min 6 s',
    ]);
  });
});
