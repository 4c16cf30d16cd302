import type { PrismaClient } from '../generated/prisma/client.ts';
import { createBillingStateStore } from './billing-state.ts';
import { createCancellationStore } from './cancellation.ts';
import { createCreationStore } from './creation.ts';
import { createDeviceRunStore } from './device-runs.ts';
import { createIdempotencyStore } from './idempotency.ts';
import { createLifecycleStore } from './lifecycle.ts';
import { createJobQueries } from './queries.ts';
import { createQueueStore } from './queue.ts';

/**
 * The only place that talks to the jobs tables, by concern; each use case takes the parts it
 * needs. `defaultMaxConcurrentJobs`: the limit of a user who has none recorded yet.
 */
export function createJobsStore(prisma: PrismaClient, limits: { defaultMaxConcurrentJobs: number }) {
  return {
    queries: createJobQueries(prisma),
    queue: createQueueStore(prisma, limits),
    idempotency: createIdempotencyStore(prisma),
    creation: createCreationStore(prisma, limits),
    lifecycle: createLifecycleStore(prisma, limits),
    cancellation: createCancellationStore(prisma),
    billingState: createBillingStateStore(prisma),
    deviceRuns: createDeviceRunStore(prisma),
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;
