import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describeExit, formatDurationMs, type ExitStatus } from './messages';
import {
  decideAfterExit,
  defaultRestartLimits,
  freshHistory,
  type RestartDecision,
  type RestartHistory,
  type RestartLimits,
} from './restart-policy';

export type { ExitStatus } from './messages';

/** A started process: its pid, and how it ends. */
export interface RunningProcess {
  pid: number;
  exited: Promise<ExitStatus>;
}

/** Something the supervisor can start again. */
export interface SupervisedProcess<Running extends RunningProcess = RunningProcess> {
  name: string;
  /** Where the process writes its output; restarts are noted there too, and a give-up points to it. */
  logFile: string;
  /** Starts the process; resolves once it runs (a server: once it answers), rejects when it could not start. */
  start(): Promise<Running>;
  /** Writes one line to the process's log; by default appended to `logFile`. */
  note?(line: string): void;
}

export type ProcessState = 'running' | 'restarting' | 'gave-up' | 'stopped';

export interface ProcessStatus {
  state: ProcessState;
  pid: number | null;
  restarts: number;
  lastExit: string | null;
  /** The line reported when the supervisor gave up. */
  gaveUp: string | null;
}

export interface SupervisorOptions {
  /** One line for the terminal per restart, failed start and give-up. */
  report: (line: string) => void;
  limits?: RestartLimits;
  /** Where to keep every process's status as JSON, rewritten on each change (`.run/processes.json`). */
  stateFile?: string;
  /** A monotonic clock in ms (never set back, unlike the wall clock); the default is `performance.now`. */
  now?: () => number;
}

interface Entry {
  process: SupervisedProcess;
  status: ProcessStatus;
  running: RunningProcess | null;
  startedAtMs: number;
  history: RestartHistory;
  timer: NodeJS.Timeout | null;
}

/**
 * Restarts the processes it watches when they die, with the backoff and give-up rule of `decideAfterExit`. A
 * deliberate stop is announced first (`release`, `shutdown`), so that it is never taken for a death.
 */
export class Supervisor {
  private readonly entries = new Map<string, Entry>();
  private readonly restartsInFlight = new Set<Promise<void>>();
  private readonly limits: RestartLimits;
  private readonly now: () => number;
  private shuttingDown = false;

  constructor(private readonly options: SupervisorOptions) {
    this.limits = options.limits ?? defaultRestartLimits;
    this.now = options.now ?? (() => performance.now());
  }

  /** Starts a process (a failure here is the caller's, not retried) and watches it from then on. */
  async start<Running extends RunningProcess>(process: SupervisedProcess<Running>): Promise<Running> {
    const running = await process.start();
    this.watch(process, running);
    return running;
  }

  /** Watches a process already started; a process of the same name watched before is forgotten. */
  watch(process: SupervisedProcess, running: RunningProcess): void {
    if (this.shuttingDown) return;
    this.cancelRestart(process.name);
    const status: ProcessStatus = { state: 'running', pid: running.pid, restarts: 0, lastExit: null, gaveUp: null };
    const entry: Entry = { process, status, running, startedAtMs: this.now(), history: freshHistory, timer: null };
    this.entries.set(process.name, entry);
    this.follow(entry, running);
    this.saveState();
  }

  /** Before a deliberate stop of one process: its exit is not a death, and a restart still pending is cancelled. */
  release(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.cancelRestart(name);
    entry.status.state = 'stopped';
    entry.running = null;
    this.saveState();
  }

