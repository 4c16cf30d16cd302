import type { QueuePlace, QueueStore } from '../store/queue.ts';
import type { Job } from '../store/records.ts';

/**
 * Why a queued job waits: its user's plan limit, or its turn at a worker (ADR 0012); a client-local
 * job, for its user's device (it has no place in any queue; ADR 0023).
 */
export type QueueReason = 'concurrency_limit' | 'waiting_for_worker' | 'waiting_for_device';

/** A job as the API shows it: with its queue position (0 when it is not queued) and why it waits. */
export interface JobWithPosition {
  job: Job;
  position: number;
  /** Null unless queued. */
  queueReason: QueueReason | null;
}

/** A job as the API shows it, from its queue place (none unless it waits in a queue). */
export function presentPlace(job: Job, place: QueuePlace | null | undefined): JobWithPosition {
  if (job.executionMode === 'client_local' && job.status === 'queued')
    return { job, position: 0, queueReason: 'waiting_for_device' };
  if (!place) return { job, position: 0, queueReason: null };
  return { job, position: place.position, queueReason: place.heldBack ? 'concurrency_limit' : 'waiting_for_worker' };
}

export async function withPositions(
  queue: Pick<QueueStore, 'positions'>,
  jobs: readonly Job[],
): Promise<JobWithPosition[]> {
  const places = await queue.positions(jobs);
  return jobs.map((job) => presentPlace(job, places.get(job.id)));
}

export async function withPosition(queue: Pick<QueueStore, 'positions'>, job: Job): Promise<JobWithPosition> {
  return (await withPositions(queue, [job]))[0]!;
}
