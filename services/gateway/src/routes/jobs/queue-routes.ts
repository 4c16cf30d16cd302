import type { GatewayClients } from '../../clients.ts';
import { defineRoute } from '../../http/route.ts';
import { presentQueue } from './presenters.ts';
import { JobQueueQuery, JobQueueSchema, ReorderJobQueueRequest } from './schemas.ts';

export const getJobQueue = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/queue',
    operationId: 'getJobQueue',
    summary: 'Your running and queued jobs, in execution order',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    query: JobQueueQuery,
    status: 200,
    response: JobQueueSchema,
    handler: async ({ principal, query }) =>
      presentQueue(
        await jobs.getQueue({
          userId: principal.userId,
          jobType: query.job_type,
          limit: query.limit,
          offset: query.offset,
        }),
      ),
  });

export const reorderJobQueue = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/jobs/queue/reorder',
    operationId: 'reorderJobQueue',
    summary: 'Move a queued job before another, or to the end',
    description:
      'Reorders your own queued jobs among the queue places they already hold: no job moves ahead of another user’s jobs. Workers take jobs in this order.',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:write' },
    body: ReorderJobQueueRequest,
    status: 200,
    response: JobQueueSchema,
    errors: ['not_found', 'job_not_queued'],
    handler: async ({ principal, body }) =>
      presentQueue(
        await jobs.reorderQueue({
          userId: principal.userId,
          jobId: body.job_id,
          beforeJobId: body.before_job_id ?? '',
        }),
      ),
  });
