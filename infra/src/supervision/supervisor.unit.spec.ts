import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RestartLimits } from './restart-policy';
import { Supervisor, type ExitStatus, type RunningProcess, type SupervisedProcess } from './supervisor';

// Short limits so that the tests run on real timers in well under a second each: 20, 40, 80 ms; the 4th exit within
// 5 s is the last.
const limits: RestartLimits = {
  firstRestartDelayMs: 20,
  restartDelayMsMax: 80,
  exitsBeforeGivingUp: 4,
  exitWindowMs: 5_000,
  stableUptimeMs: 5_000,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An in-memory process: each start gets the next pid; `die` ends the current one. */
class FakeProcess implements SupervisedProcess {
  readonly logFile: string;
  readonly notes: string[] = [];
  readonly startedPids: number[] = [];
  private end: ((status: ExitStatus) => void) | null = null;
  private nextPid = 100;

  constructor(
    readonly name: string,
    dir: string,
    private readonly onStart: (attempt: number) => 'run' | 'die-at-once' | 'fail' = () => 'run',
  ) {
    this.logFile = join(dir, `${name}.log`);
  }

  async start(): Promise<RunningProcess> {
    const what = this.onStart(this.startedPids.length + 1);
    if (what === 'fail') {
      this.startedPids.push(0);
      throw new Error('port 9092 in use\nmore detail');
    }
    const pid = this.nextPid++;
    this.startedPids.push(pid);
    const exited = new Promise<ExitStatus>((resolve) => (this.end = resolve));
    if (what === 'die-at-once') this.die({ code: 1, signal: null });
    return { pid, exited };
  }

  note(line: string) {
    this.notes.push(line);
  }

  die(status: ExitStatus) {
    this.end?.(status);
    this.end = null;
  }
}

const setUp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
  const reported: string[] = [];
  const stateFile = join(dir, 'processes.json');
  const supervisor = new Supervisor({ report: (line) => reported.push(line), limits, stateFile });
  const savedState = () => JSON.parse(readFileSync(stateFile, 'utf8')).processes;
  return { dir, reported, supervisor, savedState };
};

describe('a supervised process that dies', () => {
  it('is restarted after the first delay, and the terminal, its log and the state file say so', async () => {
    const { dir, reported, supervisor, savedState } = setUp();
    const ledger = new FakeProcess('billing-ledger', dir);
    await supervisor.start(ledger);
    expect(savedState()['billing-ledger']).toEqual({ state: 'running', pid: 100, restarts: 0, lastExit: null, gaveUp: null });

    ledger.die({ code: null, signal: 'SIGKILL' });
    await sleep(5);
    expect(reported).toEqual([
      expect.stringMatching(/^billing-ledger \(pid 100\) killed by SIGKILL after \d+ ms up; restarting in 20 ms$/),
    ]);
    expect(supervisor.status('billing-ledger')).toMatchObject({ state: 'restarting', pid: null, lastExit: 'killed by SIGKILL' });
    expect(savedState()['billing-ledger'].state).toBe('restarting');

    await sleep(40);
    expect(ledger.startedPids).toEqual([100, 101]);
    expect(reported[1]).toBe('billing-ledger restarted (pid 101)');
    expect(supervisor.status('billing-ledger')).toMatchObject({ state: 'running', pid: 101, restarts: 1 });
    expect(ledger.notes).toEqual([
      expect.stringMatching(/^\[\d{4}-.*Z\] supervisor: billing-ledger \(pid 100\) killed by SIGKILL/),
      expect.stringContaining('restarted (pid 101)'),
    ]);
    await supervisor.shutdown();
  });

  it('backs off 20, 40, 80 ms and gives up at the 4th exit, naming the process and its log', async () => {
    const { dir, reported, supervisor } = setUp();
    const broken = new FakeProcess('analysis', dir, (attempt) => (attempt === 1 ? 'run' : 'die-at-once'));
    await supervisor.start(broken);
    broken.die({ code: 1, signal: null });
    await sleep(20 + 40 + 80 + 100);
    expect(broken.startedPids).toEqual([100, 101, 102, 103]);
    expect(reported.filter((l) => l.includes('restarting in'))).toEqual([
      expect.stringMatching(/exited with code 1 after .* up; restarting in 20 ms$/),
      expect.stringMatching(/restarting in 40 ms$/),
      expect.stringMatching(/restarting in 80 ms$/),
    ]);
    const gaveUp = reported.at(-1)!;
    expect(gaveUp).toMatch(
      /^gave up on analysis after 4 exits in \d+ ms \(last: analysis \(pid 103\) exited with code 1 after \d+ ms up\); see /,
    );
    expect(gaveUp.endsWith(broken.logFile)).toBe(true);
    expect(supervisor.status('analysis')).toMatchObject({ state: 'gave-up', gaveUp });

    // Not restarted for ever: well past the longest delay, nothing more was started.
    await sleep(200);
    expect(broken.startedPids).toHaveLength(4);
  });

  it('counts a failed start as an exit and tries again', async () => {
    const { dir, reported, supervisor } = setUp();
    const kafka = new FakeProcess('kafka', dir, (attempt) => (attempt === 2 ? 'fail' : 'run'));
    await supervisor.start(kafka);
    kafka.die({ code: 143, signal: null });
    await sleep(20 + 40 + 30);
    expect(kafka.startedPids).toEqual([100, 0, 101]);
    expect(reported).toEqual([
      expect.stringMatching(/^kafka \(pid 100\) exited with code 143 after .*; restarting in 20 ms$/),
      'kafka failed to start again (port 9092 in use); restarting in 40 ms',
      'kafka restarted (pid 101)',
    ]);
    await supervisor.shutdown();
  });
});

