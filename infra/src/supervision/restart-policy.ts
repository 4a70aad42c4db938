/**
 * When a supervised process that died is started again, and when the supervisor stops trying. Pure: the caller
 * passes the times in and keeps the history between exits.
 */
export interface RestartLimits {
  /** Wait before the first restart after a stable run. */
  firstRestartDelayMs: number;
  /** Each further restart waits twice as long as the one before, up to this. */
  restartDelayMsMax: number;
  /** This many exits within `exitWindowMs` and the process is given up on (not started again). */
  exitsBeforeGivingUp: number;
  exitWindowMs: number;
  /** A process that was up at least this long before it died starts again from the first delay. */
  stableUptimeMs: number;
}

/**
 * First restart after 500 ms, then 1 s, 2 s, 4 s ... at most 30 s; the 5th exit within 2 minutes is the last; one
 * minute up resets the backoff. A process that dies at boot is given up on after about 8 s of waiting (4 restarts).
 */
export const defaultRestartLimits: RestartLimits = {
  firstRestartDelayMs: 500,
  restartDelayMsMax: 30_000,
  exitsBeforeGivingUp: 5,
  exitWindowMs: 120_000,
  stableUptimeMs: 60_000,
};

/** What the policy remembers about one process between its exits. */
export interface RestartHistory {
  /** Exits since the last stable run (the backoff step). */
  unstableExits: number;
  /** When it exited within the last `exitWindowMs`, oldest first (at most `exitsBeforeGivingUp` entries). */
  recentExitsAtMs: number[];
}

export const freshHistory: RestartHistory = { unstableExits: 0, recentExitsAtMs: [] };

export type RestartDecision = { kind: 'restart'; delayMs: number } | { kind: 'give-up'; exits: number; withinMs: number };

/** Doublings stop here: 2^20 × any sensible first delay is far past any sensible maximum. */
const doublingsMax = 20;

/** The wait before restart number `unstableExits` (1 for the first exit after a stable run). */
export const restartDelayMs = (limits: RestartLimits, unstableExits: number): number => {
  if (!Number.isInteger(unstableExits) || unstableExits < 1) {
    throw new Error(`unstableExits must be a positive integer, got ${unstableExits}`);
  }
  const doublings = Math.min(unstableExits - 1, doublingsMax);
  return Math.min(limits.firstRestartDelayMs * 2 ** doublings, limits.restartDelayMsMax);
};

/** Decides what follows an exit of a process that had been (re)started at `startedAtMs` and exited at `exitedAtMs`. */
export const decideAfterExit = (
  limits: RestartLimits,
  history: RestartHistory,
  exit: { startedAtMs: number; exitedAtMs: number },
): { history: RestartHistory; decision: RestartDecision } => {
  if (exit.exitedAtMs < exit.startedAtMs) throw new Error('a process cannot exit before it started');
  const stable = exit.exitedAtMs - exit.startedAtMs >= limits.stableUptimeMs;
  const unstableExits = Math.min((stable ? 0 : history.unstableExits) + 1, doublingsMax + 1);
  const recentExitsAtMs = [
    ...history.recentExitsAtMs.filter((atMs) => exit.exitedAtMs - atMs < limits.exitWindowMs),
    exit.exitedAtMs,
  ].slice(-limits.exitsBeforeGivingUp);
  const next = { unstableExits, recentExitsAtMs };
  if (recentExitsAtMs.length >= limits.exitsBeforeGivingUp) {
    return { history: next, decision: { kind: 'give-up', exits: recentExitsAtMs.length, withinMs: exit.exitedAtMs - recentExitsAtMs[0]! } };
  }
  return { history: next, decision: { kind: 'restart', delayMs: restartDelayMs(limits, unstableExits) } };
};
