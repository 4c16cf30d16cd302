import { isTerminal, type JobStatus } from './job-rules.ts';

/** What the aggregate of a batch reads of each item. */
export interface ItemFacts {
  status: string;
  progress: number;
  artifactIds: readonly string[];
  billedSeconds: number | null;
  chargedMicro: bigint;
  reservedMicro: bigint;
  mediaDurationSeconds: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface BatchAggregate {
  status: JobStatus;
  progress: number;
  artifactIds: string[];
  errorCode: string | null;
  errorMessage: string | null;
  billedSeconds: number | null;
  chargedMicro: bigint;
  reservedMicro: bigint;
  mediaDurationSeconds: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const ITEMS_FAILED = 'items_failed';

/**
 * A batch parent shows its items: queued while no item has started or ended (cancelled items
 * aside), running while any is unfinished, and once every item has ended: failed if any failed,
 * else succeeded if any succeeded, else cancelled. Progress is the mean over the items (an ended
 * item counts 100); artifacts are the union of the items' in item order.
 */
export function aggregateBatch(items: readonly ItemFacts[]): BatchAggregate {
  if (items.length === 0) throw new RangeError('a batch has at least one item');
  const count = (status: JobStatus) => items.filter((item) => item.status === status).length;
  const failed = count('failed');
  const succeeded = count('succeeded');
  const queued = count('queued');
  const allEnded = items.every((item) => isTerminal(item.status));

  let status: JobStatus;
  if (allEnded) status = failed > 0 ? 'failed' : succeeded > 0 ? 'succeeded' : 'cancelled';
  else if (queued > 0 && items.every((item) => item.status === 'queued' || item.status === 'cancelled'))
    status = 'queued';
  else status = 'running';

  const progress = items.reduce((sum, item) => sum + (isTerminal(item.status) ? 100 : item.progress), 0) / items.length;
  const artifactIds: string[] = [];
  for (const item of items) for (const id of item.artifactIds) if (!artifactIds.includes(id)) artifactIds.push(id);
  const started = items.map((item) => item.startedAt).filter((d): d is Date => d !== null);
  const finished = items.map((item) => item.finishedAt).filter((d): d is Date => d !== null);
  const billed = items.filter((item) => item.status === 'succeeded' && item.billedSeconds !== null);

  return {
    status,
    progress: Math.round(progress * 1000) / 1000,
    artifactIds,
    errorCode: status === 'failed' ? ITEMS_FAILED : null,
    errorMessage: status === 'failed' ? `${failed} of ${items.length} items failed` : null,
    billedSeconds: billed.length > 0 ? billed.reduce((sum, item) => sum + item.billedSeconds!, 0) : null,
    chargedMicro: items.reduce((sum, item) => sum + item.chargedMicro, 0n),
    reservedMicro: items.reduce((sum, item) => sum + item.reservedMicro, 0n),
    mediaDurationSeconds: items.reduce((sum, item) => sum + item.mediaDurationSeconds, 0),
    startedAt: started.length > 0 ? new Date(Math.min(...started.map((d) => d.getTime()))) : null,
    finishedAt: allEnded && finished.length > 0 ? new Date(Math.max(...finished.map((d) => d.getTime()))) : null,
  };
}
