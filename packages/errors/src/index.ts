export { ERROR_CODES, type ErrorCode, isErrorCode, httpStatusOf, grpcStatusOf } from './codes.ts';
export { AppError, type ErrorDetails, isAppError, notFound } from './app-error.ts';
export { asAppError, toGrpcStatus, fromGrpcError, codeForGrpcStatus } from './grpc.ts';
export { serviceUnavailable, unreachableDependency, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable.ts';
