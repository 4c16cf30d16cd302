import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Header that carries the request id across HTTP and gRPC (metadata keys are lower-case). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Runs `fn` with `requestId` attached to every log line written inside it. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Accepts a caller's request id only when it is short and printable; otherwise makes one. */
export function requestIdFrom(candidate: unknown): string {
  if (typeof candidate === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(candidate)) return candidate;
  return `req_${randomUUID().replaceAll('-', '')}`;
}

export interface LoggerOptions {
  service: string;
  level?: LevelWithSilent;
  /** For tests: where lines go instead of stdout. */
  destination?: DestinationStream;
}

/**
 * A JSON logger. Every line carries the service name, and inside a request scope the
 * request id and the active trace and span ids, so logs join traces.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          'password',
          '*.password',
          'secret',
          '*.secret',
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'req.headers.authorization',
          'req.headers["x-api-key"]',
        ],
        censor: '[redacted]',
      },
      mixin() {
        const fields: Record<string, string> = {};
        const requestId = currentRequestId();
        if (requestId) fields.request_id = requestId;
        const spanContext = trace.getActiveSpan()?.spanContext();
        if (spanContext) {
          fields.trace_id = spanContext.traceId;
          fields.span_id = spanContext.spanId;
        }
        return fields;
      },
    },
    options.destination,
  );
}

/** For tests: a logger at debug whose lines land, parsed, in `lines`, so a test can read what was logged. */
export function captureLogger(service: string): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({
    service,
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { log, lines };
}
