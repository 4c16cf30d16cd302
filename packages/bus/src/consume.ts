import { setTimeout as sleep } from 'node:timers/promises';
import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { Logger } from '@tp/logging';
import { decode, inMessageContext, type BusMessage } from './message.ts';

export interface ConsumeOptions<T = unknown> {
  /** Logical stream name (`WORK`). */
  stream: string;
  durable: string;
  /** Logical subject filter (`work.transcribe.cpu`). */
  filterSubject?: string;
  /** Resolve to acknowledge; throw to have the message redelivered after a delay. */
  handler: (message: BusMessage<T>) => Promise<void> | void;
  /**
   * Called once a message is given up on (the handler failed `maxDeliver` times, the body is not
   * JSON, or deliveries timed out), before it is terminated, so the owner can fail the job cleanly.
   * If it throws, the message is redelivered to try the callback again.
   */
  onDeadLetter?: (message: BusMessage<unknown>, error: Error) => Promise<void> | void;
  /** Handler runs per message at most; the server's own limit is a little higher (see DEAD_LETTER_GRACE_DELIVERIES). */
  maxDeliver: number;
  ackWaitMs: number;
  /** Messages handled at once by this process; each slot pulls one message only when it is free. */
  concurrency?: number;
  /** Delay before redelivery after the n-th failure (the last entry repeats). */
  backoffMs?: readonly number[];
  maxAckPending?: number;
  deliverPolicy?: 'all' | 'new';
}

export const DEFAULT_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000] as const;

/** How long one pull request waits on the server for a message before a new one is issued. */
const PULL_EXPIRES_MS = 10_000;

interface ConsumerContext {
  prefix: string;
  log: Logger;
  /** Removes a dead-lettered message from the stream (work queues only). */
  discard?: (sequence: number) => Promise<void>;
}

/** What becomes of one message: the handler runs, then it is acknowledged, retried later or dead-lettered. */
function createMessageProcessor<T>(
  options: ConsumeOptions<T>,
  ctx: ConsumerContext,
  log: Logger,
): (m: JsMsg) => Promise<void> {
  const backoff = options.backoffMs && options.backoffMs.length > 0 ? options.backoffMs : DEFAULT_BACKOFF_MS;
  const delayAfter = (deliveryCount: number): number => backoff[Math.min(deliveryCount, backoff.length) - 1] ?? 1_000;

  async function deadLetter(m: JsMsg, message: BusMessage<unknown>, error: Error): Promise<void> {
    try {
      await inMessageContext(message, 'dead-letter', () => options.onDeadLetter?.(message, error));
    } catch (callbackError) {
      log.error(
        { err: callbackError, subject: message.subject, seq: message.sequence },
        'dead-letter callback failed; message will be redelivered',
      );
      m.nak(delayAfter(message.deliveryCount));
      return;
    }
    m.term(error.message.slice(0, 200));
    await ctx
      .discard?.(message.sequence)
      .catch((err: unknown) => log.warn({ err, seq: message.sequence }, 'could not remove dead-lettered message'));
    log.error(
      { err: error, subject: message.subject, seq: message.sequence, deliveryCount: message.deliveryCount },
      'message dead-lettered',
    );
  }

  return async function handle(m: JsMsg): Promise<void> {
    const decoded = decode<T>(m, ctx.prefix);
    const { message } = decoded;
    if (!decoded.ok) return deadLetter(m, message, decoded.error);
    if (message.deliveryCount > options.maxDeliver) {
      const error = new Error(
        `delivered ${message.deliveryCount} times without an acknowledgement (handler timed out, its process died, or dead-lettering failed)`,
      );
      return deadLetter(m, message, error);
    }
    try {
      await inMessageContext(message, 'process', () => options.handler(message));
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (message.deliveryCount >= options.maxDeliver) return deadLetter(m, message, error);
      const delay = delayAfter(message.deliveryCount);
      log.warn(
        {
          err: error,
          subject: message.subject,
          seq: message.sequence,
          deliveryCount: message.deliveryCount,
          retryInMs: delay,
        },
        'handler failed; will retry',
      );
      m.nak(delay);
      return;
    }
    // Ack only now that the handler's effects are durable; confirm it so a lost ack is visible.
    const confirmed = await m.ackAck().catch(() => false);
    if (!confirmed)
      log.warn(
        { subject: message.subject, seq: message.sequence },
        'ack not confirmed; the message may be redelivered',
      );
  };
}

export function startConsumer<T>(
  consumer: Consumer,
  options: ConsumeOptions<T>,
  ctx: ConsumerContext,
): { stop(): Promise<void> } {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('concurrency must be a positive integer');
  const log = ctx.log.child({ stream: options.stream, durable: options.durable });
  const handle = createMessageProcessor(options, ctx, log);
  const waiting = new Set<ConsumerMessages>();
  let stopped = false;

  async function slot(): Promise<void> {
    while (!stopped) {
      let batch: ConsumerMessages;
      try {
        batch = await consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
      } catch (err) {
        log.warn({ err }, 'pull failed; retrying');
        await sleep(1_000);
        continue;
      }
      waiting.add(batch);
      try {
        for await (const m of batch) {
          waiting.delete(batch);
          await handle(m);
        }
      } catch (err) {
        if (!stopped) {
          log.warn({ err }, 'pull interrupted; retrying');
          await sleep(1_000);
        }
      } finally {
        waiting.delete(batch);
      }
    }
  }

  const slots = Array.from({ length: concurrency }, () => slot());
  return {
    async stop() {
      stopped = true;
      // Only idle pulls are closed; a slot holding a message finishes it (and acks) first.
      await Promise.all([...waiting].map((batch) => batch.close()));
      await Promise.all(slots);
    },
  };
}
