import { AppError } from '@tp/errors';

export interface QueueSlot {
  id: string;
  rank: bigint;
}

/**
 * ReorderQueue: moves `jobId` in front of `beforeJobId` (or behind all, when null) within ONE
 * user's queued jobs of a pool, by permuting the rank slots that user already holds: the same
 * set of ranks is handed back in the new order. Other users' jobs keep their places, so nobody
 * can jump ahead of anyone else. `slots` are the user's queued jobs of the pool (any order).
 * Returns only the slots whose rank changes.
 */
export function permuteRanks(slots: readonly QueueSlot[], jobId: string, beforeJobId: string | null): QueueSlot[] {
  if (beforeJobId === jobId) throw new AppError('validation_error', 'A job cannot be moved before itself.');
  const ordered = [...slots].sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1));
  const moving = ordered.findIndex((slot) => slot.id === jobId);
  if (moving < 0) throw new AppError('job_not_queued', `Job ${jobId} is not queued.`);
  const order = ordered.map((slot) => slot.id);
  order.splice(moving, 1);
  if (beforeJobId === null) {
    order.push(jobId);
  } else {
    const target = order.indexOf(beforeJobId);
    if (target < 0) throw new AppError('job_not_queued', `Job ${beforeJobId} is not queued.`);
    order.splice(target, 0, jobId);
  }
  const ranks = ordered.map((slot) => slot.rank);
  const changed: QueueSlot[] = [];
  order.forEach((id, i) => {
    const before = ordered.find((slot) => slot.id === id)!;
    if (before.rank !== ranks[i]) changed.push({ id, rank: ranks[i]! });
  });
  return changed;
}
