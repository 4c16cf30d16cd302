import { type Bus, STREAMS, type Subscription } from '@tp/bus';
import { JOB_EVENTS, type JobEventPayload } from '@tp/events';
import { type RecordJobEndDeps, recordJobEnd } from '../usecases/record-job-end.ts';

// Durable consumers of the jobs' terminal events. The handler resolves (and the message is
// acknowledged) only once the delivery is committed; while jobs cannot be reached it throws and
// the event comes back later, so nothing is lost. A new durable starts at the beginning of the
// stream, so events published while the dispatcher was down are read when it starts.

export const JOB_END_SUBJECTS = [JOB_EVENTS.succeeded, JOB_EVENTS.failed, JOB_EVENTS.cancelled] as const;

/** `webhook-dispatcher-job-succeeded`, … */
export const durableFor = (subject: string): string =>
  `webhook-dispatcher-${subject.replaceAll('.', '-').replace('events-', '')}`;

// Up to ~16 hours of retries of one event (the backoff's last wait repeats): a jobs outage outlives none.
const MAX_DELIVER = 1_000;
const ACK_WAIT_MS = 120_000;
const BACKOFF_MS = [500, 2_000, 5_000, 15_000, 60_000];

export async function startJobEndConsumers(deps: RecordJobEndDeps & { bus: Bus }): Promise<Subscription[]> {
  const log = deps.log.child({ component: 'job-end-consumer' });
  return Promise.all(
    JOB_END_SUBJECTS.map((subject) =>
      deps.bus.consume<JobEventPayload>({
        stream: STREAMS.EVENTS.name,
        durable: durableFor(subject),
        filterSubject: subject,
        maxDeliver: MAX_DELIVER,
        ackWaitMs: ACK_WAIT_MS,
        backoffMs: BACKOFF_MS,
        concurrency: 16,
        handler: async (message) => {
          await recordJobEnd({ ...deps, log }, message.subject, message.data);
        },
      }),
    ),
  );
}
