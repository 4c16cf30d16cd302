import { PROFILES } from '@tp/catalog';
import type { Bus } from '@tp/bus';
import { collectOnScrape, counter, gauge, JOBS_METRICS } from '@tp/metrics';
import { JOB_TYPES, type JobStatus } from './domain/job-rules.ts';
import type { QueueStats } from './store/queue-stats.ts';

// The jobs service's metrics (catalogue: JOBS_METRICS of @tp/metrics; ADR 0030).

const created = counter(JOBS_METRICS.created);
const started = counter(JOBS_METRICS.started);
const finished = counter(JOBS_METRICS.finished);
const queueDepth = gauge(JOBS_METRICS.queueDepth);
const queueOldestAge = gauge(JOBS_METRICS.queueOldestAge);
const consumerPending = gauge(JOBS_METRICS.consumerPending);
const consumerAckPending = gauge(JOBS_METRICS.consumerAckPending);

/** A job's status as announced by its event. */
export interface CountedJob {
  type: string;
  profile: string;
  status: string;
  /** A batch parent's items; its own status is their aggregate, so only the items are counted. */
  itemCount: number;
}

/**
 * Counts a job's new status (called once its change has committed): queued is its admission, running
 * its start, the terminal statuses its outcome.
 */
export function countJobStatus(job: CountedJob): void {
  if (job.itemCount > 0) return;
  const labels = { type: job.type, profile: job.profile };
  const status = job.status as JobStatus;
  if (status === 'queued') created.inc(labels);
  else if (status === 'running') started.inc(labels);
  else finished.inc({ ...labels, outcome: status });
}

/** Every pool of the catalogue's profiles: a queue with nothing waiting reads 0, not absent. */
const POOLS = [...new Set(PROFILES.map((profile) => profile.pool))];

/** The queue (from the database) and the consumers' lag (from NATS), read at each scrape; a function that stops it. */
export function collectJobsMetrics(deps: {
  queueStats: Pick<QueueStats, 'waiting'>;
  bus: Pick<Bus, 'consumerBacklogs'>;
  now: () => Date;
}): () => void {
  const removeQueue = collectOnScrape({
    name: 'jobs_queue',
    gauges: [queueDepth, queueOldestAge],
    collect: async () => {
      const waiting = await deps.queueStats.waiting(POOLS);
      for (const type of JOB_TYPES)
        for (const pool of POOLS) {
          queueDepth.set({ type, pool }, 0);
          queueOldestAge.set({ type, pool }, 0);
        }
      const now = deps.now().getTime();
      for (const { type, pool, depth, oldestCreatedAt } of waiting) {
        queueDepth.set({ type, pool }, depth);
        queueOldestAge.set({ type, pool }, Math.max(0, (now - oldestCreatedAt.getTime()) / 1000));
      }
    },
  });
  const removeLag = collectOnScrape({
    name: 'nats_consumers',
    gauges: [consumerPending, consumerAckPending],
    collect: async () => {
      const streams = ['WORK', 'EVENTS'];
      const backlogs = await Promise.all(streams.map((stream) => deps.bus.consumerBacklogs(stream)));
      consumerPending.reset();
      consumerAckPending.reset();
      backlogs.forEach((ofStream, i) => {
        for (const { consumer, pending, ackPending } of ofStream) {
          consumerPending.set({ stream: streams[i]!, consumer }, pending);
          consumerAckPending.set({ stream: streams[i]!, consumer }, ackPending);
        }
      });
    },
  });
  return () => {
    removeQueue();
    removeLag();
  };
}
