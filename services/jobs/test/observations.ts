// What the tests look at from the outside: billing's ledger and balances, the streams jobs
// publishes to, the jobs table, the errors calls fail with.
import assert from 'node:assert/strict';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { JobEventPayload } from '@tp/events';
import { eventually } from '@tp/testing';
import type { Harness } from './harness.ts';

/** The ledger entries of a job's hold (reservation, settlement, release), oldest first. */
export async function ledgerOf(h: Harness, userId: string, jobId: string) {
  const { entries } = await h.billing.listLedger({ principalId: userId, limit: 200 });
  return entries.filter((e) => e.reference === jobId).reverse();
}

export async function balanceOf(h: Harness, userId: string) {
  return h.billing.getBalance({ principalId: userId });
}

/** A job's row as stored (column names as in the table). */
export async function jobRow(h: Harness, jobId: string) {
  const { rows } = await h.db.query('SELECT * FROM jobs WHERE id = $1', [jobId]);
  return rows[0] as Record<string, unknown> | undefined;
}

/** Reads every message on `subject` (logical, unprefixed) of a stream (logical name) with a fresh consumer. */
export async function readStream(
  h: Harness,
  stream: 'WORK' | 'EVENTS',
  subject: string,
): Promise<{ subject: string; data: unknown; msgId: string | undefined }[]> {
  const prefix = h.fleet.natsPrefix;
  const streamName = `${prefix.toUpperCase()}_${stream}`;
  const jsm = await jetstreamManager(h.nats);
  const name = `test-${Math.random().toString(36).slice(2, 10)}`;
  // A work-queue stream takes no consumer that overlaps another's filter: every reader is the
  // only one while it reads, and goes away after.
  await jsm.consumers.add(streamName, {
    durable_name: name,
    filter_subject: `${prefix}.${subject}`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
  });
  try {
    const consumer = await jetstream(h.nats).consumers.get(streamName, name);
    const out: { subject: string; data: unknown; msgId: string | undefined }[] = [];
    const info = await consumer.info();
    let pending = info.num_pending;
    while (pending > 0) {
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 256), expires: 2000 });
      let got = 0;
      for await (const m of batch) {
        out.push({ subject: m.subject.slice(prefix.length + 1), data: m.json(), msgId: m.headers?.get('Nats-Msg-Id') });
        got += 1;
      }
      if (got === 0) break;
      pending -= got;
    }
    return out;
  } finally {
    await jsm.consumers.delete(streamName, name);
  }
}

const ENDS = ['succeeded', 'failed', 'cancelled'];

/**
 * The events of a job that has ended, up to its end: the relay publishes right after the commit,
 * so this waits until the last one read is an end.
 */
export function eventsOf(h: Harness, jobId: string): Promise<JobEventPayload[]> {
  return eventually(
    `the events of ${jobId} up to its end`,
    async () => {
      const events = (await readStream(h, 'EVENTS', 'events.job.>'))
        .map((e) => e.data as JobEventPayload)
        .filter((e) => e.job_id === jobId);
      return events.length > 0 && ENDS.includes(events.at(-1)!.status) && events;
    },
    30_000,
  );
}

/** The AppError code a call fails with ('none' when it succeeds). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (err) {
    return (err as { code?: string }).code ?? 'unknown';
  }
}

export async function errorOf(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string; details: Record<string, unknown> };
    return { code: e.code, message: e.message, details: e.details };
  }
  assert.fail('expected the call to fail');
}
