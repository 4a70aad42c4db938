/** How a process ended, as Node reports it for a child: one of the two is set (neither when nobody could tell). */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export const describeExit = ({ code, signal }: ExitStatus): string =>
  signal !== null ? `killed by ${signal}` : code !== null ? `exited with code ${code}` : 'exited (status unknown)';

/** 500 ms, 1 s, 11.5 s, 2 min 5 s: what a person reads in a terminal line. */
export const formatDurationMs = (ms: number): string => {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const seconds = Math.round(ms / 1_000);
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
};
