import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent by the processes of a benchmark, read from /proc (user + system time of each process, in clock ticks),
// so that the CPU of a call can be split by process: the gateway, the ledger, the working service, Kafka, PostgreSQL.
// A process is named by a group; a group's time is the sum of its processes' (PostgreSQL's backends are children of
// its postmaster).

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
  cpuSeconds: number;
  /** CPU of its children that have exited and been waited for (a PostgreSQL backend closed mid-run, say). */
  exitedChildrenCpuSeconds: number;
}

const readProc = (pid: number): Proc | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the fields after it are read from its closing parenthesis.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return {
      pid,
      ppid: Number(after[1]),
      cmdline,
      cpuSeconds: (Number(after[11]) + Number(after[12])) / ticksPerSecond,
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

/** Each group's CPU seconds so far. */
export const cpuByGroup = (groups: readonly Group[]): Map<string, number> => {
  const procs = allProcesses();
  const totals = new Map<string, number>();
  for (const group of groups) {
    const own = 'pid' in group ? procs.filter((p) => p.pid === group.pid) : procs.filter((p) => p.cmdline.includes(group.cmdlineIncludes));
    const owned = new Set(own.map((p) => p.pid));
    const withChildren = 'withChildren' in group && Boolean(group.withChildren);
    const members = withChildren ? procs.filter((p) => owned.has(p.pid) || owned.has(p.ppid)) : own;
    // A child that exits takes its time out of the listing and into its parent's count of exited children.
    const exited = withChildren ? own.reduce((sum, p) => sum + p.exitedChildrenCpuSeconds, 0) : 0;
    totals.set(
      group.name,
      members.reduce((sum, p) => sum + p.cpuSeconds, exited),
    );
  }
  return totals;
};

/** The CPU each group spent between two readings, per call, in milliseconds. */
export const cpuPerCallMs = (before: Map<string, number>, after: Map<string, number>, calls: number) =>
  [...after].map(([name, seconds]) => ({ name, msPerCall: ((seconds - (before.get(name) ?? 0)) * 1000) / Math.max(calls, 1) }));
