import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown } from '@tp/runtime';
import { startTelemetry } from '@tp/telemetry';
import { GatewayConfigSchema } from './config.ts';
import { startGatewayService } from './service.ts';

const log = createLogger({ service: 'gateway' });
try {
  const config = loadConfig(GatewayConfigSchema);
  log.level = config.LOG_LEVEL;
  const telemetry = startTelemetry({ serviceName: 'gateway', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const gateway = await startGatewayService(config, log);
  handleShutdown({ log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [...gateway.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }] });
} catch (err) {
  fatal(log, err);
}
