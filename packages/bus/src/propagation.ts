import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Context,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { currentRequestId, REQUEST_ID_HEADER } from '@tp/logging';

/**
 * Trace context and request id travel in message headers, as they do in HTTP and gRPC.
 * Headers are plain string maps here: they are stored as JSON in the outbox and turned
 * into NATS headers only at publish time.
 */
export type MessageHeaders = Record<string, string>;

const setter: TextMapSetter<MessageHeaders> = {
  set(carrier, key, value) {
    carrier[key] = value;
  },
};

export const headerGetter: TextMapGetter<MessageHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get(carrier, key) {
    const wanted = key.toLowerCase();
    for (const [name, value] of Object.entries(carrier)) if (name.toLowerCase() === wanted) return value;
    return undefined;
  },
};

/** Headers describing the caller's current trace and request (empty outside of both). */
export function contextHeaders(): MessageHeaders {
  const headers: MessageHeaders = {};
  propagation.inject(context.active(), headers, setter);
  const requestId = currentRequestId();
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/** The trace context a message was published in, to run its handler as a continuation. */
export function contextFromHeaders(headers: MessageHeaders): Context {
  return propagation.extract(ROOT_CONTEXT, headers, headerGetter);
}

export function requestIdOf(headers: MessageHeaders): string | undefined {
  return headerGetter.get(headers, REQUEST_ID_HEADER) as string | undefined;
}
