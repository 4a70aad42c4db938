import { readFileSync, statSync } from 'node:fs';

/**
 * Business time: what decides refresh dates, reservation expiry, rate-limit windows and registry opening hours.
 * Transport deadlines (request timeouts, retries) use the real clock, so moving business time never breaks delivery.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that reads a shift from a file, so tests can move every service's business time together. */
interface ClockFile {
  /** Added to the real time. */
  offsetMs?: number;
  /** Business time stands still here (wins over `offsetMs`). */
  frozenAt?: string;
}

const fileClock = (path: string): Clock => {
  // Writers replace the file by renaming, so a new inode (or, failing that, a new mtime) means a new setting.
  let seen = '';
  let setting: ClockFile = {};
  const refresh = () => {
    let version: string;
    try {
      const stat = statSync(path);
      version = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      setting = {};
      seen = '';
      return;
    }
    if (version === seen) return;
    try {
      setting = JSON.parse(readFileSync(path, 'utf8')) as ClockFile;
      seen = version;
    } catch {
      // A file caught half-written is read again on the next call.
    }
  };
  return {
    now: () => {
      refresh();
      if (setting.frozenAt) return new Date(setting.frozenAt);
      return new Date(Date.now() + (setting.offsetMs ?? 0));
    },
  };
};

/**
 * The system clock, unless `PDS_CLOCK_FILE` names a clock file (tests only: refused when `NODE_ENV` is production).
 */
export const clockFromEnv = (env: NodeJS.ProcessEnv = process.env): Clock => {
  const path = env.PDS_CLOCK_FILE;
  if (!path) return systemClock;
  if (env.NODE_ENV === 'production') throw new Error('PDS_CLOCK_FILE moves business time and is refused in production');
  return fileClock(path);
};
