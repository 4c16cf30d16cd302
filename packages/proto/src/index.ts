export * from './generated/transcription/accounts/v1/accounts.ts';
// Named, not `export *`: every generated module also exports protobufPackage, MessageFns, DeepPartial.
export {
  HealthService,
  HealthClient,
  HealthCheckRequest,
  HealthCheckResponse,
  HealthCheckResponse_ServingStatus,
  type HealthServer,
} from './generated/grpc/health/v1/health.ts';
