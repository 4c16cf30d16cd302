export { createGrpcServer, type GrpcServer, type GrpcServerOptions } from './server.ts';
export { createClient, type ClientOptions, type GrpcClient } from './client.ts';
export { createStreamingClient, type GrpcStreamClient, type StreamCallOptions } from './stream-client.ts';
export {
  AUTHORIZATION_METADATA,
  GRANT_METADATA,
  type GrantFields,
  defineAccess,
  OPERATOR_ONLY,
  type AccessPolicy,
  type AnyMethodAccess,
  type CallerRule,
  type ClientIdentity,
  type MethodAccess,
} from './access.ts';
export { actingUser, onBehalfOf } from './acting-user.ts';
export { checkHealth, type ServingStatus } from './health.ts';
export { channelCredentials, type GrpcTls, serverCredentials, serverNameOption } from './tls.ts';
export type {
  CallContext,
  CallOptions,
  ClientMethods,
  RequestOf,
  ResponseOf,
  ServerStreamMethod,
  ServiceHandlers,
  StreamHandler,
  StreamHandlers,
  StreamServiceDefinition,
  UnaryHandler,
  UnaryMethod,
  UnaryServiceDefinition,
} from './definition.ts';
export { ADMIN_KEY_METADATA, adminGuard, adminMetadata } from './admin-guard.ts';
export { listLimit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './list-limit.ts';
