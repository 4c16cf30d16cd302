import { performance } from 'node:perf_hooks';
import {
  Server,
  ServerCredentials,
  status as GrpcStatus,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { isAppError, toGrpcStatus } from '@tp/errors';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId, type Logger } from '@tp/logging';
import {
  splitPath,
  type CallContext,
  type ServiceHandlers,
  type UnaryMethod,
  type UnaryServiceDefinition,
} from './definition.ts';
import type { Verifier } from '@tp/identity';
import { type AccessPolicy, type CallerCheck, guardsFor, type OPERATOR_ONLY } from './access.ts';
import { HealthState, type ServingStatus } from './health.ts';
import { metadataGetter, tracer } from './propagation.ts';

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
  /** Flips a service's health ('' = the whole server). */
  setServing(service: string, serving: boolean): void;
  /** The status grpc.health.v1.Health answers for `service`. */
  health(service?: string): ServingStatus;
  /** Binds host:port (0 = any free port) and resolves with the bound port. */
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
  let stopping: Promise<void> | undefined;

  return {
    add(definition, handlers, access) {
      const implementation: UntypedServiceImplementation = {};
      let serviceName = '';
      const guardOf = guardsFor(options, definition, access as AccessPolicy<UnaryServiceDefinition> | undefined);
      for (const [name, method] of Object.entries(definition)) {
        const handler = (handlers as Record<string, unknown>)[name];
        if (typeof handler !== 'function') throw new Error(`No handler for ${method.path}`);
        serviceName = splitPath(method.path)[0];
        implementation[name] = wrapUnary(
          method,
          handler as (request: unknown, ctx: CallContext) => Promise<unknown>,
          log,
          guardOf(name),
        );
      }
      server.addService(definition as unknown as ServiceDefinition, implementation);
      if (serviceName) health.set(serviceName, true);
    },

    setServing: (service, serving) => health.set(service, serving),
    health: (service = '') => health.status(service),

    listen(host, port) {
      const target = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
      return new Promise((resolve, reject) => {
        server.bindAsync(target, ServerCredentials.createInsecure(), (err, bound) =>
          err ? reject(err) : resolve(bound),
        );
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

// OpenTelemetry's gRPC conventions: only these mean the server failed; NOT_FOUND and
// friends are the caller's problem and leave the server span unset.
const SERVER_ERROR_STATUSES = new Set<number>([
  GrpcStatus.UNKNOWN,
  GrpcStatus.DEADLINE_EXCEEDED,
  GrpcStatus.UNIMPLEMENTED,
  GrpcStatus.INTERNAL,
  GrpcStatus.UNAVAILABLE,
  GrpcStatus.DATA_LOSS,
]);

/**
 * Adapts an async handler to grpc-js: request id scope, server span from the caller's
 * trace context, the caller check, error translation through the code table and one log line per call.
 */
function wrapUnary(
  method: UnaryMethod,
  handler: (request: unknown, ctx: CallContext) => Promise<unknown>,
  log: Logger,
  guard: CallerCheck | undefined,
): (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void {
  const [service, rpcMethod] = splitPath(method.path);
  const spanName = `${service}/${rpcMethod}`;
  return (call, callback) => {
    const started = performance.now();
    const requestId = requestIdFrom(call.metadata.get(REQUEST_ID_HEADER)[0]);
    const parent = propagation.extract(ROOT_CONTEXT, call.metadata, metadataGetter);
    const rawDeadline = call.getDeadline();
    const deadline =
      rawDeadline instanceof Date ? rawDeadline : Number.isFinite(rawDeadline) ? new Date(rawDeadline) : undefined;
    const cancelled = new AbortController();
    call.once('cancelled', () => cancelled.abort(new Error('The gRPC call was cancelled.')));
    const ctx: CallContext = {
      metadata: call.metadata,
      requestId,
      deadline,
      peer: call.getPeer(),
      signal: cancelled.signal,
      caller: null,
    };

    withRequestId(requestId, () =>
      tracer().startActiveSpan(
        spanName,
        {
          kind: SpanKind.SERVER,
          attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpcMethod },
        },
        parent,
        async (span) => {
          let code: number = GrpcStatus.OK;
          try {
            if (guard) {
              ctx.caller = await guard(call.request, call.metadata);
              span.setAttribute('rpc.caller', ctx.caller.service);
            }
            const response = await handler(call.request, ctx);
            callback(null, response);
          } catch (err) {
            if (cancelled.signal.aborted) {
              // Nobody is listening any more; a handler stopped by its signal is not a fault.
              code = GrpcStatus.CANCELLED;
              return;
            }
            const wire = toGrpcStatus(err);
            code = wire.code;
            if (isAppError(err)) {
              span.setAttribute('app.error_code', err.code);
            } else {
              // Only the log sees the real error; the caller gets a generic internal_error.
              log.error({ err, method: method.path }, 'gRPC handler failed unexpectedly');
              span.recordException(err instanceof Error ? err : String(err));
            }
            if (SERVER_ERROR_STATUSES.has(code)) span.setStatus({ code: SpanStatusCode.ERROR, message: wire.details });
            callback(wire);
          } finally {
            span.setAttribute('rpc.grpc.status_code', code);
            span.end();
            log.debug(
              { method: method.path, code: GrpcStatus[code], ms: Math.round(performance.now() - started) },
              'gRPC call',
            );
          }
        },
      ),
    );
  };
}
