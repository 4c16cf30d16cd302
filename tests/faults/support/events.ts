// What jobs announced: every `events.job.<status>` of the fleet's EVENTS stream, read from the
// start with an ordered consumer, as the terminal statuses each job was announced with.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { testNatsConnectOptions } from '@tp/testing';

export const TERMINAL = ['succeeded', 'failed', 'cancelled'] as const;

/** job id → its user and the terminal statuses announced for it, in stream order (a duplicate shows twice). */
export type Announced = Map<string, { userId: string; statuses: string[] }>;

export async function announcedEnds(natsUrl: string, prefix: string): Promise<Announced> {
  const nc = await connect({ ...testNatsConnectOptions(natsUrl), name: 'tp-faults-events', timeout: 5_000 });
  try {
    const stream = `${prefix.toUpperCase()}_EVENTS`;
    const announced: Announced = new Map();
    const last = (await (await jetstreamManager(nc)).streams.info(stream)).state.last_seq;
    const consumer = await jetstream(nc).consumers.get(stream, { filter_subjects: `${prefix}.events.job.>` });
    for (let caughtUp = last === 0; !caughtUp; ) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 2_000 });
      let got = 0;
      for await (const m of batch) {
        got += 1;
        const event = m.json<{ job_id: string; user_id: string; status: string }>();
        if ((TERMINAL as readonly string[]).includes(event.status)) {
          const earlier = announced.get(event.job_id)?.statuses ?? [];
          announced.set(event.job_id, { userId: event.user_id, statuses: [...earlier, event.status] });
        }
        caughtUp = m.info.pending === 0;
        if (caughtUp) break;
      }
      if (got === 0) caughtUp = true;
    }
    return announced;
  } finally {
    await nc.close();
  }
}
