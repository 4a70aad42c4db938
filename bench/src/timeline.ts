import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// TIMELINE=1 in `bench:charging`: where in time the slowest calls of each measured run fell, beside the pauses of the
// stack's processes (garbage collections and event-loop stalls, written to their logs by `pause-watch`). A tail made of
// calls spread evenly over the run is queueing; one made of clusters, with every call in flight answered late at once,
// is pauses, and the pauses beside them say whose.

export const pauseMarker = 'PDS-PAUSE';

/** A call as autocannon saw it: when it was answered (epoch ms) and how long it took. */
export type Answered = { at: number; ms: number };
type Pause = { process: string; kind: 'gc' | 'stall'; at: number; ms: number };

const bucketMs = 100;
const gapMs = 30;
const pauseNearMs = 10;

/** Every pause the stack's processes wrote to their logs (`<process>.log` in `logDir`). */
export const pausesIn = (logDir: string): Pause[] =>
  readdirSync(logDir)
    .filter((file) => file.endsWith('.log'))
    .flatMap((file) =>
      readFileSync(join(logDir, file), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(pauseMarker))
        .map((line) => ({
          process: file.replace(/\.log$/, ''),
          ...(JSON.parse(line.slice(pauseMarker.length + 1)) as Omit<Pause, 'process'>),
        })),
    );

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Lines for one run: its slow calls' spread, its silent gaps, and each process's pauses and their share of the slow calls. */
export const timelineLines = (calls: Answered[], pauses: Pause[]): string[] => {
  if (calls.length === 0) return ['no calls'];
  const byTime = [...calls].sort((a, b) => a.at - b.at);
  const from = (byTime[0] as Answered).at - (byTime[0] as Answered).ms;
  const to = (byTime.at(-1) as Answered).at;
  // The slowest 1% by rank (ties in whole milliseconds would make a threshold take more).
  const slow = [...calls].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(calls.length / 100));
  const fastestSlow = (slow.at(-1) as Answered).ms;
  const slowBuckets = new Set(slow.map((c) => Math.floor((c.at - from) / bucketMs)));
  const gaps: number[] = [];
  for (let i = 1; i < byTime.length; i++) {
    const gap = (byTime[i] as Answered).at - (byTime[i - 1] as Answered).at;
    if (gap > gapMs) gaps.push(gap);
  }
  const lines = [
    `slowest 1% (${slow.length} calls of ${fastestSlow.toFixed(0)} ms or more) answered in ${slowBuckets.size} of ` +
      `${Math.ceil((to - from) / bucketMs)} spans of ${bucketMs} ms; spans of over ${gapMs} ms with no call answered: ` +
      `${gaps.length}, ${sum(gaps).toFixed(0)} ms in all, the longest ${Math.max(0, ...gaps).toFixed(0)} ms`,
  ];
  const inRun = pauses.filter((p) => p.at + p.ms >= from && p.at <= to);
  const processes = [...new Set(inRun.map((p) => p.process))].sort();
  for (const process of processes) {
    const own = inRun.filter((p) => p.process === process);
    const describe = (kind: Pause['kind']) => {
      const ms = own.filter((p) => p.kind === kind).map((p) => p.ms);
      return ms.length === 0 ? 'none' : `${ms.length}, ${sum(ms).toFixed(0)} ms, longest ${Math.max(...ms).toFixed(0)} ms`;
    };
    // A call lived through a pause when one of pauseNearMs or more fell within its time in the stack. The share of all
    // calls that did is the yardstick: a process that pauses often is in many calls' time, slow or not.
    const long = own.filter((p) => p.ms >= pauseNearMs);
    const share = (of: Answered[]) =>
      ((100 * of.filter((c) => long.some((p) => p.at + p.ms >= c.at - c.ms && p.at <= c.at)).length) / of.length).toFixed(0);
    lines.push(
      `${process}: garbage collections of 5 ms or more ${describe('gc')}; event-loop stalls over 25 ms ${describe('stall')}; ` +
        `calls that lived through one of ${pauseNearMs} ms or more: ${share(slow)}% of the slowest, ${share(calls)}% of all`,
    );
  }
  return lines;
};
