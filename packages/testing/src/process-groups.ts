// A look at /proc, to prove that no child process outlives the call that started it and that an
// aborted one had its processes killed at once (the worker's jobs, @tp/engines' decoder and engines).
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  command: string;
  /** The kernel's flags of the process (PF_*). */
  flags: number;
}

/** One process's /proc/<pid>/stat; undefined when it has gone. */
function parseStat(pid: number, stat: string): ProcInfo {
  // pid (comm) state ppid pgrp …; comm may contain spaces and parentheses.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    state: fields[0] ?? '?',
    command: stat.slice(stat.indexOf('(') + 1, close),
    flags: Number(fields[6]),
  };
}

/** Every process visible in /proc (zombies included), with its parent and process group. */
export async function processes(): Promise<ProcInfo[]> {
  const found: ProcInfo[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      found.push(parseStat(Number(entry), await readFile(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Every process below `root` (children, their children, …), zombies included. */
export async function descendantsOf(root: number): Promise<number[]> {
  const all = await processes();
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const p of all)
      if (p.ppid === parent) {
        found.push(p.pid);
        walk(p.pid);
      }
  };
  walk(root);
  return found;
}

/** The process groups led by direct children of this process (ffmpeg and engine groups). */
export async function childGroups(): Promise<number[]> {
  const all = await processes();
  return [...new Set(all.filter((p) => p.ppid === process.pid && p.pgid === p.pid).map((p) => p.pgid))];
}

/** Processes still alive in any of these groups. */
export async function aliveInGroups(pgids: readonly number[]): Promise<ProcInfo[]> {
  const wanted = new Set(pgids);
  return (await processes()).filter((p) => wanted.has(p.pgid) && p.state !== 'Z');
}

const PF_EXITING = 0x4;
const SIGKILL_PENDING = 1n << 8n;

function sigkillPending(pid: number): boolean {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mask = (name: string) => BigInt(`0x${new RegExp(`^${name}:\\s*([0-9a-f]+)`, 'm').exec(status)?.[1] ?? '0'}`);
  return ((mask('SigPnd') | mask('ShdPnd')) & SIGKILL_PENDING) !== 0n;
}

/**
 * Processes of these groups that are alive and were not sent SIGKILL. Read synchronously, straight
 * after whatever should have killed the groups returned: a group killed at once has every member
 * gone, dead, exiting or with SIGKILL pending, so this is empty however slow the machine is.
 */
export function notKilledInGroups(pgids: readonly number[]): ProcInfo[] {
  const wanted = new Set(pgids);
  const found: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const info = parseStat(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (!wanted.has(info.pgid) || info.state === 'Z' || info.state === 'X' || info.flags & PF_EXITING) continue;
      if (!sigkillPending(info.pid)) found.push(info);
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Numbers of write(2) and writev(2) on the architectures the worker runs on. */
const WRITE_SYSCALLS: Record<string, readonly number[]> = { x64: [1, 20], arm64: [64, 66] };

/**
 * Whether a thread of `pid` sleeps inside a write to `fd`: its output is full and nobody reads it.
 * (/proc/<pid>/task/<tid>/syscall names the call only while the thread sleeps in it.)
 */
export function blockedWriting(pid: number, fd: number): boolean {
  const writes = WRITE_SYSCALLS[process.arch] ?? [];
  try {
    return readdirSync(`/proc/${pid}/task`).some((tid) => {
      const [call, firstArg] = readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8').trim().split(' ');
      return writes.includes(Number(call)) && Number(firstArg) === fd;
    });
  } catch {
    return false;
  }
}

/** Bytes `pid` has written so far, to any file or pipe (/proc/<pid>/io). */
export function bytesWritten(pid: number): number {
  return Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
}
