import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestBusNamespace } from './bus-namespace.ts';
import { freePort, repoRoot } from './repo.ts';
import { startTestObjectStore, type TestObjectStore } from './object-store.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Boots the real services as separate processes, the way `make up` does, against fresh
 * databases and a private NATS namespace, so each e2e file sees a fleet of its own.
 */
export const FLEET_SERVICES = ['accounts', 'billing', 'artifacts', 'media', 'jobs', 'worker', 'shares', 'gateway'] as const;
export type FleetService = (typeof FLEET_SERVICES)[number];

export interface Fleet {
  gatewayUrl: string;
  accountsGrpcAddr: string;
  /** Where artifacts listens: tests create artifacts the way the worker does. */
  artifactsGrpcAddr: string;
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
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  output: string[];
}

async function waitReady(url: string, running: Running, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`${name} exited with ${running.child.exitCode}:\n${running.output.join('')}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not ready after ${timeoutMs} ms:\n${running.output.join('')}`);
}

function launch(entry: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [join(repoRoot(), entry)], {
    cwd: repoRoot(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

async function terminate(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface FleetOptions {
  /** The services to run (their dependencies are not added for you); default: all of them. */
  services?: readonly FleetService[];
  /** Services to leave out of `services` (e.g. `['jobs', 'worker']` for tests of the edge alone). */
  without?: readonly FleetService[];
  gatewayEnv?: Record<string, string>;
  accountsEnv?: Record<string, string>;
  billingEnv?: Record<string, string>;
  artifactsEnv?: Record<string, string>;
  mediaEnv?: Record<string, string>;
  jobsEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  sharesEnv?: Record<string, string>;
}

interface Ports {
  grpc: number;
  ops: number;
}

export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const wanted = new Set<FleetService>(options.services ?? FLEET_SERVICES);
  for (const name of options.without ?? []) wanted.delete(name);
  const order = FLEET_SERVICES.filter((name) => wanted.has(name));
  const databases = new Map<FleetService, TestDatabase>();
  for (const name of ['accounts', 'media', 'billing', 'artifacts', 'jobs', 'shares'] as const) {
    if (wanted.has(name)) databases.set(name, await createTestDatabase({ service: name }));
  }
  const objectStore = await startTestObjectStore();
  const bus = await createTestBusNamespace();
  const ports = new Map<FleetService, Ports>();
  for (const name of FLEET_SERVICES) ports.set(name, { grpc: await freePort(), ops: await freePort() });
  const port = (name: FleetService) => ports.get(name)!;
  const addr = (name: FleetService) => `127.0.0.1:${port(name).grpc}`;
  const adminKey = randomBytes(32).toString('hex');
  const natsUrl = bus.natsUrl;
  const nats = { NATS_URL: natsUrl, NATS_PREFIX: bus.prefix };
  const databaseUrl = (name: FleetService) => databases.get(name)!.databaseUrl;
  const grpcAndOps = (name: FleetService) => ({ GRPC_PORT: String(port(name).grpc), OPS_PORT: String(port(name).ops) });

  const envOf = (name: FleetService): Record<string, string> => {
    switch (name) {
      case 'accounts':
        return { DATABASE_URL: databaseUrl(name), ...nats, ...grpcAndOps(name), SESSION_SIGNING_SECRET: sessionSecret, ADMIN_API_KEY: adminKey, LOG_LEVEL: 'warn', ...options.accountsEnv };
      case 'billing':
        return { DATABASE_URL: databaseUrl(name), ...grpcAndOps(name), ADMIN_API_KEY: adminKey, LOG_LEVEL: 'warn', ...options.billingEnv };
      case 'artifacts':
        return { DATABASE_URL: databaseUrl(name), ...grpcAndOps(name), ...objectStore.env, LOG_LEVEL: 'warn', ...options.artifactsEnv };
      case 'media':
        return { DATABASE_URL: databaseUrl(name), ...nats, ...grpcAndOps(name), MEDIA_TOKEN_SECRET: mediaSecret, ...objectStore.env, LOG_LEVEL: 'warn', ...options.mediaEnv };
      case 'jobs':
        return {
          DATABASE_URL: databaseUrl(name),
          ...nats,
          ...grpcAndOps(name),
          BILLING_GRPC_ADDR: addr('billing'),
          MEDIA_GRPC_ADDR: addr('media'),
          ARTIFACTS_GRPC_ADDR: addr('artifacts'),
          LOG_LEVEL: 'warn',
          ...options.jobsEnv,
        };
      case 'worker':
        return {
          ...nats,
          OPS_PORT: String(port(name).ops),
          JOBS_GRPC_ADDR: addr('jobs'),
          MEDIA_GRPC_ADDR: addr('media'),
          ARTIFACTS_GRPC_ADDR: addr('artifacts'),
          LOG_LEVEL: 'warn',
          ...options.workerEnv,
        };
      case 'shares':
        return {
          DATABASE_URL: databaseUrl(name),
          ...nats,
          ...grpcAndOps(name),
          ARTIFACTS_GRPC_ADDR: addr('artifacts'),
          MEDIA_GRPC_ADDR: addr('media'),
          LOG_LEVEL: 'warn',
          ...options.sharesEnv,
        };
      case 'gateway':
        return {
          PORT: String(port(name).grpc),
          ACCOUNTS_GRPC_ADDR: addr('accounts'),
          MEDIA_GRPC_ADDR: addr('media'),
          BILLING_GRPC_ADDR: addr('billing'),
          ARTIFACTS_GRPC_ADDR: addr('artifacts'),
          JOBS_GRPC_ADDR: addr('jobs'),
          SHARES_GRPC_ADDR: addr('shares'),
          ...nats,
          LOG_LEVEL: 'warn',
          ...options.gatewayEnv,
        };
    }
  };
  const sessionSecret = randomBytes(32).toString('hex');
  const mediaSecret = randomBytes(32).toString('hex');
  // The gateway answers /readyz on its one port.
  const readyUrl = (name: FleetService) => `http://127.0.0.1:${name === 'gateway' ? port(name).grpc : port(name).ops}/readyz`;
  const processes = new Map<FleetService, Running>();
  const start = async (name: FleetService, extraEnv: Record<string, string> = {}) => {
    const running = launch(`services/${name}/src/main.ts`, { ...envOf(name), ...extraEnv });
    processes.set(name, running);
    await waitReady(readyUrl(name), running, name);
  };

  const cleanup = async () => {
    for (const running of [...processes.values()].reverse()) await terminate(running);
    await bus.cleanup();
    await objectStore.stop();
    for (const database of databases.values()) await database.drop();
  };
  try {
    for (const name of order) await start(name);
  } catch (err) {
    await cleanup();
    throw err;
  }

  const running = (name: FleetService): Running => {
    const found = processes.get(name);
    if (!found) throw new Error(`${name} is not part of this fleet`);
    return found;
  };
  const isAlive = (r: Running) => r.child.exitCode === null && r.child.signalCode === null;

  return {
    gatewayUrl: `http://127.0.0.1:${port('gateway').grpc}`,
    accountsGrpcAddr: addr('accounts'),
    artifactsGrpcAddr: addr('artifacts'),
    grpcAddr: (name) => {
      if (name === 'gateway' || name === 'worker') throw new Error(`${name} has no gRPC address`);
      return addr(name);
    },
    natsUrl,
    natsPrefix: bus.prefix,
    adminKey,
    objectStore,
    tsctl: (...args) =>
      new Promise((resolve) => {
        const child = spawn(join(repoRoot(), 'tools', 'tsctl'), args, {
          env: { PATH: process.env.PATH ?? '', ACCOUNTS_GRPC_ADDR: addr('accounts'), BILLING_GRPC_ADDR: addr('billing'), ADMIN_API_KEY: adminKey },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      }),
    stopService: async (name) => terminate(processes.get(name)),
    killService: async (name) => {
      const r = running(name);
      if (!isAlive(r)) return;
      const exited = new Promise<void>((resolve) => r.child.once('exit', () => resolve()));
      r.child.kill('SIGKILL');
      await exited;
    },
    startService: async (name, extraEnv) => {
      const r = processes.get(name);
      if (r && isAlive(r)) throw new Error(`${name} is still running`);
      await start(name, extraEnv);
    },
    isRunning: (name) => {
      const r = processes.get(name);
      return r !== undefined && isAlive(r);
    },
    logs: (name) => processes.get(name)?.output.join('') ?? '',
    rssBytes: (name) => {
      const pid = processes.get(name)?.child.pid;
      const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (kb === undefined) throw new Error(`no resident memory reading for ${name}`);
      return Number(kb) * 1024;
    },
    pid: (name) => {
      const pid = running(name).child.pid;
      if (pid === undefined) throw new Error(`${name} has no process id`);
      return pid;
    },
    stop: cleanup,
  };
}
