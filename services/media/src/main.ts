import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown } from '@tp/runtime';
import { startTelemetry } from '@tp/telemetry';
import { MediaConfigSchema } from './config.ts';
import { startMediaService } from './service.ts';

const log = createLogger({ service: 'media' });
try {
  const config = loadConfig(MediaConfigSchema);
  log.level = config.LOG_LEVEL;
  const telemetry = startTelemetry({ serviceName: 'media', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const service = await startMediaService(config, log);
  handleShutdown({ log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [...service.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }] });
} catch (err) {
  fatal(log, err);
}
