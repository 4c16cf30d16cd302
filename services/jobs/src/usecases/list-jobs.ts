import { listLimit } from '@tp/grpc';
import {
  checkStatusFilter,
  checkTypeFilter,
  checkUserId,
  checkWorkspaceId,
  decodeCursor,
  encodeCursor,
} from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import { type JobWithPosition, withPositions } from './positions.ts';

export interface ListJobsDeps {
  queries: Pick<JobQueries, 'listJobs'>;
  queue: Pick<QueueStore, 'positions'>;
}

/** Filters as the wire carries them ('' = none; limit 0 = the default). */
export interface ListJobsInput {
  userId: string;
  limit: number;
  status: string;
  type: string;
  workspaceId: string;
  cursor: string;
}

export interface JobsPage {
  jobs: JobWithPosition[];
  /** '' on the last page. */
  nextCursor: string;
}

/** ListJobs: the user's top-level jobs, newest first, a page at a time. */
export async function listJobs(deps: ListJobsDeps, input: ListJobsInput): Promise<JobsPage> {
  const userId = checkUserId(input.userId);
  const limit = listLimit(input.limit);
  const jobs = await deps.queries.listJobs({
    userId,
    status: checkStatusFilter(input.status),
    type: checkTypeFilter(input.type),
    workspaceId: checkWorkspaceId(input.workspaceId),
    beforeId: decodeCursor(input.cursor),
    limit: limit + 1,
  });
  const page = jobs.slice(0, limit);
  return {
    jobs: await withPositions(deps.queue, page),
    nextCursor: jobs.length > limit ? encodeCursor(page[page.length - 1]!.id) : '',
  };
}
