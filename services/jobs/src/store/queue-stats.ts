import type { PrismaClient } from '../generated/prisma/client.ts';

/** The jobs waiting for a worker in one queue (type and pool). */
export interface WaitingJobs {
  type: string;
  pool: string;
  depth: number;
  oldestCreatedAt: Date;
}

/**
 * What waits in the queues, for metrics (one grouped read per scrape, on the pool/status index):
 * admitted cloud jobs that are queued, batch parents left out (their items wait).
 */
export function createQueueStats(prisma: PrismaClient) {
  return {
    waiting: async (): Promise<WaitingJobs[]> => {
      const rows = await prisma.$queryRaw<{ type: string; pool: string; depth: number; oldest: Date }[]>`
        SELECT type, pool, count(*)::int AS depth, min(created_at) AS oldest
        FROM jobs
        WHERE status = 'queued' AND hold_state = 'held' AND item_count = 0 AND execution_mode = 'cloud'
        GROUP BY type, pool`;
      return rows.map((row) => ({ type: row.type, pool: row.pool, depth: row.depth, oldestCreatedAt: row.oldest }));
    },
  };
}

export type QueueStats = ReturnType<typeof createQueueStats>;
