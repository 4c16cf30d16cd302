import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TelemetryOptions {
  serviceName: string;
  /** For tests: every span goes to this exporter as soon as it ends (e.g. InMemorySpanExporter). */
  exporter?: SpanExporter;
  /** Base URL of an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<base>/v1/traces` in batches. */
  otlpEndpoint?: string;
}

export interface Telemetry {
  /** Flushes pending spans and unregisters the provider, so telemetry can be started again. */
  shutdown(): Promise<void>;
}

let active: Telemetry | undefined;

/**
 * Registers the process-wide tracer provider, the AsyncLocalStorage context manager and
 * the W3C trace-context propagator. Without an exporter or endpoint spans are still
 * created and propagated (logs carry trace ids) but go nowhere. One provider per
 * process: a second call returns the running one until it is shut down.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (active) return active;
  const spanProcessors: SpanProcessor[] = [];
  if (options.exporter) spanProcessors.push(new SimpleSpanProcessor(options.exporter));
  if (options.otlpEndpoint)
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(options.otlpEndpoint) })));

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors,
  });
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new W3CTraceContextPropagator(),
  });

  const telemetry: Telemetry = {
    async shutdown() {
      if (active !== telemetry) return;
      active = undefined;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
  active = telemetry;
  return telemetry;
}

/** OTEL_EXPORTER_OTLP_ENDPOINT is a base URL; the traces signal lives under /v1/traces. */
export function tracesUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}
