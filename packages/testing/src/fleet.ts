import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { BUS_ROLES, type BusRole } from '@tp/bus';
import { createTestBusNamespace, type TestBusNamespace } from './bus-namespace.ts';
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
import { testPki } from './test-pki.ts';

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
  /** The tests' own NATS credentials (every subject), for a test's own connections to the fleet's bus. */
  natsCredentialsFile: string | undefined;
  /** NATS_URL, NATS_PREFIX and `role`'s own credentials on this fleet's bus, for a service a test starts beside it. */
  natsEnv(role: BusRole): Promise<Record<string, string>>;
  /** The fleet's bus namespace (credentials of any role on it: the security suite). */
  natsNamespace: TestBusNamespace;
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

/** A fresh database for each wanted service that keeps data and was given none, created side by side. */
async function createDatabases(wanted: Set<FleetService>): Promise<Map<FleetService, TestDatabase>> {
  const names = DATABASE_SERVICES.filter((name) => wanted.has(name));
  const created = await Promise.allSettled(names.map((service) => createTestDatabase({ service })));
  const databases = new Map<FleetService, TestDatabase>();
  created.forEach((result, i) => {
    if (result.status === 'fulfilled') databases.set(names[i]!, result.value);
  });
  const failed = created.find((result) => result.status === 'rejected');
  if (failed) {
    for (const database of databases.values()) await database.drop();
    throw failed.reason;
  }
  return databases;
}

/** Free ports for each service: `grpc` (the gateway's and the web app's HTTP port) and `ops`. */
async function portsOf(names: readonly FleetService[]): Promise<(name: FleetService) => { grpc: number; ops: number }> {
  const ports = new Map<FleetService, { grpc: number; ops: number }>();
  for (const name of names) ports.set(name, { grpc: await freePort(), ops: await freePort() });
  return (name) => ports.get(name)!;
}

/**
 * The fleet's streams and buckets, made as the provisioner (ADR 0041), and the NATS settings of
 * each of its services that uses the bus (TestBusNamespace.serviceEnv): its own credentials for
 * this namespace only, and jobs' windows signer.
 */
async function provisionedBus(
  bus: TestBusNamespace,
  wanted: Set<FleetService>,
): Promise<Map<string, Record<string, string>>> {
  const roles = BUS_ROLES.filter((role) => wanted.has(role as FleetService));
  return new Map(await Promise.all(roles.map(async (role) => [role, await bus.serviceEnv(role)] as const)));
}

/** What the services of a fleet run on: databases, an S3 store, a NATS namespace, ports and secrets. */
async function fleetSettings(options: FleetOptions, wanted: Set<FleetService>) {
  const given = options.databases ?? {};
  const objectStore = options.objectStore ?? (await startTestObjectStore());
  let databases: Map<FleetService, TestDatabase>;
  try {
    databases = await createDatabases(new Set([...wanted].filter((name) => !given[name])));
  } catch (err) {
    if (!options.objectStore) await objectStore.stop();
    throw err;
  }
  const bus = createTestBusNamespace();
  let natsEnvs: Map<string, Record<string, string>>;
  try {
    natsEnvs = await provisionedBus(bus, wanted);
  } catch (err) {
    await bus.cleanup();
    if (!options.objectStore) await objectStore.stop();
    for (const database of databases.values()) await database.drop();
    throw err;
  }
  const port = await portsOf(START_ORDER);
  const settings: FleetSettings = {
    options,
    port,
    addr: (name) => `127.0.0.1:${port(name).grpc}`,
    databaseUrl: (name) => (given[name] ?? databases.get(name)!).serviceUrl,
    nats: (name) => natsEnvs.get(name) ?? { NATS_URL: bus.natsUrl, NATS_PREFIX: bus.prefix },
    objectStoreEnv: objectStore.env,
    adminKey: randomBytes(32).toString('hex'),
    sessionSecret: randomBytes(32).toString('hex'),
    mediaSecret: randomBytes(32).toString('hex'),
    webhookSecretsKey: randomBytes(32).toString('base64'),
    // The test process's own keys, so its test clients sign as any service of the fleet.
    serviceKeys: testServiceKeys(),
    runs: (name) => wanted.has(name),
  };
  const release = async () => {
    await bus.cleanup();
    if (!options.objectStore) await objectStore.stop();
    for (const database of databases.values()) await database.drop();
  };
  return { settings, objectStore, bus, release };
}

/** The fleet's service processes: started side by side (as Kubernetes starts pods), each waited for until ready. */
function fleetProcesses(settings: FleetSettings) {
  const { port } = settings;
  const readyUrl = (name: FleetService) =>
    `http://127.0.0.1:${name === 'gateway' ? port(name).grpc : port(name).ops}/readyz`;
  const processes = new Map<FleetService, Running>();
  const start = async (name: FleetService, extraEnv: Record<string, string> = {}) => {
    const running = launch(`services/${name}/src/main.ts`, { ...fleetServiceEnv(name, settings), ...extraEnv });
    processes.set(name, running);
    await waitReady(readyUrl(name), running, name);
  };
  return {
    processes,
    start,
    async startAll(names: readonly FleetService[]): Promise<void> {
      const started = await Promise.allSettled(names.map((name) => start(name)));
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async stopAll(): Promise<void> {
      await Promise.all([...processes.values()].map((running) => terminate(running)));
    },
    running(name: FleetService): Running {
      const found = processes.get(name);
      if (!found) throw new Error(`${name} is not part of this fleet`);
      return found;
    },
  };
}

export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const wanted = wantedServices(options);
  const { settings, objectStore, bus, release } = await fleetSettings(options, wanted);
  const { port, addr, adminKey } = settings;
  const services = fleetProcesses(settings);
  const extraWorkers = extraWorkerStarter(settings);
  const cleanup = async () => {
    await extraWorkers.stopAll();
    await services.stopAll();
    await release();
  };
  try {
    await services.startAll(START_ORDER.filter((name) => wanted.has(name)));
  } catch (err) {
    await cleanup();
    throw err;
  }
  const { processes, running } = services;
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
    natsCredentialsFile: bus.credentialsFile,
    natsEnv: (role) => bus.serviceEnv(role),
    natsNamespace: bus,
    adminKey,
    objectStore,
    tsctl: (...args) =>
      runCommand(join(repoRoot(), 'tools', 'tsctl'), args, {
        ACCOUNTS_GRPC_ADDR: addr('accounts'),
        BILLING_GRPC_ADDR: addr('billing'),
        ADMIN_API_KEY: adminKey,
        // The operator's certificate (ADR 0037).
        ...testPki().env('tsctl'),
      }),
    stopService: async (name) => terminate(processes.get(name)),
    killService: async (name) => kill(running(name)),
    startService: async (name, extraEnv) => {
      const r = processes.get(name);
      if (r && isAlive(r)) throw new Error(`${name} is still running`);
      await services.start(name, extraEnv);
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
