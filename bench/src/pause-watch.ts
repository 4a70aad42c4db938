// Loaded into each process of the stack by `bench:charging` with TIMELINE=1 (node --require): writes each garbage
// collection of 5 ms or more and each stall of the event loop (a 10 ms timer that fires over 25 ms late: the process
// was busy or not scheduled) to stderr, which the stack writes to the process's log, with wall-clock times, so that the
// benchmark can set them beside its slowest calls.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { pauseMarker } from './timeline';

const tickMs = 10;
const lateMs = 25;
const gcReportedMs = 5;

const write = (kind: 'gc' | 'stall', startedAt: number, ms: number) =>
  process.stderr.write(`${pauseMarker} ${JSON.stringify({ kind, at: Math.round(startedAt), ms: Number(ms.toFixed(1)) })}\n`);

const watch = () => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration >= gcReportedMs) write('gc', performance.timeOrigin + entry.startTime, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > tickMs + lateMs) write('stall', performance.timeOrigin + last, now - last - tickMs);
    last = now;
  }, tickMs).unref();
};

watch();
