// Workers played by a test: they pull the real work tickets jobs publishes (a durable consumer of
// the WORK stream, as the worker service has) and claim, hold and complete what the tickets bind.
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { WorkTicket } from '@tp/events';
import type { Job } from '@tp/proto';
import type { Harness } from './harness.ts';
import { claimRequest } from './requests.ts';

export interface WorkerOptions {
  workers: number;
  /** Whether the test's jobs are all done (checked between tickets). */
  done: () => Promise<boolean>;
  /** Runs after a claim, before the job completes. */
  hold: (job: Job) => Promise<void>;
  complete: (job: Job, ticketId: string) => Promise<unknown>;
  /** Read right after every claim; the largest value is reported. */
  watch: () => Promise<number>;
}

export async function runWorkers(h: Harness, options: WorkerOptions) {
  const prefix = h.fleet.natsPrefix;
  const stream = `${prefix.toUpperCase()}_WORK`;
  const durable = `test-workers-${Math.random().toString(36).slice(2, 10)}`;
  const jsm = await jetstreamManager(h.nats);
  await jsm.consumers.add(stream, {
    durable_name: durable,
    filter_subject: `${prefix}.work.transcription.cpu`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 120 * 1e9,
  });
  const consumer = await jetstream(h.nats).consumers.get(stream, durable);
  let maxWatched = 0;
  const completed: Job[] = [];
  const work = async () => {
    while (!(await options.done())) {
      const message = await consumer.next({ expires: 1_000 });
      if (!message) continue;
      const ticket = message.json<WorkTicket>();
      const { job } = await h.jobs.claimJob({
        ...claimRequest(),
        ticketId: ticket.ticket_id,
        deliveryCount: message.info.deliveryCount,
      });
      if (job) {
        maxWatched = Math.max(maxWatched, await options.watch());
        await options.hold(job);
        await options.complete(job, ticket.ticket_id);
        completed.push(job);
      }
      message.ack();
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, work));
  } finally {
    await jsm.consumers.delete(stream, durable);
  }
  return { maxWatched, completed };
}
