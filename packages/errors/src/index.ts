export { ERROR_CODES, type ErrorCode, isErrorCode, httpStatusOf, grpcStatusOf } from './codes.ts';
export { AppError, type ErrorDetails, isAppError, notFound } from './app-error.ts';
export { toGrpcStatus, fromGrpcError, codeForGrpcStatus } from './grpc.ts';
