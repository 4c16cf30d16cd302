import { loadConfig, type z } from '@tp/config';
import { createLogger, type Logger } from '@tp/logging';
import { startTelemetry } from '@tp/telemetry';
import { fatal } from './fatal.ts';
import { type ShutdownStep, handleShutdown } from './shutdown.ts';

/** The settings every service's configuration has (see `serviceBaseConfig` in @tp/config). */
export interface RuntimeSettings {
  LOG_LEVEL: string;
  SHUTDOWN_TIMEOUT_MS: number;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
}

export interface RunServiceOptions<S extends z.ZodObject> {
  /** The service's name in logs and traces. */
  name: string;
  /** The service's configuration schema; it must include `runtimeSettings()` of @tp/config. */
  config: S & z.ZodType<RuntimeSettings>;
  start: (config: z.infer<S>, log: Logger) => Promise<{ stopSteps: ShutdownStep[] }>;
}

/**
 * A service's `main.ts` in one call: logger, configuration (a bad variable ends the process
 * with one line per problem), tracing, the service itself, and the graceful shutdown on
 * SIGTERM that runs the service's stop steps and then flushes traces.
 */
export async function runService<S extends z.ZodObject>(options: RunServiceOptions<S>): Promise<void> {
  const log = createLogger({ service: options.name });
  try {
    const config = loadConfig(options.config);
    const settings: RuntimeSettings = config;
    log.level = settings.LOG_LEVEL;
    const telemetry = startTelemetry({
      serviceName: options.name,
      ...(settings.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
    });
    const service = await options.start(config, log);
    handleShutdown({
      log,
      timeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
      steps: [...service.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }],
    });
  } catch (err) {
    fatal(log, err);
  }
}