describe('a deliberate stop', () => {
  it('is not restarted when released first', async () => {
    const { dir, reported, supervisor } = setUp();
    const gateway = new FakeProcess('gateway', dir);
    await supervisor.start(gateway);
    supervisor.release('gateway');
    gateway.die({ code: null, signal: 'SIGTERM' });
    await sleep(60);
    expect([gateway.startedPids, reported, supervisor.status('gateway')?.state]).toEqual([[100], [], 'stopped']);
  });

  it('cancels a restart that was pending', async () => {
    const { dir, supervisor } = setUp();
    const gateway = new FakeProcess('gateway', dir);
    await supervisor.start(gateway);
    gateway.die({ code: null, signal: 'SIGKILL' });
    await sleep(5);
    supervisor.release('gateway');
    await sleep(60);
    expect(gateway.startedPids).toEqual([100]);
  });

  it('after a shutdown, restarts nothing and watches nothing new', async () => {
    const { dir, supervisor } = setUp();
    const a = new FakeProcess('a', dir);
    const b = new FakeProcess('b', dir);
    await supervisor.start(a);
    a.die({ code: 1, signal: null });
    await sleep(5);
    await supervisor.shutdown();
    await supervisor.start(b);
    b.die({ code: 1, signal: null });
    await sleep(60);
    expect([a.startedPids, b.startedPids, supervisor.status('a')?.state, supervisor.status('b')]).toEqual([
      [100],
      [100],
      'stopped',
      undefined,
    ]);
  });

  it('lets a process watched again under the same name start afresh', async () => {
    const { dir, reported, supervisor } = setUp();
    const ledger = new FakeProcess('billing-ledger', dir);
    await supervisor.start(ledger);
    supervisor.release('billing-ledger');
    ledger.die({ code: null, signal: 'SIGKILL' });
    await supervisor.start(ledger);
    ledger.die({ code: null, signal: 'SIGKILL' });
    await sleep(40);
    expect(ledger.startedPids).toEqual([100, 101, 102]);
    expect(reported[0]).toMatch(/^billing-ledger \(pid 101\) killed by SIGKILL .* restarting in 20 ms$/);
    await supervisor.shutdown();
  });
});
