import { status as GrpcStatus, Metadata, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { AppError, isAppError } from './app-error.ts';
import { type ErrorCode, grpcStatusOf, isErrorCode } from './codes.ts';
import { serviceUnavailable, unreachableDependency } from './unavailable.ts';

const CODE_KEY = 'x-error-code';
const DETAILS_KEY = 'x-error-details';

/**
 * The AppError a server answers for any thrown value: an AppError as it is; a dependency away (a lost
 * database, NATS, a refused connection: unreachableDependency) service_unavailable with its Retry-After
 * (ADR 0038); anything else internal_error with a generic message, so no internal text crosses the wire.
 */
export function asAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  return unreachableDependency(err) ? serviceUnavailable() : new AppError('internal_error');
}

/**
 * Turns any thrown value into the gRPC status object a server sends (asAppError): the code and
 * details travel in trailing metadata.
 */
export function toGrpcStatus(
  err: unknown,
): Partial<StatusObject> & { code: number; details: string; metadata: Metadata } {
  const appError = asAppError(err);
  const metadata = new Metadata();
  metadata.set(CODE_KEY, appError.code);
  if (Object.keys(appError.details).length > 0) metadata.set(DETAILS_KEY, JSON.stringify(appError.details));
  return { code: grpcStatusOf(appError.code), details: appError.message, metadata };
}

/** Turns a gRPC client error back into the AppError the server meant. */
export function fromGrpcError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const serviceError = err as Partial<ServiceError>;
  if (typeof serviceError?.code !== 'number') return new AppError('internal_error');
  const metadata = serviceError.metadata;
  const code = metadata?.get(CODE_KEY)[0];
  if (isErrorCode(code)) {
    const rawDetails = metadata?.get(DETAILS_KEY)[0];
    let details: Record<string, unknown> = {};
    if (typeof rawDetails === 'string') {
      try {
        details = JSON.parse(rawDetails) as Record<string, unknown>;
      } catch {
        details = {};
      }
    }
    return new AppError(code, serviceError.details || undefined, details);
  }
  const transportCode = codeForGrpcStatus(serviceError.code);
  // A backend down or restarting (no server answered): as a dependency away, with its Retry-After.
  return transportCode === 'service_unavailable' ? serviceUnavailable() : new AppError(transportCode);
}

/** The code to use for a gRPC status that arrived without one of ours (transport failures). */
export function codeForGrpcStatus(status: GrpcStatus): ErrorCode {
  switch (status) {
    case GrpcStatus.UNAVAILABLE:
      return 'service_unavailable';
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 'upstream_timeout';
    case GrpcStatus.UNAUTHENTICATED:
      return 'invalid_api_key';
    case GrpcStatus.NOT_FOUND:
      return 'not_found';
    case GrpcStatus.INVALID_ARGUMENT:
      return 'bad_request';
    case GrpcStatus.RESOURCE_EXHAUSTED:
      // Without our metadata this is the transport refusing a message over its size limit.
      return 'payload_too_large';
    default:
      return 'internal_error';
  }
}