  /** Nothing is restarted any more; resolves once restarts already under way have finished (or failed). */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    for (const name of this.entries.keys()) this.release(name);
    await Promise.all([...this.restartsInFlight]);
  }

  status(name: string): ProcessStatus | undefined {
    const entry = this.entries.get(name);
    return entry && { ...entry.status };
  }

  private follow(entry: Entry, running: RunningProcess): void {
    void running.exited.then((exit) => {
      if (entry.running !== running || this.entries.get(entry.process.name) !== entry) return;
      const uptimeMs = this.now() - entry.startedAtMs;
      entry.running = null;
      entry.status.pid = null;
      entry.status.lastExit = describeExit(exit);
      this.afterExit(entry, `${entry.process.name} (pid ${running.pid}) ${describeExit(exit)} after ${formatDurationMs(uptimeMs)} up`);
    });
  }

  /** A death or a failed restart: restart later, or give up. */
  private afterExit(entry: Entry, what: string): void {
    const decision: RestartDecision = this.decide(entry, this.now());
    if (decision.kind === 'give-up') {
      const { name, logFile } = entry.process;
      const within = formatDurationMs(decision.withinMs);
      const line = `gave up on ${name} after ${decision.exits} exits in ${within} (last: ${what}); see ${this.shown(logFile)}`;
      entry.status.state = 'gave-up';
      entry.status.gaveUp = line;
      this.tell(entry, line);
    } else {
      entry.status.state = 'restarting';
      this.tell(entry, `${what}; restarting in ${formatDurationMs(decision.delayMs)}`);
      entry.timer = setTimeout(() => this.restart(entry), decision.delayMs);
    }
    this.saveState();
  }

  private decide(entry: Entry, exitedAtMs: number): RestartDecision {
    const { history, decision } = decideAfterExit(this.limits, entry.history, { startedAtMs: entry.startedAtMs, exitedAtMs });
    entry.history = history;
    return decision;
  }

  private restart(entry: Entry): void {
    entry.timer = null;
    if (this.shuttingDown || entry.status.state !== 'restarting') return;
    const attemptAtMs = this.now();
    // Through a promise even when `start` throws at once, so that a failed start is an exit like any other.
    const attempt = Promise.resolve()
      .then(() => entry.process.start())
      .then(
        (running) => {
          // Stopped while starting: whoever stopped it stops what was started (its start function keeps the handle).
          if (entry.status.state !== 'restarting' || this.entries.get(entry.process.name) !== entry) return;
          entry.running = running;
          entry.startedAtMs = this.now();
          Object.assign(entry.status, { state: 'running', pid: running.pid, restarts: entry.status.restarts + 1 });
          this.tell(entry, `${entry.process.name} restarted (pid ${running.pid})`);
          this.follow(entry, running);
          this.saveState();
        },
        (error: unknown) => {
          if (entry.status.state !== 'restarting' || this.entries.get(entry.process.name) !== entry) return;
          entry.startedAtMs = attemptAtMs;
          entry.status.lastExit = `failed to start: ${(error as Error).message}`;
          this.afterExit(entry, `${entry.process.name} failed to start again (${firstLine((error as Error).message)})`);
        },
      );
    this.restartsInFlight.add(attempt);
    void attempt.finally(() => this.restartsInFlight.delete(attempt));
  }

  private cancelRestart(name: string): void {
    const entry = this.entries.get(name);
    if (entry?.timer) clearTimeout(entry.timer);
    if (entry) entry.timer = null;
  }

  private tell(entry: Entry, line: string): void {
    this.options.report(line);
    const stamped = `[${new Date().toISOString()}] supervisor: ${line}\n`;
    try {
      if (entry.process.note) entry.process.note(stamped);
      else appendFileSync(entry.process.logFile, stamped);
    } catch {
      // The terminal line is the one that matters; a log that cannot be written must not stop the restart.
    }
  }

  /** A log path relative to the working directory when it is inside it (`.run/logs/billing-ledger.log`). */
  private shown(file: string): string {
    const rel = relative(process.cwd(), file);
    return rel.startsWith('..') || rel === '' ? file : rel;
  }

  private saveState(): void {
    const file = this.options.stateFile;
    if (!file) return;
    const processes = Object.fromEntries([...this.entries].map(([name, entry]) => [name, entry.status]));
    try {
      // Written whole, then renamed, so that a reader never sees half a file.
      writeFileSync(`${file}.tmp`, `${JSON.stringify({ updatedAt: new Date().toISOString(), processes }, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      this.options.report(`could not write ${file}: ${(error as Error).message}`);
    }
  }
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300);
