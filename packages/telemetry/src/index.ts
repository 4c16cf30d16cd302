export { startTelemetry, tracesUrl, type Telemetry, type TelemetryOptions } from './setup.ts';
export {
  currentTraceId,
  currentTraceparent,
  extractContext,
  injectContext,
  runInContext,
  storedTraceParent,
  withIncomingHttpSpan,
  withSpan,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Link,
  type HeaderMap,
  type Span,
  type SpanOptions,
} from './context.ts';
export { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-node';
