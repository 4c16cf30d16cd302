export { createGrpcServer, type GrpcServer, type GrpcServerOptions } from './server.ts';
export { createClient, type ClientOptions, type GrpcClient } from './client.ts';
export { checkHealth, type ServingStatus } from './health.ts';
export type {
  CallContext,
  CallOptions,
  ClientMethods,
  RequestOf,
  ResponseOf,
  ServiceHandlers,
  UnaryHandler,
  UnaryMethod,
  UnaryServiceDefinition,
} from './definition.ts';
export { listLimit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './list-limit.ts';
