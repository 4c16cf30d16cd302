import { listLimit } from '@tp/grpc';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import type { JobsPage } from './list-jobs.ts';
import { withPositions } from './positions.ts';
import { findUserJob } from './user-job.ts';

export interface ListItemsDeps {
  queries: Pick<JobQueries, 'findJob' | 'listItems'>;
  queue: Pick<QueueStore, 'positions'>;
}

export interface ListItemsInput {
  userId: string;
  jobId: string;
  limit: number;
}

/** ListItems: the items of a batch in creation order (one page: a batch has at most a page of items). */
export async function listItems(deps: ListItemsDeps, input: ListItemsInput): Promise<JobsPage> {
  const job = await findUserJob(deps.queries, input.userId, input.jobId);
  const limit = listLimit(input.limit);
  if (job.itemCount === 0) return { jobs: [], nextCursor: '' };
  return { jobs: await withPositions(deps.queue, await deps.queries.listItems(job.id, limit)), nextCursor: '' };
}
