import { renameSync, writeFileSync } from 'node:fs';

// Business time for every service of a test stack at once: they all read one clock file (PDS_CLOCK_FILE).

export interface BusinessClock {
  /** Business time runs on from `at`: real time moved by the difference. */
  set: (at: Date | string) => void;
  /** Business time stands still at `at` until the clock is set again. */
  freeze: (at: Date | string) => void;
  /** Business time is real time plus `offsetMs`. */
  offset: (offsetMs: number) => void;
  /** Business time is real time again. */
  reset: () => void;
}

export const businessClock = (clockFile: string): BusinessClock => {
  const write = (setting: { offsetMs: number } | { frozenAt: string }) => {
    // Written whole, then renamed, so that no service reads half a file.
    writeFileSync(`${clockFile}.tmp`, JSON.stringify(setting));
    renameSync(`${clockFile}.tmp`, clockFile);
  };
  const offset = (offsetMs: number) => write({ offsetMs });
  return {
    set: (at) => offset(new Date(at).getTime() - Date.now()),
    freeze: (at) => write({ frozenAt: new Date(at).toISOString() }),
    offset,
    reset: () => offset(0),
  };
};
