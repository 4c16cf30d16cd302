import type { Logger } from '@tp/logging';
import { type OpsServerOptions, startOpsServer } from './ops-server.ts';
import type { ShutdownStep } from './shutdown.ts';

/**
 * What a service opened, in order, and how to release it. A service's `start` opens its
 * connections, clients, consumers and servers through one of these; stopping releases them in
 * reverse order (servers stop taking calls before the connections they use are closed).
 */
export interface Lifecycle {
  /** Registers how to release what was just opened. */
  onStop(name: string, run: () => Promise<void> | void): void;
  /** Opens a resource and registers its release in one step. */
  open<T>(name: string, open: () => Promise<T> | T, close: (resource: T) => Promise<void> | void): Promise<T>;
  /** The release steps, last opened first (for `handleShutdown`). */
  stopSteps(): ShutdownStep[];
  /** Releases everything, every step even when one fails; the first failure is thrown at the end. */
  stop(): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  const opened: ShutdownStep[] = [];
  const life: Lifecycle = {
    onStop(name, run) {
      opened.push({ name, run: async () => run() });
    },
    async open(name, open, close) {
      const resource = await open();
      life.onStop(name, () => close(resource));
      return resource;
    },
    stopSteps: () => [...opened].reverse(),
    async stop() {
      let failure: unknown;
      for (const step of life.stopSteps()) {
        try {
          await step.run();
        } catch (err) {
          failure ??= err;
        }
      }
      opened.length = 0;
      if (failure !== undefined) throw failure;
    },
  };
  return life;
}

/** A started service: what its `start` returned, plus how to stop it. */
export type Running<T> = T & {
  /** Ordered shutdown steps: stop taking work, then drain, then close connections. */
  stopSteps: ShutdownStep[];
  stop(): Promise<void>;
};

/**
 * Starts a service under a lifecycle. When `build` fails half-way, whatever it had opened is
 * released before the error is rethrown, so a failed start leaves no connection or port behind.
 */
export async function startService<T extends object>(build: (life: Lifecycle) => Promise<T>): Promise<Running<T>> {
  const life = createLifecycle();
  let built: T;
  try {
    built = await build(life);
  } catch (err) {
    await life.stop().catch(() => undefined);
    throw err;
  }
  return { ...built, stopSteps: life.stopSteps(), stop: () => life.stop() };
}

/** The part of a gRPC server `serve` needs (`createGrpcServer` of `@tp/grpc`). */
export interface ListeningServer {
  listen(host: string, port: number): Promise<number>;
  shutdown(graceMs: number): Promise<void>;
}

export interface ServeOptions {
  log: Logger;
  grpc?: { server: ListeningServer; host: string; port: number; graceMs?: number };
  ops: Omit<OpsServerOptions, 'log'>;
}

/**
 * The last step of a backend's start: the gRPC server (when it has one) and the ops server
 * (`/healthz`, `/readyz`) listen, and their stops are registered so they stop first.
 */
export async function serve(life: Lifecycle, options: ServeOptions): Promise<{ grpcPort: number; opsPort: number }> {
  let grpcPort = 0;
  const { grpc } = options;
  if (grpc) {
    grpcPort = await life.open(
      'grpc',
      () => grpc.server.listen(grpc.host, grpc.port),
      () => grpc.server.shutdown(grpc.graceMs ?? 5_000),
    );
  }
  const ops = await life.open(
    'ops',
    () => startOpsServer({ ...options.ops, log: options.log }),
    (server) => server.close(),
  );
  return { grpcPort, opsPort: ops.port };
}
