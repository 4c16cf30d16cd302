import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown } from '@tp/runtime';
import { startTelemetry } from '@tp/telemetry';
import { JobsConfigSchema } from './config.ts';
import { startJobsService } from './service.ts';

const log = createLogger({ service: 'jobs' });
try {
  const config = loadConfig(JobsConfigSchema);
  log.level = config.LOG_LEVEL;
  const telemetry = startTelemetry({ serviceName: 'jobs', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const service = await startJobsService(config, log);
  handleShutdown({ log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [...service.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }] });
} catch (err) {
  fatal(log, err);
}
