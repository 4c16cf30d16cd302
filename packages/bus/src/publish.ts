import { headers as natsHeaders } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamPublishOptions, PubAck } from '@nats-io/jetstream';
import { context, propagation, SpanKind } from '@opentelemetry/api';
import { currentRequestId, REQUEST_ID_HEADER } from '@tp/logging';
import { withSpan } from '@tp/telemetry';
import { contextHeaders, headerGetter, type MessageHeaders } from './propagation.ts';

export interface PublishOptions {
  /** Becomes `Nats-Msg-Id`: the stream drops a second message with the same id within its duplicate window. */
  msgId?: string;
  /** Extra headers; an explicit `traceparent` / `x-request-id` here wins over the caller's context (outbox relay). */
  headers?: MessageHeaders;
}

/** Sends one JSON message to a stream in a PRODUCER span, carrying the trace context and request id. */
export async function publishMessage(
  js: JetStreamClient,
  subject: (logical: string) => string,
  logical: string,
  payload: unknown,
  options: PublishOptions,
): Promise<PubAck> {
  const body = JSON.stringify(payload);
  if (body === undefined) throw new TypeError(`payload for ${logical} is not JSON-serialisable`);
  const explicit = options.headers ?? {};
  // An explicit trace context (an outbox row) is the parent of this send, not the relay's own context.
  const parent = propagation.extract(context.active(), explicit, headerGetter);
  return withSpan(
    `send ${logical}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': logical },
      parent,
    },
    async () => {
      const all: MessageHeaders = { ...explicit, ...contextHeaders(), 'content-type': 'application/json' };
      const requestId = explicit[REQUEST_ID_HEADER] ?? currentRequestId();
      if (requestId) all[REQUEST_ID_HEADER] = requestId;
      else delete all[REQUEST_ID_HEADER];
      const natsHeaderSet = natsHeaders();
      for (const [key, value] of Object.entries(all)) natsHeaderSet.set(key, value);
      const jsOptions: Partial<JetStreamPublishOptions> = { headers: natsHeaderSet };
      if (options.msgId) jsOptions.msgID = options.msgId;
      return js.publish(subject(logical), body, jsOptions);
    },
  );
}
