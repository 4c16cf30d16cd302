import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createTestBusNamespace } from './bus-namespace.ts';
import {
  FLEET_SERVICES,
  START_ORDER,
  fleetServiceEnv,
  type FleetOptions,
  type FleetService,
  type FleetSettings,
} from './fleet-env.ts';
import {
  isAlive,
  kill,
  launch,
  residentBytes,
  runCommand,
  terminate,
  waitReady,
  type Running,
} from './fleet-process.ts';
import { freePort, repoRoot } from './repo.ts';
import { startTestObjectStore, type TestObjectStore } from './object-store.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { testServiceKeys } from './service-keys.ts';

export { FLEET_SERVICES, OPTIONAL_FLEET_SERVICES, type FleetOptions, type FleetService } from './fleet-env.ts';

/**
 * The real services as separate processes, the way `make up` boots them, against fresh databases
 * and a private NATS namespace, so each e2e file sees a fleet of its own.
 */
export interface Fleet {
  gatewayUrl: string;
  accountsGrpcAddr: string;
  /** Where artifacts listens: tests create artifacts the way the worker does (testClient as the worker). */
  artifactsGrpcAddr: string;
  /** Base URL of a service's ops port (`/healthz`, `/readyz`, `/metrics`), the gateway's and the worker's too. */
  opsUrl(name: FleetService): string;
  /** gRPC address of any service of the fleet that has one (not the gateway or the worker). */
  grpcAddr(name: FleetService): string;
  /** The NATS server and the subject prefix of this fleet. */
  natsUrl: string;
  natsPrefix: string;
  adminKey: string;
  /** The S3 store media writes to, for checking objects from the outside. */
  objectStore: TestObjectStore;
  /** Runs tools/tsctl against this fleet. */
  tsctl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Stops one service (to test how the others behave without it). */
  stopService(name: FleetService): Promise<void>;
  /** Kills one service at once (SIGKILL), the way a node dies. */
  killService(name: FleetService): Promise<void>;
  /** Starts a stopped or killed service again with the same settings (and `extraEnv` on top); waits until ready. */
  startService(name: FleetService, extraEnv?: Record<string, string>): Promise<void>;
  /** Whether the service's process is alive. */
  isRunning(name: FleetService): boolean;
  logs(name: FleetService): string;
  /** Resident memory of a service process now (from /proc). */
  rssBytes(name: FleetService): number;
  /** Process id of a running service. */
  pid(name: FleetService): number;
  /**
   * Starts one more worker process with the fleet's worker settings (`env` on top), beside the
   * fleet's own if it has one; waits until it is ready. `stop` stops it, and so does the fleet's.
   */
  startWorker(options?: ExtraWorkerOptions): Promise<FleetWorker>;
  stop(): Promise<void>;
}

export interface ExtraWorkerOptions {
  env?: Record<string, string>;
  /** A command the worker runs under, which execs it: `['taskset', '-c', '0']` pins it to core 0. */
  commandPrefix?: readonly string[];
}

/** A worker process started by `Fleet.startWorker`. */
export interface FleetWorker {
  pid: number;
  /** What it logged so far. */
  logs(): string;
  stop(): Promise<void>;
}

const DATABASE_SERVICES = [
  'accounts',
  'media',
  'billing',
  'artifacts',
  'jobs',
  'shares',
  'webhook-dispatcher',
] as const;

/** `services` less `without`. */
function wantedServices(options: FleetOptions): Set<FleetService> {
  const wanted = new Set<FleetService>([...(options.services ?? FLEET_SERVICES), ...(options.with ?? [])]);
  for (const name of options.without ?? []) wanted.delete(name);
  return wanted;
}

/** A fresh database for each wanted service that keeps data and was given none. */
async function createDatabases(wanted: Set<FleetService>): Promise<Map<FleetService, TestDatabase>> {
  const databases = new Map<FleetService, TestDatabase>();
  for (const name of DATABASE_SERVICES) {
    if (wanted.has(name)) databases.set(name, await createTestDatabase({ service: name }));
  }
  return databases;
}

/** Free ports for each service: `grpc` (the gateway's and the web app's HTTP port) and `ops`. */
async function portsOf(names: readonly FleetService[]): Promise<(name: FleetService) => { grpc: number; ops: number }> {
  const ports = new Map<FleetService, { grpc: number; ops: number }>();
  for (const name of names) ports.set(name, { grpc: await freePort(), ops: await freePort() });
  return (name) => ports.get(name)!;
}

