import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

/** How a child process ended: an exit code, a signal, or an error (e.g. ENOENT) before it ran. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

export interface GroupChild {
  child: ChildProcess;
  /** The process group id (the leader's pid); undefined when the process could not be started. */
  pgid: number | undefined;
  /** Resolves once the process has exited and its stdio streams are closed; never rejects. */
  exited: Promise<ChildExit>;
  /** SIGKILLs the whole group (the leader and anything it started); safe to call more than once. */
  kill(): void;
}

/** Every group started by this process and not yet reaped: killed at shutdown. */
const live = new Set<GroupChild>();

/**
 * Spawns a native tool as the leader of its own process group (detached = setsid), so one
 * kill(-pgid) stops it and any helper it forks, and a crash in it can never take the service down.
 * If the service itself dies, the children see their pipes close (EOF / EPIPE) and end on their own.
 */
export function spawnInGroup(command: string, args: readonly string[], stdio: StdioOptions): GroupChild {
  const child = spawn(command, args, { detached: true, stdio });
  let settled = false;
  let resolveExit!: (exit: ChildExit) => void;
  const exited = new Promise<ChildExit>((resolve) => (resolveExit = resolve));
  const group: GroupChild = {
    child,
    pgid: child.pid,
    exited,
    kill() {
      if (group.pgid === undefined) return;
      try {
        process.kill(-group.pgid, 'SIGKILL');
      } catch {
        // ESRCH: the group is already gone.
      }
    },
  };
  const finish = (exit: ChildExit) => {
    if (settled) return;
    settled = true;
    live.delete(group);
    resolveExit(exit);
  };
  child.on('error', (error) => {
    // A process that could not be started never emits 'close'.
    if (child.pid === undefined) finish({ code: null, signal: null, error });
  });
  child.once('close', (code, signal) => finish({ code, signal }));
  if (child.pid !== undefined) live.add(group);
  return group;
}

/** Kills every group this process started that is still running (at shutdown). Returns how many. */
export function killAllGroups(): number {
  const groups = [...live];
  for (const group of groups) group.kill();
  return groups.length;
}

/** Groups started and not yet exited, for tests and diagnostics. */
export function liveGroupCount(): number {
  return live.size;
}
