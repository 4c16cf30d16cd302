// Starts the fleet's services in the background and waits until each is ready.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { ServiceSpec } from './fleet.ts';
import { repoRoot } from './layout.ts';
import type { Layout } from './layout.ts';
import type { Platform } from './platform.ts';
import { httpOk, httpStatus, waitFor } from './probes.ts';
import { logFile, runningPid, startDaemon, tailLog } from './processes.ts';
import { pinnedPath } from './workspace.ts';

export type ServiceOutcome = 'skipped' | 'kept' | 'started';

/** `<NAME>_ENTRY` (e.g. ACCOUNTS_ENTRY=/tmp/fake.ts) replaces a service's entry file. */
export function entryFile(spec: ServiceSpec, env: NodeJS.ProcessEnv): string {
  const override = env[`${spec.name.toUpperCase().replace(/-/g, '_')}_ENTRY`];
  const entry = override || spec.entry;
  return isAbsolute(entry) ? entry : join(repoRoot, entry);
}

/**
 * The caller's database credentials (an admin's DATABASE_URL, the role passwords) reach no service
 * (ADR 0036): a service gets only its own role's DATABASE_URL, from its spec.
 */
const DATABASE_CREDENTIALS = /^(DATABASE_URL|TEST_DATABASE_URL|POSTGRES_PASSWORD|DATABASE_PASSWORD_\w+)$/;

/** The service's own variables win; everything else the caller set passes through, but database credentials. */
export function serviceEnv(spec: ServiceSpec, p: Platform): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(p.env).filter(([name]) => !DATABASE_CREDENTIALS.test(name)));
  const env: NodeJS.ProcessEnv = { ...inherited, ...spec.env, PATH: pinnedPath(p.env.PATH) };
  // make's own bookkeeping would leak into any make a service runs.
  for (const name of ['MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKE_TERMOUT', 'MAKE_TERMERR']) delete env[name];
  return env;
}

export async function ensureService(
  spec: ServiceSpec,
  p: Platform,
  dirs: Layout,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<ServiceOutcome> {
  const entry = entryFile(spec, p.env);
  if (!existsSync(entry)) {
    log(`${spec.name}: skipped, ${entry.replace(`${repoRoot}/`, '')} does not exist yet`);
    return 'skipped';
  }
  let pid = runningPid(dirs, spec.name);
  if (pid && (await httpOk(spec.healthUrl))) {
    log(`${spec.name}: already running (pid ${pid}), ready at ${spec.healthUrl}`);
    return 'kept';
  }
  const started = !pid;
  if (!pid) {
    // A foreign process on the port would answer our readiness check while ours fails to bind.
    if ((await httpStatus(spec.healthUrl)) !== undefined) {
      throw new Error(
        `${spec.name}: ${spec.healthUrl} already answers, from a process make up did not start; stop it or change the port`,
      );
    }
    // Run from the service's folder, as `pnpm start` would.
    const serviceDir = dirname(dirname(entry));
    pid = startDaemon(dirs, {
      name: spec.name,
      command: process.execPath,
      args: [entry],
      cwd: existsSync(join(serviceDir, 'package.json')) ? serviceDir : repoRoot,
      env: serviceEnv(spec, p),
    });
    log(`${spec.name}: started (pid ${pid}), waiting for ${spec.healthUrl}`);
  } else {
    log(`${spec.name}: running (pid ${pid}) but not ready yet, waiting for ${spec.healthUrl}`);
  }
  const ready = await waitFor(() => httpOk(spec.healthUrl), {
    timeoutMs,
    abort: () => (runningPid(dirs, spec.name) ? undefined : 'the process exited'),
  });
  if (!ready.ok) {
    throw new Error(
      `${spec.name}: ${ready.reason}. Last lines of ${logFile(dirs, spec.name)}:\n${tailLog(dirs, spec.name)}`,
    );
  }
  log(`${spec.name}: ready`);
  return started ? 'started' : 'kept';
}
