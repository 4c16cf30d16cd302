export { ERROR_CODES, type ErrorCode, isErrorCode, httpStatusOf, grpcStatusOf, codeForGrpcStatus } from './codes.ts';
export { AppError, type ErrorDetails, isAppError, notFound } from './app-error.ts';
export { toGrpcStatus, fromGrpcError } from './grpc.ts';
