import { AppError } from './app-error.ts';

/**
 * Which thrown values mean "a dependency is away" (ADR 0038): PostgreSQL, NATS or another server the
 * process talks to could not be reached, closed the connection, or did not answer in time. The request
 * did nothing that a retry with the same Idempotency-Key cannot finish, so the caller gets 503
 * `service_unavailable` with `Retry-After` instead of a 500. Recognised by the shapes the real clients
 * throw (pg, Prisma 7 with its pg adapter, @nats-io, Node's sockets), never by guessing: anything
 * else, a programming error above all, stays an internal error.
 */

/** How long a client should wait before retrying while a dependency is away: a restart takes seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** `service_unavailable` with the wait a client should keep, for the header (`Retry-After`) and `detail`. */
export function serviceUnavailable(message?: string, retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS): AppError {
  return new AppError('service_unavailable', message, { retry_after_seconds: retryAfterSeconds });
}

// A connect, read or write that the network or the peer refused (Node's system errors carry `syscall`).
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// pg's own errors of a connection it lost or never got (no SQLSTATE: the server said nothing).
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
];

/**
 * SQLSTATEs of a server that is going away or cannot take the connection: class 08 (connection
 * exception), 57P01–57P03 (admin or crash shutdown, not accepting connections yet), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) => /^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300';

/**
 * Whether PostgreSQL's answer means the server is away or refuses connections for now: one of those SQLSTATEs, or
 * any FATAL or PANIC (the server ends the connection: shutting down, starting up, the database closed to
 * connections), except a configuration the operator must fix (class 28: authentication; 3D000: no such database).
 */
function endsConnection(code: string, severity: unknown): boolean {
  if (isUnavailableSqlState(code)) return true;
  return (severity === 'FATAL' || severity === 'PANIC') && !/^28/.test(code) && code !== '3D000';
}

// Prisma 7 (driver adapters): what the client throws when the adapter could not reach the database.
const PRISMA_CODES = new Set([
  'P1001', // can't reach database server
  'P1002', // reached but timed out
  'P1008', // operations timed out
  'P1017', // server closed the connection
  'P2024', // timed out fetching a connection from the pool
  'P2037', // too many database connections
]);
// The pg adapter's kinds for the same (DriverAdapterError's cause).
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

// @nats-io 3.x: the connection is closed, lost or draining, a request found no server (`NoResponders`), or
// the server did not answer in time.
const NATS_NAMES = new Set([
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
  'NoResponders',
  'JetStreamNotEnabled',
]);

type Shape = {
  name?: unknown;
  code?: unknown;
  errorCode?: unknown;
  syscall?: unknown;
  severity?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; severity?: unknown } } };
  cause?: unknown;
  errors?: unknown;
};

/** The reason one error (not its causes) says a dependency is away, or undefined. */
function reasonOf(err: Shape): string | undefined {
  const code = typeof err.code === 'string' ? err.code : undefined;
  const message = typeof err.message === 'string' ? err.message : '';
  if (code && SOCKET_CODES.has(code) && typeof err.syscall === 'string') return `${err.syscall} ${code}`;
  if (err instanceof Error && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return message;
  // A PostgreSQL ErrorResponse (pg's DatabaseError).
  if (code && typeof err.severity === 'string' && /^[0-9A-Z]{5}$/.test(code) && endsConnection(code, err.severity))
    return `PostgreSQL ${err.severity} ${code}`;
  const prismaCode = code ?? (typeof err.errorCode === 'string' ? err.errorCode : undefined);
  if (prismaCode && PRISMA_CODES.has(prismaCode) && /^Prisma/.test(String(err.name))) return `Prisma ${prismaCode}`;
  const adapter = err.meta?.driverAdapterError?.cause;
  if (adapter) {
    if (ADAPTER_KINDS.has(String(adapter.kind))) return `database ${String(adapter.kind)}`;
    if (
      adapter.kind === 'postgres' &&
      typeof adapter.code === 'string' &&
      endsConnection(adapter.code, adapter.severity)
    )
      return `PostgreSQL ${String(adapter.severity)} ${adapter.code}`;
  }
  if (typeof err.name === 'string' && NATS_NAMES.has(err.name)) return `NATS ${err.name}`;
  // NATS, the AWS SDK and AbortSignal.timeout() all name a call that got no answer in time this way.
  if (err.name === 'TimeoutError') return 'a dependency did not answer in time';
  return undefined;
}

/**
 * Why `err` means that a dependency is away (a short reason for the log), or undefined when it does not.
 * Looks through `cause` and an AggregateError's `errors` (a connect tried on several addresses), a few levels deep.
 */
export function unreachableDependency(err: unknown, depth = 0): string | undefined {
  if (typeof err !== 'object' || err === null || depth > 4) return undefined;
  const reason = reasonOf(err as Shape);
  if (reason) return reason;
  const { cause, errors } = err as Shape;
  if (cause !== undefined && cause !== err) {
    const inner = unreachableDependency(cause, depth + 1);
    if (inner) return inner;
  }
  if (Array.isArray(errors) && errors.length > 0) {
    const reasons = errors.map((inner) => unreachableDependency(inner, depth + 1));
    if (reasons.every(Boolean)) return reasons[0];
  }
  return undefined;
}
