import { z } from 'zod';
import { jobOptionsFromView } from '@tp/job-options';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import type { ReadCache } from '../../read-cache/read-cache.ts';
import { creationErrorAsValidation } from './creation-errors.ts';
import { presentJob } from './presenters.ts';
import { getJobQueue, reorderJobQueue } from './queue-routes.ts';
import { exportJob, listJobArtifacts, listJobItems } from './result-routes.ts';
import { CreateJobRequest, IdempotencyHeaders, JobParams, JobSchema, ListJobsQuery } from './schemas.ts';

/** In this order: `/jobs/queue` must be matched before `/jobs/{job_id}`. */
export function jobRoutes(clients: GatewayClients, readCache: ReadCache): AnyRoute[] {
  return [
    listJobs(clients),
    createJob(clients),
    getJobQueue(clients),
    reorderJobQueue(clients),
    getJob(clients, readCache),
    cancelJob(clients),
    listJobArtifacts(clients),
    listJobItems(clients),
    exportJob(clients),
  ];
}

const listJobs = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs',
    operationId: 'listJobs',
    summary: 'List jobs, newest first',
    description: 'Top-level jobs (batch items are listed under their batch).',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    query: ListJobsQuery,
    status: 200,
    response: z.array(JobSchema),
    handler: async ({ principal, query }) => {
      const res = await jobs.listJobs({
        userId: principal.userId,
        limit: query.limit,
        status: query.status ?? '',
        type: query.type ?? '',
        workspaceId: query.workspace_id ?? '',
        cursor: '',
      });
      return res.jobs.map(presentJob);
    },
  });

const createJob = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/jobs',
    operationId: 'createJob',
    summary: 'Create a transcription or caption burn job',
    description:
      'Reserves credits for the media duration at the profile rate (402 insufficient_credits when short; nothing is queued then) and queues the job. ' +
      'A `caption_burn` job burns a transcript of the media into it (`options.caption_burn`; the newest transcript unless named; ' +
      'none is a 422 at `options.caption_burn.transcript_artifact_id`) at the caption-burn rate, whatever the profile; its output is a ' +
      '`media_export` artifact (an MP4). ' +
      'Poll `GET /api/v1/jobs/{job_id}` until it ends. A profile this deployment does not run is 400 profile_unavailable; ' +
      'a language or option its `capabilities` (`GET /api/v1/models`) do not offer is a 422 of type `unsupported_option` ' +
      'naming the option (`loc`), never ignored, with the choices there are in `ctx` (e.g. the translation `targets`). ' +
      'With `execution_mode: client_local` your own device runs the job: it is queued `waiting_for_device`, holds no ' +
      'credits, and ends when the device delivers its transcript (`POST /api/v1/jobs/{job_id}/transcript`).',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:write' },
    rateLimit: 'job_create',
    headers: IdempotencyHeaders,
    body: CreateJobRequest,
    status: 202,
    response: JobSchema,
    errors: [
      'not_found',
      'media_not_ready',
      'insufficient_credits',
      'idempotency_conflict',
      // A retry while the first request with its key is still being created.
      'conflict',
      'profile_unavailable',
      'feature_required',
    ],
    handler: async ({ principal, headers, body }) => {
      const res = await jobs
        .createJob({
          userId: principal.userId,
          workspaceId: body.workspace_id ?? '',
          type: body.type,
          mediaIds: body.input.type === 'batch' ? body.input.media_ids : [body.input.media_id],
          batch: body.input.type === 'batch',
          profile: body.profile,
          options: jobOptionsFromView(body.options),
          idempotencyKey: headers['idempotency-key'] ?? '',
          features: [...principal.features],
          webhookId: '',
          requestFingerprint: '',
          executionMode: body.execution_mode,
        })
        .catch((err: unknown) => {
          throw creationErrorAsValidation(err);
        });
      return presentJob(res.job!);
    },
  });

const getJob = ({ jobs }: GatewayClients, readCache: ReadCache) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{job_id}',
    operationId: 'getJob',
    summary: 'Status and progress of a job',
    description:
      'Polling is cheap: the gateway keeps the answer briefly. A change of status shows at once (jobs announce ' +
      'them), as does anything you change through the API; the progress and queue place of a queued or running ' +
      'job within JOB_READ_CACHE_MS (0.5 s by default), a late correction of an ended job’s charge within ' +
      'JOB_FINISHED_READ_CACHE_MS (30 s).',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: JobParams,
    status: 200,
    response: JobSchema,
    errors: ['not_found'],
    handler: ({ principal, params }) =>
      readCache.job(principal.userId, params.job_id, async () =>
        presentJob(await jobs.getJob({ userId: principal.userId, jobId: params.job_id })),
      ),
  });

const cancelJob = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/jobs/{job_id}',
    operationId: 'cancelJob',
    summary: 'Cancel a queued or running job',
    description:
      'A running job stops within seconds; its credit hold is released. A batch cancels its unfinished items. A finished job is 409 job_not_cancellable.',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:write' },
    params: JobParams,
    status: 200,
    response: JobSchema,
    errors: ['not_found', 'job_not_cancellable'],
    handler: async ({ principal, params }) =>
      presentJob(await jobs.cancelJob({ userId: principal.userId, jobId: params.job_id })),
  });
