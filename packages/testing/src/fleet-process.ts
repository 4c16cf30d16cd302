import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './repo.ts';

/** A service process of a test fleet, with everything it wrote. */
export interface Running {
  child: ChildProcess;
  output: string[];
}

/**
 * What a fleet's processes inherit of this one's environment: the PATH, Node's on-disk compile
 * cache when the test run set one (run-tests.ts), so the fleets' many Node processes compile each
 * module once per run instead of once per process, and the coverage folder of `make coverage`.
 */
function inherited(): Record<string, string> {
  const passed = ['NODE_COMPILE_CACHE', 'NODE_V8_COVERAGE'].filter((name) => process.env[name]);
  return { PATH: process.env.PATH ?? '', ...Object.fromEntries(passed.map((name) => [name, process.env[name]!])) };
}

/**
 * Starts a service's entry point (relative to the repository, or absolute) with Node;
 * `commandPrefix` runs it under another command (for example `['taskset', '-c', '0']`), which must
 * exec it so that the child's pid is the service's.
 */
export function launch(entry: string, env: Record<string, string>, commandPrefix: readonly string[] = []): Running {
  const argv = [...commandPrefix, process.execPath, resolve(repoRoot(), entry)];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: repoRoot(),
    env: { ...inherited(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

export const isAlive = (running: Running): boolean =>
  running.child.exitCode === null && running.child.signalCode === null;

/**
 * Waits until the service answers 200 on `url`. The deadline is a generous bound for a service that
 * never gets ready (a busy machine starts eight of them in well under it); a process that exits fails at once.
 */
export async function waitReady(url: string, running: Running, name: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null)
      throw new Error(`${name} exited with ${running.child.exitCode}:\n${running.output.join('')}`);
    try {
      // A service that takes the connection but never answers must not hold the wait past its deadline.
      const res = await fetch(url, {
        signal: AbortSignal.timeout(Math.max(1, Math.min(5_000, deadline - Date.now()))),
      });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not ready after ${timeoutMs} ms:\n${running.output.join('')}`);
}

/** SIGTERM, then SIGKILL if the process has not exited 10 s later; resolves once it has exited. */
export async function terminate(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** SIGKILL, the way a node dies; resolves once the process has exited. */
export async function kill(running: Running): Promise<void> {
  if (!isAlive(running)) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGKILL');
  await exited;
}

/**
 * Runs a command to completion and collects what it wrote. A command still running after
 * `timeoutMs` is killed (SIGKILL) and answers code -1 with the reason in stderr, so a hung
 * command fails the test that ran it instead of holding its file open.
 */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...inherited(), ...env } });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) stderr += `\n${command} ${args.join(' ')}: killed, still running after ${timeoutMs} ms`;
      resolve({ code: timedOut ? -1 : (code ?? -1), stdout, stderr });
    });
  });
}

/** Resident memory of a process now, from /proc. */
export function residentBytes(pid: number | undefined, name: string): number {
  const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no resident memory reading for ${name}`);
  return Number(kb) * 1024;
}
