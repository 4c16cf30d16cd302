// The fleet under fault: every service as its own process (@tp/testing's startFleet), on our own
// PostgreSQL, NATS and S3 (infra.ts), with the recovery timers shortened so that a run takes
// seconds, not the minutes of the production defaults. No rule is changed: the same paths run
// (redelivery after the ack wait, the reconciler's passes), only sooner.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLEET_SERVICES, startFleet, UNREACHED_RATE_LIMITS, type Fleet, type FleetService } from '@tp/testing';
import { logFile } from '../../../tools/dev/processes.ts';
import { type FaultInfra, INFRA, type InfraName, startFaultInfra } from './infra.ts';

/** What a fault may kill: a service of the fleet or one of our servers. */
export type Target = FleetService | InfraName;

export const RECOVERY_SETTINGS = {
  jobs: {
    RECONCILE_INTERVAL_MS: '1000',
    // The least it may be (four billing deadlines): a creation whose request died is given up sooner.
    RESERVATION_TIMEOUT_MS: '20000',
    // The safety net for a job no worker will pick up again (its least).
    STALE_RUNNING_MS: '60000',
  },
  worker: {
    WORK_ACK_WAIT_MS: '8000',
    PROGRESS_INTERVAL_MS: '1000',
    // Short windows, one engine at a time: the run's clip is many windows, so its progress moves
    // steadily and a kill at any progress finds the engine at work, as on a long recording.
    WINDOW_TARGET_SECONDS: '5',
    WINDOW_MAX_SECONDS: '10',
    ENGINE_POOL_SIZE: '1',
  },
  media: { VERIFY_ACK_WAIT_MS: '8000' },
} as const;

export interface FaultFleet {
  fleet: Fleet;
  infra: FaultInfra;
  /** SIGKILL: a service with every process it started (the worker's ffmpeg and engine), or a server's whole group. */
  kill(target: Target): Promise<void>;
  /** Starts it again with the same settings; resolves once it answers. */
  start(target: Target): Promise<void>;
  /** Services whose process has exited though the suite did not kill them (a crash of their own). */
  crashed(): FleetService[];
  /** What each service wrote, its killed processes included, into `dir` (for a run that found something). */
  saveLogs(dir: string): void;
  stop(): Promise<void>;
}

const isInfra = (target: Target): target is InfraName => (INFRA as readonly string[]).includes(target);

/** Every process below `pid`, from /proc (children first found, then theirs). */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of parentOf) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export async function startFaultFleet(log: (line: string) => void): Promise<FaultFleet> {
  const infra = await startFaultInfra(log);
  let fleet: Fleet;
  try {
    // @tp/testing makes the fleet's databases and stream namespace on the servers these name.
    process.env.TEST_DATABASE_URL = infra.adminDatabaseUrl;
    Object.assign(process.env, infra.databaseSecrets);
    process.env.NATS_URL = infra.natsUrl;
    Object.assign(process.env, infra.natsEnv);
    fleet = await startFleet({
      objectStore: infra.objectStore,
      jobsEnv: RECOVERY_SETTINGS.jobs,
      workerEnv: RECOVERY_SETTINGS.worker,
      mediaEnv: RECOVERY_SETTINGS.media,
      // Rate limits counted as in production, at limits the driver's traffic never reaches.
      gatewayEnv: UNREACHED_RATE_LIMITS,
    });
  } catch (err) {
    await infra.stop();
    throw err;
  }
  const earlier = new Map<FleetService, string>();
  return {
    fleet,
    infra,
    async kill(target) {
      if (isInfra(target)) return infra.kill(target);
      const pid = fleet.pid(target);
      const below = descendantsOf(pid);
      await fleet.killService(target);
      for (const child of below) killPid(child);
      earlier.set(target, `${earlier.get(target) ?? ''}${fleet.logs(target)}\n--- killed (SIGKILL) ---\n`);
    },
    crashed: () => FLEET_SERVICES.filter((name) => !fleet.isRunning(name)),
    saveLogs(dir) {
      mkdirSync(dir, { recursive: true });
      for (const name of FLEET_SERVICES)
        writeFileSync(join(dir, `${name}.log`), `${earlier.get(name) ?? ''}${fleet.logs(name)}`);
      for (const name of INFRA) copyFileSync(logFile(infra.dirs, name), join(dir, `${name}.log`));
    },
    async start(target) {
      if (isInfra(target)) return infra.start(target);
      await fleet.startService(target);
    },
    async stop() {
      try {
        await fleet.stop();
      } finally {
        await infra.stop();
      }
    },
  };
}