export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const wanted = wantedServices(options);
  const given = options.databases ?? {};
  const databases = await createDatabases(new Set([...wanted].filter((name) => !given[name])));
  const objectStore = options.objectStore ?? (await startTestObjectStore());
  const bus = createTestBusNamespace();
  const port = await portsOf(START_ORDER);
  const addr = (name: FleetService) => `127.0.0.1:${port(name).grpc}`;
  const adminKey = randomBytes(32).toString('hex');
  const settings = {
    options,
    port,
    addr,
    databaseUrl: (name: FleetService) => (given[name] ?? databases.get(name)!).databaseUrl,
    nats: { NATS_URL: bus.natsUrl, NATS_PREFIX: bus.prefix },
    objectStoreEnv: objectStore.env,
    adminKey,
    sessionSecret: randomBytes(32).toString('hex'),
    mediaSecret: randomBytes(32).toString('hex'),
    webhookSecretsKey: randomBytes(32).toString('base64'),
    // The test process's own keys, so its test clients sign as any service of the fleet.
    serviceKeys: testServiceKeys(),
    runs: (name: FleetService) => wanted.has(name),
  };
  const readyUrl = (name: FleetService) =>
    `http://127.0.0.1:${name === 'gateway' ? port(name).grpc : port(name).ops}/readyz`;
  const processes = new Map<FleetService, Running>();
  const start = async (name: FleetService, extraEnv: Record<string, string> = {}) => {
    const running = launch(`services/${name}/src/main.ts`, { ...fleetServiceEnv(name, settings), ...extraEnv });
    processes.set(name, running);
    await waitReady(readyUrl(name), running, name);
  };

  const extraWorkers = extraWorkerStarter(settings);
  const cleanup = async () => {
    await extraWorkers.stopAll();
    for (const running of [...processes.values()].reverse()) await terminate(running);
    await bus.cleanup();
    if (!options.objectStore) await objectStore.stop();
    for (const database of databases.values()) await database.drop();
  };
  try {
    for (const name of START_ORDER.filter((name) => wanted.has(name))) await start(name);
  } catch (err) {
    await cleanup();
    throw err;
  }

  const running = (name: FleetService): Running => {
    const found = processes.get(name);
    if (!found) throw new Error(`${name} is not part of this fleet`);
    return found;
  };

  return {
    gatewayUrl: `http://127.0.0.1:${port('gateway').grpc}`,
    accountsGrpcAddr: addr('accounts'),
    artifactsGrpcAddr: addr('artifacts'),
    opsUrl: (name) => `http://127.0.0.1:${port(name).ops}`,
    grpcAddr: (name) => {
      if (name === 'gateway' || name === 'worker' || name === 'web') throw new Error(`${name} has no gRPC address`);
      return addr(name);
    },
    natsUrl: bus.natsUrl,
    natsPrefix: bus.prefix,
    adminKey,
    objectStore,
    tsctl: (...args) =>
      runCommand(join(repoRoot(), 'tools', 'tsctl'), args, {
        ACCOUNTS_GRPC_ADDR: addr('accounts'),
        BILLING_GRPC_ADDR: addr('billing'),
        ADMIN_API_KEY: adminKey,
      }),
    stopService: async (name) => terminate(processes.get(name)),
    killService: async (name) => kill(running(name)),
    startService: async (name, extraEnv) => {
      const r = processes.get(name);
      if (r && isAlive(r)) throw new Error(`${name} is still running`);
      await start(name, extraEnv);
    },
    isRunning: (name) => processes.has(name) && isAlive(processes.get(name)!),
    logs: (name) => processes.get(name)?.output.join('') ?? '',
    rssBytes: (name) => residentBytes(processes.get(name)?.child.pid, name),
    pid: (name) => {
      const pid = running(name).child.pid;
      if (pid === undefined) throw new Error(`${name} has no process id`);
      return pid;
    },
    startWorker: extraWorkers.start,
    stop: cleanup,
  };
}

/** Workers started beside a fleet's own (`Fleet.startWorker`), each with an ops port of its own. */
function extraWorkerStarter(settings: FleetSettings) {
  const started: Running[] = [];
  return {
    async start({ env = {}, commandPrefix = [] }: ExtraWorkerOptions = {}): Promise<FleetWorker> {
      const ops = await freePort();
      const workerEnv = { ...fleetServiceEnv('worker', settings), OPS_PORT: String(ops), ...env };
      const running = launch('services/worker/src/main.ts', workerEnv, commandPrefix);
      started.push(running);
      await waitReady(`http://127.0.0.1:${ops}/readyz`, running, 'worker');
      const pid = running.child.pid;
      if (pid === undefined) throw new Error('the worker has no process id');
      return { pid, logs: () => running.output.join(''), stop: () => terminate(running) };
    },
    async stopAll(): Promise<void> {
      for (const running of started) await terminate(running);
    },
  };
}
