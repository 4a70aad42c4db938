import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent by the processes of a benchmark, read from /proc (user + system time of each process, in clock ticks),
// so that the CPU of a call can be split by process: the gateway, the ledger, the working service, Kafka, PostgreSQL.
// Beside it, the read and write system calls each made (/proc/<pid>/io, all threads): on loopback a socket write
// carries the kernel's delivery to the reader, so the count of them says how much batching a change bought without
// depending on this machine's speed. A process is named by a group; a group's figures are the sum of its processes'
// (PostgreSQL's backends are children of its postmaster).

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
  cpuSeconds: number;
  readCalls: number;
  writeCalls: number;
  /** CPU of its children that have exited and been waited for (a PostgreSQL backend closed mid-run, say). */
  exitedChildrenCpuSeconds: number;
}

const readIo = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/io`, 'utf8');
  } catch {
    return '';
  }
};

const readProc = (pid: number): Proc | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the fields after it are read from its closing parenthesis.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    // Readable only for one's own processes (or as root): a run as another user than PostgreSQL's still gets the CPU,
    // with its system calls unknown (NaN) instead of losing the process altogether.
    const io = readIo(pid);
    const count = (field: string) => Number(new RegExp(`^${field}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
    return {
      pid,
      ppid: Number(after[1]),
      cmdline,
      cpuSeconds: (Number(after[11]) + Number(after[12])) / ticksPerSecond,
      readCalls: count('syscr'),
      writeCalls: count('syscw'),
      exitedChildrenCpuSeconds: (Number(after[13]) + Number(after[14])) / ticksPerSecond,
    };
  } catch {
    return null; // gone between the listing and the read
  }
};

const allProcesses = (): Proc[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProc(Number(name)) ?? []);

/** How to tell a group's processes: by pid, or by a word of the command line (with its children, for PostgreSQL). */
export type Group = { name: string; pid: number } | { name: string; cmdlineIncludes: string; withChildren?: boolean };

export interface Usage {
  cpuSeconds: number;
  readCalls: number;
  writeCalls: number;
}

/**
 * Each group's CPU seconds and system calls so far. An exited child's CPU is counted in its parent's (its calls are
 * not kept by the kernel).
 */
export const usageByGroup = (groups: readonly Group[]): Map<string, Usage> => {
  const procs = allProcesses();
  const totals = new Map<string, Usage>();
  for (const group of groups) {
    const own = 'pid' in group ? procs.filter((p) => p.pid === group.pid) : procs.filter((p) => p.cmdline.includes(group.cmdlineIncludes));
    const owned = new Set(own.map((p) => p.pid));
    const withChildren = 'withChildren' in group && Boolean(group.withChildren);
    const members = withChildren ? procs.filter((p) => owned.has(p.pid) || owned.has(p.ppid)) : own;
    // A child that exits takes its time out of the listing and into its parent's count of exited children.
    const exited = withChildren ? own.reduce((sum, p) => sum + p.exitedChildrenCpuSeconds, 0) : 0;
    totals.set(group.name, {
      cpuSeconds: members.reduce((sum, p) => sum + p.cpuSeconds, exited),
      readCalls: members.reduce((sum, p) => sum + p.readCalls, 0),
      writeCalls: members.reduce((sum, p) => sum + p.writeCalls, 0),
    });
  }
  return totals;
};

/** What each group spent between two readings, per call: CPU milliseconds, read and write system calls. */
export const usagePerCall = (before: Map<string, Usage>, after: Map<string, Usage>, calls: number) => {
  const n = Math.max(calls, 1);
  return [...after].map(([name, now]) => {
    const then = before.get(name) ?? { cpuSeconds: 0, readCalls: 0, writeCalls: 0 };
    return {
      name,
      msPerCall: ((now.cpuSeconds - then.cpuSeconds) * 1000) / n,
      readsPerCall: (now.readCalls - then.readCalls) / n,
      writesPerCall: (now.writeCalls - then.writeCalls) / n,
    };
  });
};
