import { type Bus, STREAMS, type Subscription } from '@tp/bus';
import { type GiveUpVerificationDeps, giveUpVerification } from '../usecases/give-up-verification.ts';
import { type VerifyMediaDeps, verifyMedia } from '../usecases/verify-media.ts';
import { VERIFY_DURABLE, VERIFY_WORK_SUBJECT, type VerifyWork } from './media-events.ts';

/** Handler runs per verification before it is given up on (then the media fails cleanly). */
export const VERIFY_MAX_DELIVER = 3;

export type VerifyConsumerDeps = VerifyMediaDeps &
  GiveUpVerificationDeps & {
    bus: Bus;
    concurrency: number;
    ackWaitMs: number;
    backoffMs?: readonly number[];
  };

/**
 * The service's own durable consumer of `work.media_verify.default`: each message is one
 * verification (see verifyMedia); one whose attempts are used up is given up on.
 */
export function startVerifyConsumer(deps: VerifyConsumerDeps): Promise<Subscription> {
  return deps.bus.consume<VerifyWork>({
    stream: STREAMS.WORK.name,
    durable: VERIFY_DURABLE,
    filterSubject: VERIFY_WORK_SUBJECT,
    maxDeliver: VERIFY_MAX_DELIVER,
    ackWaitMs: deps.ackWaitMs,
    concurrency: deps.concurrency,
    backoffMs: deps.backoffMs ?? [2_000, 10_000],
    async handler(message) {
      // Tells the server this replica is alive while ffprobe runs; a dead one stops, and the
      // verification is redelivered after the ack wait.
      const heartbeat = setInterval(() => message.working(), Math.max(250, Math.floor(deps.ackWaitMs / 3)));
      try {
        await verifyMedia(deps, message.data);
      } finally {
        clearInterval(heartbeat);
      }
    },
    onDeadLetter: (message, error) => giveUpVerification(deps, message.data as Partial<VerifyWork> | undefined, error),
  });
}
