// CPU time from /proc/<pid>/stat: a process's own (user + system) and that of its children it has
// waited for (which include theirs, recursively). Robust where wall time is not: on a shared
// machine another's load stretches the wall clock, not the CPU seconds a path needs.
import { readFileSync } from 'node:fs';
import { parents, treeOf } from './tree-memory.ts';

/** Linux's USER_HZ (getconf CLK_TCK) on every architecture we run on. */
const TICKS_PER_SECOND = 100;

export function cpuMs(pid: number | 'self'): { own: number; reapedChildren: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return { own: ms(fields[11]! + fields[12]!), reapedChildren: ms(fields[13]! + fields[14]!) };
}

/**
 * CPU time of the trees below `roots` so far, in ms: each process's own and what it reaped. The
 * difference of two readings is what the trees used between them, processes that started, ended
 * or lived throughout alike (a reaped process moves from its own count into its parent's).
 */
export async function treesCpuMs(roots: readonly number[]): Promise<number> {
  const parentOf = await parents();
  let total = 0;
  for (const root of roots)
    for (const pid of treeOf(root, parentOf)) {
      try {
        const { own, reapedChildren } = cpuMs(pid);
        total += own + reapedChildren;
      } catch {
        // exited while we looked
      }
    }
  return total;
}
