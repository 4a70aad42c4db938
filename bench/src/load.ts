import { percentile } from './servers';

export interface LoadFigures {
  calls: number;
  failures: number;
  throughputPerS: number;
  p50Ms: number;
  p99Ms: number;
}

/** Closed-loop load: `concurrency` clients each make calls back to back until `calls` have been made in all. */
export const driveLoad = async (url: string, apiKey: string, calls: number, concurrency: number): Promise<LoadFigures> => {
  const timesMs: number[] = [];
  let started = 0;
  let failures = 0;
  const client = async () => {
    while (started < calls) {
      started += 1;
      const t0 = performance.now();
      const res = await fetch(url, { headers: { 'x-api-key': apiKey } });
      await res.arrayBuffer();
      timesMs.push(performance.now() - t0);
      if (res.status !== 200) failures += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const totalMs = performance.now() - startedAt;
  timesMs.sort((a, b) => a - b);
  return { calls, failures, throughputPerS: (calls / totalMs) * 1000, p50Ms: percentile(timesMs, 50), p99Ms: percentile(timesMs, 99) };
};

export const describeFigures = (f: LoadFigures) =>
  `${f.throughputPerS.toFixed(0).padStart(6)} calls/s   p50 ${f.p50Ms.toFixed(1).padStart(6)} ms   p99 ${f.p99Ms.toFixed(1).padStart(6)} ms   (${f.calls} calls, ${f.failures} not 200)`;
