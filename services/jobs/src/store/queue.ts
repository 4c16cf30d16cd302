import { permuteRanks, type QueueSlot } from '../domain/queue.ts';
import { type Job, Prisma, type PrismaClient } from '../generated/prisma/client.ts';
import { POSITION, USER_AHEAD } from './queue-sql.ts';
import { VISIBLE } from './records.ts';
import { inTransaction } from './transaction.ts';

export interface QueuePage {
  jobs: Job[];
  totalRunning: number;
  totalQueued: number;
}

/** Queued for a worker: client-local jobs wait for their device, in no queue (ADR 0023). */
const isQueued = (job: Job) => job.status === 'queued' && job.holdState === 'held' && job.executionMode === 'cloud';

/** Where a queued job stands: its place in its pool's queue, and whether its user's limit holds it back. */
export interface QueuePlace {
  /** 1 + the runnable queued jobs of the same pool ahead of it (all users). */
  position: number;
  /** Its user's running jobs plus their queued jobs ahead of it reach their max_concurrent_jobs. */
  heldBack: boolean;
}

/** The places of runnable queued jobs, by id. */
async function placesOf(prisma: PrismaClient, ids: string[], fallbackLimit: number) {
  if (ids.length === 0) return [];
  return prisma.$queryRaw<{ id: string; parent_job_id: string | null; position: number; held_back: boolean }[]>`
    SELECT j.id, j.parent_job_id, ${Prisma.raw(POSITION)} AS position,
      ${Prisma.raw(USER_AHEAD)} >= COALESCE(l.max_concurrent_jobs, ${fallbackLimit}) AS held_back
    FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id
    WHERE j.id = ANY(${ids}::text[])`;
}

/**
 * The queue places of the queued jobs among `jobs`; a queued batch parent has the place of its
 * first queued item. Jobs not queued are absent.
 */
async function positions(
  prisma: PrismaClient,
  jobs: readonly Job[],
  fallbackLimit: number,
): Promise<Map<string, QueuePlace>> {
  const result = new Map<string, QueuePlace>();
  const runnable = jobs.filter((job) => isQueued(job) && job.itemCount === 0).map((job) => job.id);
  for (const row of await placesOf(prisma, runnable, fallbackLimit))
    result.set(row.id, { position: Number(row.position), heldBack: row.held_back });
  const parents = jobs.filter((job) => isQueued(job) && job.itemCount > 0).map((job) => job.id);
  if (parents.length > 0) {
    const items = await prisma.job.findMany({
      where: { parentJobId: { in: parents }, status: 'queued', holdState: 'held' },
      select: { id: true },
    });
    for (const row of await placesOf(
      prisma,
      items.map((item) => item.id),
      fallbackLimit,
    )) {
      const first = result.get(row.parent_job_id!);
      if (!first || row.position < first.position)
        result.set(row.parent_job_id!, { position: Number(row.position), heldBack: row.held_back });
    }
  }
  return result;
}

/** The user's running jobs (oldest start first), then queued ones in execution order; a window of that list. */
async function queueOf(
  prisma: PrismaClient,
  userId: string,
  type: string,
  offset: number,
  limit: number,
): Promise<QueuePage> {
  const base = { userId, type, itemCount: 0, executionMode: 'cloud', ...VISIBLE };
  const [totalRunning, totalQueued] = await Promise.all([
    prisma.job.count({ where: { ...base, status: 'running' } }),
    prisma.job.count({ where: { ...base, status: 'queued' } }),
  ]);
  const running =
    offset < totalRunning
      ? await prisma.job.findMany({
          where: { ...base, status: 'running' },
          orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
          skip: offset,
          take: limit,
        })
      : [];
  const room = limit - running.length;
  const queued =
    room > 0
      ? await prisma.job.findMany({
          where: { ...base, status: 'queued' },
          orderBy: [{ queueRank: 'asc' }, { id: 'asc' }],
          skip: Math.max(0, offset - totalRunning),
          take: room,
        })
      : [];
  return { jobs: [...running, ...queued], totalRunning, totalQueued };
}

/**
 * ReorderQueue: permutes the ranks the user's queued jobs of one queue (type and pool) already
 * hold. Errors as `permuteRanks` says when a job left the queue meanwhile.
 */
function reorder(prisma: PrismaClient, job: Job, beforeJobId: string | null): Promise<number> {
  return inTransaction(prisma, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; queue_rank: bigint }[]>`
      SELECT id, queue_rank FROM jobs
      WHERE user_id = ${job.userId} AND type = ${job.type} AND pool = ${job.pool} AND status = 'queued' AND hold_state = 'held' AND item_count = 0
        AND execution_mode = 'cloud'
      ORDER BY id FOR UPDATE`;
    const slots: QueueSlot[] = rows.map((row) => ({ id: row.id, rank: BigInt(row.queue_rank) }));
    const changed = permuteRanks(slots, job.id, beforeJobId);
    if (changed.length > 0) {
      const ids = changed.map((slot) => slot.id);
      const ranks = changed.map((slot) => slot.rank.toString());
      await tx.$executeRaw`
        UPDATE jobs SET queue_rank = v.rank
        FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${ranks}::bigint[]) AS rank) v
        WHERE jobs.id = v.id`;
    }
    return changed.length;
  });
}

/** The queue order: positions, a user's queue, reordering. `defaultMaxConcurrentJobs`: a user's limit when none is recorded. */
export function createQueueStore(prisma: PrismaClient, limits: { defaultMaxConcurrentJobs: number }) {
  return {
    positions: (jobs: readonly Job[]) => positions(prisma, jobs, limits.defaultMaxConcurrentJobs),
    queueOf: (userId: string, type: string, offset: number, limit: number) =>
      queueOf(prisma, userId, type, offset, limit),
    reorder: (job: Job, beforeJobId: string | null) => reorder(prisma, job, beforeJobId),
  };
}

export type QueueStore = ReturnType<typeof createQueueStore>;
