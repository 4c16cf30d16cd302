import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';

export { SpanKind, SpanStatusCode, type Attributes, type Context, type Link, type Span };

/** Headers as node:http gives them; other header maps fit too. */
export type HeaderMap = Record<string, string | string[] | undefined>;

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The context to start under; default the active one. */
  parent?: Context;
  /** Spans this one is related to without being their child (e.g. the message that brought the work). */
  links?: Link[];
}

const tracer = () => trace.getTracer('@tp/telemetry');

/**
 * Runs `fn(span)` inside a new active span and ends the span when `fn` returns or, if it
 * returns a promise, when that settles. A throw or rejection marks the span as an error.
 */
export function withSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => T): T {
  const { kind = SpanKind.INTERNAL, attributes, parent = context.active(), links } = options;
  return tracer().startActiveSpan(name, { kind, attributes, ...(links ? { links } : {}) }, parent, (span) => {
    const fail = (err: unknown) => {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    };
    let result: T;
    try {
      result = fn(span);
    } catch (err) {
      fail(err);
      span.end();
      throw err;
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (err: unknown) => {
          fail(err);
          span.end();
          throw err;
        },
      ) as T;
    }
    span.end();
    return result;
  });
}

/**
 * Continues the caller's trace (W3C `traceparent`/`tracestate` in `headers`) in a SERVER
 * span around `fn`. For a framework whose handler returns before the response is sent,
 * return a promise that settles when the response finishes.
 */
export function withIncomingHttpSpan<T>(
  headers: HeaderMap,
  options: { name: string; attributes?: Attributes },
  fn: (span: Span) => T,
): T {
  return withSpan(
    options.name,
    { kind: SpanKind.SERVER, attributes: options.attributes, parent: extractContext(headers) },
    fn,
  );
}

/** Writes the active trace context into `carrier` (plain header map by default) and returns it. */
export function injectContext<C = Record<string, string>>(
  carrier: C,
  setter: TextMapSetter<C> = defaultTextMapSetter as TextMapSetter<C>,
): C {
  propagation.inject(context.active(), carrier, setter);
  return carrier;
}

/** Reads a remote trace context from `carrier`; run work under it with `withSpan(..., { parent })` or `runInContext`. */
export function extractContext<C = HeaderMap>(
  carrier: C,
  getter: TextMapGetter<C> = defaultTextMapGetter as TextMapGetter<C>,
): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, getter);
}

export function runInContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/**
 * The W3C `traceparent` of the active span, if any: to store with a record whose later processing
 * (maybe in another process, days later) should continue this trace; read back with `extractContext({ traceparent })`.
 */
export function currentTraceparent(): string | undefined {
  return injectContext<Record<string, string>>({}).traceparent;
}

/** The trace id of the active span, if any (e.g. for error bodies and support tickets). */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/**
 * Where to start a span for work on a record created in the trace `traceparent` names (stored
 * with the record): while the active span belongs to another trace (the message that brought the
 * work was sent in another request), `{ parent, links }` puts the work in the record's trace,
 * linked to the active span. Empty (keep the active context) when the traces are the same or the
 * traceparent is missing or malformed.
 */
export function storedTraceParent(traceparent: string | undefined): Pick<SpanOptions, 'parent' | 'links'> {
  if (!traceparent) return {};
  const stored = extractContext({ traceparent });
  const storedSpan = trace.getSpanContext(stored);
  if (!storedSpan || !trace.isSpanContextValid(storedSpan)) return {};
  const active = trace.getActiveSpan()?.spanContext();
  if (active && trace.isSpanContextValid(active)) {
    if (active.traceId === storedSpan.traceId) return {};
    return { parent: stored, links: [{ context: active }] };
  }
  return { parent: stored };
}
