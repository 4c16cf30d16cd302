import {
  Server,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from '@tp/logging';
import {
  splitPath,
  type AnyServiceDefinition,
  type CallContext,
  type ServerStreamMethod,
  type ServiceHandlers,
  type StreamHandlers,
  type StreamServiceDefinition,
  type UnaryMethod,
  type UnaryServiceDefinition,
} from './definition.ts';
import type { Verifier } from '@tp/identity';
import { type AccessPolicy, type CallerCheck, guardsFor, type OPERATOR_ONLY } from './access.ts';
import { HealthState, type ServingStatus } from './health.ts';
import { type CallMetrics, serveCall } from './call-scope.ts';
import { grpcServerMetrics } from '@tp/metrics';
import { type GrpcTls, serverCredentials } from './tls.ts';

export interface GrpcServer {
  /**
   * Registers a service; its health entry (full service name) starts SERVING. On a server with a
   * verifier, `access` is required: the service's allow-list, or OPERATOR_ONLY for an operator
   * service whose handlers adminGuard checks.
   */
  add<D extends UnaryServiceDefinition>(
    definition: D,
    handlers: NoInfer<ServiceHandlers<D>>,
    access?: NoInfer<AccessPolicy<D>> | typeof OPERATOR_ONLY,
  ): void;
  /** Registers a service of server-streaming methods, as `add` does a unary one. */
  addStreaming<D extends StreamServiceDefinition>(
    definition: D,
    handlers: NoInfer<StreamHandlers<D>>,
    access?: NoInfer<AccessPolicy<D>>,
  ): void;
  /** Flips a service's health ('' = the whole server). */
  setServing(service: string, serving: boolean): void;
  /** The status grpc.health.v1.Health answers for `service`. */
  health(service?: string): ServingStatus;
  /** Binds host:port (0 = any free port) over TLS and resolves with the bound port. */
  listen(host: string, port: number): Promise<number>;
  /**
   * Marks everything NOT_SERVING, stops taking calls, lets in-flight calls finish and
   * force-closes whatever is left after `graceMs`.
   */
  shutdown(graceMs: number): Promise<void>;
}

export interface GrpcServerOptions {
  log: Logger;
  /** Largest message the server accepts or sends (grpc-js defaults to 4 MiB received). */
  maxMessageBytes?: number;
  /**
   * Checks the service token of every call (ADR 0011) against the allow-list each service is added
   * with. Without one the server checks nothing (package tests only). Health stays open.
   */
  verifier?: Verifier;
  /**
   * The server's certificate and the CA of its callers' (ADR 0037): a caller without a certificate
   * from that CA is refused in the handshake, and a verifier holds each token to the certificate
   * that carried it. There is no plaintext server.
   */
  tls: GrpcTls;
}

export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const { log } = options;
  const server = new Server(
    options.maxMessageBytes === undefined
      ? {}
      : {
          'grpc.max_receive_message_length': options.maxMessageBytes,
          'grpc.max_send_message_length': options.maxMessageBytes,
        },
  );
  const health = new HealthState();
  server.addService(health.definition(), health.implementation());
  const metrics = grpcServerMetrics();
  let stopping: Promise<void> | undefined;

  /** Adds a service's methods, each wrapped with its caller check; its health entry starts SERVING. */
  const register = (
    definition: AnyServiceDefinition,
    handlers: object,
    access: AccessPolicy<AnyServiceDefinition> | typeof OPERATOR_ONLY | undefined,
    wrap: (method: AnyServiceDefinition[string], handler: unknown, guard: CallerCheck | undefined) => unknown,
  ) => {
    const implementation: UntypedServiceImplementation = {};
    let serviceName = '';
    const guardOf = guardsFor(options, definition, access);
    for (const [name, method] of Object.entries(definition)) {
      const handler = (handlers as Record<string, unknown>)[name];
      if (typeof handler !== 'function') throw new Error(`No handler for ${method.path}`);
      serviceName = splitPath(method.path)[0];
      implementation[name] = wrap(method, handler, guardOf(name)) as UntypedServiceImplementation[string];
    }
    server.addService(definition as unknown as ServiceDefinition, implementation);
    if (serviceName) health.set(serviceName, true);
  };

  return {
    add(definition, handlers, access) {
      register(definition, handlers, access, (method, handler, guard) =>
        wrapUnary(method as UnaryMethod, handler as UnaryImpl, { log, guard, metrics }),
      );
    },

    addStreaming(definition, handlers, access) {
      register(definition, handlers, access, (method, handler, guard) =>
        wrapServerStream(method as ServerStreamMethod, handler as StreamImpl, { log, guard, metrics }),
      );
    },

    setServing: (service, serving) => health.set(service, serving),
    health: (service = '') => health.status(service),

    listen(host, port) {
      const target = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
      return new Promise((resolve, reject) => {
        server.bindAsync(target, serverCredentials(options.tls), (err, bound) => (err ? reject(err) : resolve(bound)));
      });
    },

    shutdown(graceMs) {
      stopping ??= new Promise<void>((resolve) => {
        health.setAll(false);
        health.endWatches();
        const force = setTimeout(() => {
          log.warn({ grace_ms: graceMs }, 'gRPC calls still running after the grace period; closing them');
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return stopping;
    },
  };
}

type UnaryImpl = (request: unknown, ctx: CallContext) => Promise<unknown>;
type StreamImpl = (request: unknown, ctx: CallContext, send: (message: unknown) => Promise<void>) => Promise<void>;

/** What every call of a server shares: its log, the method's caller check, the duration histogram. */
interface Serving {
  log: Logger;
  guard: CallerCheck | undefined;
  metrics: CallMetrics;
}

/** Adapts an async unary handler to grpc-js (serveCall does the rest). */
function wrapUnary(
  method: UnaryMethod,
  handler: UnaryImpl,
  serving: Serving,
): (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void {
  return (call, callback) =>
    serveCall(
      { ...serving, path: method.path, call },
      async (ctx) => callback(null, await handler(call.request, ctx)),
      (wire) => callback(wire),
    );
}

/**
 * Adapts a server-streaming handler to grpc-js: `send` waits for the transport to drain (so a slow
 * reader slows the handler instead of filling memory) and fails once the caller is gone.
 */
function wrapServerStream(
  method: ServerStreamMethod,
  handler: StreamImpl,
  serving: Serving,
): (call: ServerWritableStream<unknown, unknown>) => void {
  return (call) =>
    serveCall(
      { ...serving, path: method.path, call },
      async (ctx) => {
        const send = (message: unknown) =>
          new Promise<void>((resolve, reject) => {
            if (ctx.signal.aborted) return reject(ctx.signal.reason);
            if (call.write(message)) return resolve();
            const gone = () => reject(ctx.signal.reason);
            ctx.signal.addEventListener('abort', gone, { once: true });
            call.once('drain', () => {
              ctx.signal.removeEventListener('abort', gone);
              resolve();
            });
          });
        await handler(call.request, ctx, send);
        call.end();
      },
      (wire) => call.emit('error', wire),
    );
}
