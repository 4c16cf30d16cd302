import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown } from '@tp/runtime';
import { startTelemetry } from '@tp/telemetry';
import { AccountsConfigSchema } from './config.ts';
import { startAccountsService } from './service.ts';

const log = createLogger({ service: 'accounts' });
try {
  const config = loadConfig(AccountsConfigSchema);
  log.level = config.LOG_LEVEL;
  const telemetry = startTelemetry({ serviceName: 'accounts', ...(config.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT } : {}) });
  const service = await startAccountsService(config, log);
  handleShutdown({ log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [...service.stopSteps, { name: 'telemetry', run: () => telemetry.shutdown() }] });
} catch (err) {
  fatal(log, err);
}
