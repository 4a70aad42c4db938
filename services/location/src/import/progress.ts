import cliProgress from 'cli-progress';

// Progress for a long import: a bar with rows/s and time left on a terminal, a line every few seconds otherwise (a
// CI log, a file). Both go to stderr: stdout carries only the command's last line, its JSON summary.

export interface Progress {
  start(totalBytes: number, label: string): void;
  update(bytesRead: number, rows: number): void;
  say(line: string): void;
  stop(): void;
}

const lineEveryMs = 5_000;

const rate = (rows: number, startedMs: number) => Math.round(rows / Math.max(0.001, (Date.now() - startedMs) / 1000));

export const terminalProgress = (stream: NodeJS.WriteStream = process.stderr): Progress => {
  if (!stream.isTTY) return periodicProgress(stream);
  let bar: cliProgress.SingleBar | undefined;
  let startedMs = 0;
  return {
    start(totalBytes, label) {
      startedMs = Date.now();
      bar = new cliProgress.SingleBar(
        { format: `${label} [{bar}] {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}`, stream, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(1, totalBytes), 0, { rows: 0, rate: 0 });
    },
    update(bytesRead, rows) {
      bar?.update(bytesRead, { rows, rate: rate(rows, startedMs) });
    },
    say: (line) => stream.write(`${line}\n`),
    stop: () => bar?.stop(),
  };
};

export const periodicProgress = (stream: { write(s: string): unknown }): Progress => {
  let total = 1;
  let label = '';
  let startedMs = 0;
  let lastMs = 0;
  return {
    start(totalBytes, name) {
      total = Math.max(1, totalBytes);
      label = name;
      startedMs = lastMs = Date.now();
    },
    update(bytesRead, rows) {
      const now = Date.now();
      if (now - lastMs < lineEveryMs) return;
      lastMs = now;
      const done = Math.min(1, bytesRead / total);
      const etaS = done > 0 ? Math.round(((now - startedMs) / 1000) * ((1 - done) / done)) : undefined;
      stream.write(`${label}: ${(done * 100).toFixed(1)}% | ${rows} rows | ${rate(rows, startedMs)} rows/s | ETA ${etaS ?? '?'} s\n`);
    },
    say: (line) => stream.write(`${line}\n`),
    stop: () => undefined,
  };
};

/** For tests and callers that want none. */
export const silentProgress: Progress = { start: () => undefined, update: () => undefined, say: () => undefined, stop: () => undefined };
