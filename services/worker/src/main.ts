import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown } from '@tp/runtime';
import { startTelemetry } from '@tp/telemetry';
import { WorkerConfigSchema } from './config.ts';
import { startWorkerService } from './service.ts';

const log = createLogger({ service: 'worker' });
try {
  const config = loadConfig(WorkerConfigSchema);
  log.level = config.LOG_LEVEL;
  const telemetry = startTelemetry({ serviceName: 'worker', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const service = await startWorkerService(config, log);
  handleShutdown({ log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [...service.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }] });
} catch (err) {
  fatal(log, err);
}
