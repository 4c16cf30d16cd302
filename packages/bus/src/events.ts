import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from '@tp/logging';
import { STREAMS } from './declarations.ts';
import { decode, inMessageContext, type BusEvent } from './message.ts';

export interface SubscribeEventsOptions<T = unknown> {
  /** Logical subject filter (`events.token.revoked`, `events.token.>`). */
  filterSubject: string;
  /** Logical stream name; defaults to `EVENTS`. */
  stream?: string;
  /** Errors are logged and the next event is delivered: there is no redelivery for this kind of subscription. */
  handler: (event: BusEvent<T>) => Promise<void> | void;
}

interface EventContext {
  prefix: string;
  log: Logger;
  subject(logical: string): string;
  streamName(logical: string): string;
}

/**
 * An ephemeral ordered consumer that sees only messages published after it started: for
 * in-memory caches that must react quickly (e.g. evicting a revoked token) and need no history.
 * It starts at an explicit sequence rather than `deliver_policy: new`, so that when the client
 * recreates it after a reconnect it resumes where it was instead of replaying the stream.
 */
export async function startEventSubscription<T>(
  js: JetStreamClient,
  manager: JetStreamManager,
  options: SubscribeEventsOptions<T>,
  ctx: EventContext,
): Promise<{ stop(): Promise<void> }> {
  const stream = ctx.streamName(options.stream ?? STREAMS.EVENTS.name);
  const log = ctx.log.child({ stream, filterSubject: options.filterSubject });
  const info = await manager.streams.info(stream);
  const consumer = await js.consumers.get(stream, {
    filter_subjects: ctx.subject(options.filterSubject),
    opt_start_seq: info.state.last_seq + 1,
  });
  const messages = await consumer.consume({ max_messages: 100 });

  const loop = (async () => {
    for await (const m of messages) {
      const decoded = decode<T>(m, ctx.prefix);
      if (!decoded.ok) {
        log.error({ err: decoded.error, subject: decoded.message.subject, seq: m.seq }, 'event skipped');
        continue;
      }
      const { deliveryCount: _count, working: _working, ...event } = decoded.message;
      try {
        await inMessageContext(event, 'process', () => options.handler(event));
      } catch (err) {
        log.error({ err, subject: event.subject, seq: event.sequence }, 'event handler failed');
      }
    }
  })();

  return {
    async stop() {
      await messages.close();
      await loop;
    },
  };
}
