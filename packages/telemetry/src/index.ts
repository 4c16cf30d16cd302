export { startTelemetry, tracesUrl, type Telemetry, type TelemetryOptions } from './setup.ts';
export {
  currentTraceId,
  extractContext,
  injectContext,
  runInContext,
  withIncomingHttpSpan,
  withSpan,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type HeaderMap,
  type Span,
  type SpanOptions,
} from './context.ts';
export { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-node';
