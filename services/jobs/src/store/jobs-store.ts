import type { DirectSql } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createBillingStateStore } from './billing-state.ts';
import { createCancellationStore } from './cancellation.ts';
import { createCreationStore } from './creation.ts';
import { createDeviceRunStore } from './device-runs.ts';
import { createIdempotencyStore } from './idempotency.ts';
import { createJobReads } from './job-reads.ts';
import { createLifecycleStore } from './lifecycle.ts';
import { createJobQueries } from './queries.ts';
import { createQueueStore } from './queue.ts';
import { createQueueStats } from './queue-stats.ts';

/**
 * The only place that talks to the jobs tables, by concern; each use case takes the parts it
 * needs. `defaultMaxConcurrentJobs`: the limit of a user who has none recorded yet. `sql`: the
 * same database's pool without the ORM, for the hot reads (ADR 0025).
 */
export function createJobsStore(
  database: { prisma: PrismaClient; sql: DirectSql },
  limits: { defaultMaxConcurrentJobs: number },
) {
  const { prisma, sql } = database;
  return {
    queries: createJobQueries(prisma),
    reads: createJobReads(sql, limits),
    queue: createQueueStore(prisma, limits),
    idempotency: createIdempotencyStore(prisma),
    creation: createCreationStore(prisma, limits),
    lifecycle: createLifecycleStore(prisma, limits),
    cancellation: createCancellationStore(prisma),
    billingState: createBillingStateStore(prisma),
    deviceRuns: createDeviceRunStore(prisma),
    queueStats: createQueueStats(prisma),
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;
