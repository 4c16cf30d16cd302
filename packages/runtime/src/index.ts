export {
  createHttpServer,
  httpTimeouts,
  type HttpTimeouts,
  type HttpTimeoutSettings,
} from './http-server.ts';
export { startOpsServer, type OpsServer, type OpsServerOptions } from './ops-server.ts';
export { handleShutdown, type ShutdownOptions, type ShutdownStep } from './shutdown.ts';
export { fatal } from './fatal.ts';
export { startPeriodicTask, type PeriodicTask } from './periodic.ts';
export {
  createLifecycle,
  serve,
  startService,
  type Lifecycle,
  type ListeningServer,
  type Running,
  type ServeOptions,
} from './lifecycle.ts';
export { runService, type RunServiceOptions, type RuntimeSettings } from './run-service.ts';
