import {
  decideAfterExit,
  defaultRestartLimits,
  freshHistory,
  restartDelayMs,
  type RestartDecision,
  type RestartHistory,
} from './restart-policy';

/** Runs one process's life as (start, exit) times through the policy; returns each decision. */
const timeline = (runs: Array<[startedAtMs: number, exitedAtMs: number]>): RestartDecision[] => {
  let history: RestartHistory = freshHistory;
  return runs.map(([startedAtMs, exitedAtMs]) => {
    const next = decideAfterExit(defaultRestartLimits, history, { startedAtMs, exitedAtMs });
    history = next.history;
    return next.decision;
  });
};

const restart = (delayMs: number): RestartDecision => ({ kind: 'restart', delayMs });

describe('restart delays', () => {
  it('start at 500 ms and double up to 30 s', () => {
    // 500 × 2^(n-1): 500, 1000, 2000, 4000, 8000, 16000, then 32000 is over the 30 s maximum.
    expect([1, 2, 3, 4, 5, 6, 7, 8, 1_000].map((n) => restartDelayMs(defaultRestartLimits, n))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('are asked for restart 1 onwards only', () => {
    expect(() => restartDelayMs(defaultRestartLimits, 0)).toThrow('positive integer');
  });
});

describe('a process that dies 1 s after every start', () => {
  it('is restarted after 0.5, 1, 2 and 4 s, and given up on at its 5th exit, 11.5 s after the first', () => {
    // start 0 → exit 1.0 s, restart at 1.5; exit 2.5, restart at 3.5; exit 4.5, restart at 6.5; exit 7.5, restart at
    // 11.5; exit 12.5: five exits between 1.0 s and 12.5 s, inside the 2-minute window.
    expect(
      timeline([
        [0, 1_000],
        [1_500, 2_500],
        [3_500, 4_500],
        [6_500, 7_500],
        [11_500, 12_500],
      ]),
    ).toEqual([restart(500), restart(1_000), restart(2_000), restart(4_000), { kind: 'give-up', exits: 5, withinMs: 11_500 }]);
  });
});

describe('a process that dies 40 s after every start', () => {
  it('backs off to the 30 s maximum and is never given up on: at most 3 of its exits fall within 2 minutes', () => {
    // Exits at 40, 80.5, 121.5, 163.5, 207.5, 255.5, 311.5, 381.5 s. Window check at 163.5: 40 is 123.5 s back (out),
    // so 3 exits count; at 207.5: 80.5 is out, 3 count; and so on (each gap is at least 40.5 s).
    expect(
      timeline([
        [0, 40_000],
        [40_500, 80_500],
        [81_500, 121_500],
        [123_500, 163_500],
        [167_500, 207_500],
        [215_500, 255_500],
        [271_500, 311_500],
        [341_500, 381_500],
      ]),
    ).toEqual([
      restart(500),
      restart(1_000),
      restart(2_000),
      restart(4_000),
      restart(8_000),
      restart(16_000),
      restart(30_000),
      restart(30_000),
    ]);
  });
});

describe('a stable run', () => {
  it('resets the backoff after 60 s up, not after 59.999 s', () => {
    expect(
      timeline([
        [0, 1_000], // 500
        [1_500, 2_500], // 1000
        [3_500, 63_499], // up 59.999 s: still unstable, 2000
        [65_499, 125_499], // up exactly 60 s: first delay again
      ]),
    ).toEqual([restart(500), restart(1_000), restart(2_000), restart(500)]);
  });

  it('does not forgive exits within the window: 5 exits in 2 minutes give up even with a stable run among them', () => {
    // Exits at 1, 2.5, 63.5 (after 60 s up: delay back to 500 ms), 65 and 66.5 s: 5 within 65.5 s.
    expect(
      timeline([
        [0, 1_000],
        [1_500, 2_500],
        [3_500, 63_500],
        [64_000, 65_000],
        [66_000, 66_500],
      ]),
    ).toEqual([restart(500), restart(1_000), restart(500), restart(1_000), { kind: 'give-up', exits: 5, withinMs: 65_500 }]);
  });
});

describe('the 2-minute window', () => {
  it('counts an exit exactly 2 minutes older than the latest as outside it', () => {
    // Exits at 0.1, 20, 40, 60 and 120.1 s: the first is 120 s before the last, so only 4 are within the window.
    // Every run is shorter than 60 s, so the backoff keeps climbing: 500, 1000, 2000, 4000, 8000.
    const decisions = timeline([
      [0, 100],
      [600, 20_000],
      [21_000, 40_000],
      [42_000, 60_000],
      [64_000, 120_100],
    ]);
    expect(decisions).toEqual([restart(500), restart(1_000), restart(2_000), restart(4_000), restart(8_000)]);
  });

  it('gives up when the 5th exit is 1 ms inside it', () => {
    const decisions = timeline([
      [0, 100],
      [600, 20_000],
      [21_000, 40_000],
      [42_000, 60_000],
      [64_000, 120_099],
    ]);
    expect(decisions[4]).toEqual({ kind: 'give-up', exits: 5, withinMs: 119_999 });
  });
});

describe('preconditions', () => {
  it('refuses an exit before the start', () => {
    expect(() => decideAfterExit(defaultRestartLimits, freshHistory, { startedAtMs: 10, exitedAtMs: 9 })).toThrow('cannot exit before');
  });
});
