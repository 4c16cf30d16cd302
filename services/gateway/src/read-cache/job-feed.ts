import type { Bus, Subscription } from '@tp/bus';
import { JOB_EVENTS_FILTER, type JobEventPayload } from '@tp/events';
import type { Logger } from '@tp/logging';
import { startLiveFeed } from '../events/live-feed.ts';
import type { ReadCache } from './read-cache.ts';

/**
 * Keeps the read cache honest about jobs that change elsewhere (a worker, another replica, jobs'
 * own tasks): every job event evicts that job's entries, its batch's (whose progress and status
 * follow its items) and its owner's balance (a job's start and end move credits). The cache keeps
 * nothing while this feed is not connected.
 */
export function startJobFeed(bus: Bus, cache: ReadCache, log: Logger): Promise<Subscription> {
  return startLiveFeed<JobEventPayload>(
    bus,
    JOB_EVENTS_FILTER,
    (event) => {
      const { job_id: jobId, parent_job_id: parentId, user_id: userId } = event.data ?? {};
      if (typeof jobId === 'string') cache.invalidateJob(jobId);
      if (typeof parentId === 'string') cache.invalidateJob(parentId);
      if (typeof userId === 'string') cache.invalidateBalance(userId);
      log.debug({ subject: event.subject, jobId }, 'read cache evicted');
    },
    (live) => cache.setLive(live),
  );
}
