import { performance } from 'node:perf_hooks';
import { status as GrpcStatus, type ServerUnaryCall, type StatusObject } from '@grpc/grpc-js';
import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { isAppError, toGrpcStatus, unreachableDependency } from '@tp/errors';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId, type Logger } from '@tp/logging';
import type { CallerCheck } from './access.ts';
import { splitPath, type CallContext } from './definition.ts';
import { metadataGetter, tracer } from './propagation.ts';
import { serviceOfCertificate } from './tls.ts';

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

/** A call being served: the grpc-js call of any kind (its request already read). */
export type ServedCall = ServerUnaryCall<unknown, unknown>;

/** Where a served call's duration goes (grpcServerMetrics of @tp/metrics). */
export interface CallMetrics {
  observe(method: string, code: string, seconds: number): void;
}

/**
 * Serves one call of any kind: request id scope, server span from the caller's trace context, the
 * caller check, then `run`; an error goes through the code table to `fail` (unless the caller is
 * gone), one log line and one observed duration per call.
 */
export function serveCall(
  options: { path: string; log: Logger; guard: CallerCheck | undefined; call: ServedCall; metrics: CallMetrics },
  run: (ctx: CallContext) => Promise<void>,
  fail: (wire: Partial<StatusObject> & { code: number }) => void,
): void {
  const { path, log, guard, call, metrics } = options;
  const method = { path };
  const [service, rpcMethod] = splitPath(path);
  const spanName = `${service}/${rpcMethod}`;
  {
    const started = performance.now();
    const requestId = requestIdFrom(call.metadata.get(REQUEST_ID_HEADER)[0]);
    const parent = propagation.extract(ROOT_CONTEXT, call.metadata, metadataGetter);
    const rawDeadline = call.getDeadline();
    const deadline =
      rawDeadline instanceof Date ? rawDeadline : Number.isFinite(rawDeadline) ? new Date(rawDeadline) : undefined;
    const cancelled = new AbortController();
    // grpc-js reports 'cancelled' when any call's stream closes, answered or not: the listener goes
    // once the call is answered, so a served call costs no Error and no abort event (ADR 0025).
    const onCancelled = () => cancelled.abort(new Error('The gRPC call was cancelled.'));
    call.once('cancelled', onCancelled);
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
              ctx.caller = await guard(
                call.request,
                call.metadata,
                serviceOfCertificate(call.getAuthContext()?.sslPeerCertificate),
              );
              span.setAttribute('rpc.caller', ctx.caller.service);
            }
            await run(ctx);
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
              // Only the log sees the real error; the caller gets service_unavailable for a dependency away
              // (ADR 0038), else a generic internal_error.
              const away = unreachableDependency(err);
              if (away)
                log.warn({ err, method: method.path, dependency: away }, 'a dependency is away; answered unavailable');
              else log.error({ err, method: method.path }, 'gRPC handler failed unexpectedly');
              span.recordException(err instanceof Error ? err : String(err));
            }
            if (SERVER_ERROR_STATUSES.has(code)) span.setStatus({ code: SpanStatusCode.ERROR, message: wire.details });
            fail(wire);
          } finally {
            call.off('cancelled', onCancelled);
            span.setAttribute('rpc.grpc.status_code', code);
            span.end();
            const ms = performance.now() - started;
            metrics.observe(spanName, GrpcStatus[code] ?? String(code), ms / 1000);
            log.debug({ method: method.path, code: GrpcStatus[code], ms: Math.round(ms) }, 'gRPC call');
          }
        },
      ),
    );
  }
}
