import { context, SpanKind } from '@opentelemetry/api';
import type { JsMsg } from '@nats-io/jetstream';
import { requestIdFrom, withRequestId } from '@tp/logging';
import { withSpan } from '@tp/telemetry';
import { contextFromHeaders, requestIdOf, type MessageHeaders } from './propagation.ts';

/** What an event subscriber receives. */
export interface BusEvent<T = unknown> {
  /** The logical subject, without the bus prefix (`events.job.completed`). */
  subject: string;
  /** The parsed JSON body (for a dead-lettered body that is not JSON: the raw text). */
  data: T;
  headers: MessageHeaders;
  /** Stream sequence: a stable, ordered position usable for idempotency checks. */
  sequence: number;
}

/** What a durable consumer's handler receives. */
export interface BusMessage<T = unknown> extends BusEvent<T> {
  /** 1 on the first delivery, then 2, 3, … */
  deliveryCount: number;
  /** Tells the server the handler is still busy, restarting the ack wait. */
  working(): void;
}

export function headersOf(m: JsMsg): MessageHeaders {
  const headers: MessageHeaders = {};
  if (!m.headers) return headers;
  for (const [key, values] of m.headers) {
    const first = values[0];
    if (first !== undefined) headers[key] = first;
  }
  return headers;
}

export function logicalSubject(subject: string, prefix: string): string {
  return prefix && subject.startsWith(`${prefix}.`) ? subject.slice(prefix.length + 1) : subject;
}

export type Decoded<T> = { ok: true; message: BusMessage<T> } | { ok: false; message: BusMessage<T>; error: Error };

/** Turns a JetStream message into a `BusMessage`; a body that is not JSON is reported, not thrown. */
export function decode<T>(m: JsMsg, prefix: string): Decoded<T> {
  const text = m.string();
  const base = {
    subject: logicalSubject(m.subject, prefix),
    headers: headersOf(m),
    sequence: m.seq,
    deliveryCount: m.info.deliveryCount,
    working: () => m.working(),
  };
  try {
    return { ok: true, message: { ...base, data: JSON.parse(text) as T } };
  } catch (err) {
    const error = new Error(`message body is not valid JSON: ${(err as Error).message}`, { cause: err });
    return { ok: false, message: { ...base, data: text as T }, error };
  }
}

/**
 * Runs `fn` as the continuation of the publisher's trace and request: the handler's logs carry
 * the original request id, and with an SDK registered a CONSUMER span joins the publisher's trace.
 */
export async function inMessageContext<R>(
  event: BusEvent<unknown>,
  operation: string,
  fn: () => Promise<R> | R,
): Promise<R> {
  const parent = contextFromHeaders(event.headers);
  const requestId = requestIdFrom(requestIdOf(event.headers));
  return context.with(parent, () =>
    withRequestId(requestId, () =>
      withSpan(
        `${operation} ${event.subject}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'nats',
            'messaging.destination.name': event.subject,
            'messaging.operation.type': operation,
          },
        },
        async () => fn(),
      ),
    ),
  );
}
