export { startOpsServer, type OpsServer, type OpsServerOptions } from './ops-server.ts';
export { handleShutdown, type ShutdownOptions, type ShutdownStep } from './shutdown.ts';
export { fatal } from './fatal.ts';
export { startPeriodicTask, type PeriodicTask } from './periodic.ts';
