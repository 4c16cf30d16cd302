import { servedModelList } from '@tp/catalog';
import type { ServiceHandlers } from '@tp/grpc';
import type { JobsServiceService } from '@tp/proto';
import { type CancelJobDeps, cancelJob } from '../usecases/cancel-job.ts';
import { type ClaimJobDeps, claimJob } from '../usecases/claim-job.ts';
import { type CompleteJobDeps, completeJob } from '../usecases/complete-job.ts';
import { type CreateJobDeps, createJob } from '../usecases/create-job.ts';
import { type DeliverTranscriptDeps, deliverTranscript } from '../usecases/deliver-transcript.ts';
import { type ExportJobDeps, exportJob } from '../usecases/export-job.ts';
import { type FailJobDeps, failJob } from '../usecases/fail-job.ts';
import { type FindIdempotentJobDeps, findIdempotentJob } from '../usecases/find-idempotent-job.ts';
import { type GetDeploymentDeps, getDeployment } from '../usecases/get-deployment.ts';
import { type GetJobDeps, getJob } from '../usecases/get-job.ts';
import { type GetQueueDeps, getQueue } from '../usecases/get-queue.ts';
import { type ListItemsDeps, listItems } from '../usecases/list-items.ts';
import { type ListJobsDeps, listJobs } from '../usecases/list-jobs.ts';
import { type ReorderQueueDeps, reorderQueue } from '../usecases/reorder-queue.ts';
import { type ReportDeviceProgressDeps, reportDeviceProgress } from '../usecases/report-device-progress.ts';
import { type JobGrantDeps, jobGrant, jobWindowCredentials } from '../usecases/job-grant.ts';
import { type ReportProgressDeps, reportProgress } from '../usecases/report-progress.ts';
import { toWire, toWirePage, toWireQueue } from './wire.ts';

/** What every use case behind JobsService needs, together. */
export type JobsServiceDeps = CreateJobDeps &
  JobGrantDeps &
  FindIdempotentJobDeps &
  GetJobDeps &
  ListJobsDeps &
  CancelJobDeps &
  GetQueueDeps &
  ReorderQueueDeps &
  ListItemsDeps &
  ExportJobDeps &
  GetDeploymentDeps &
  ReportDeviceProgressDeps &
  DeliverTranscriptDeps &
  ClaimJobDeps &
  ReportProgressDeps &
  CompleteJobDeps &
  FailJobDeps;

/** JobsService: the wire to the use cases and back. */
export function jobsServiceHandlers(deps: JobsServiceDeps): ServiceHandlers<typeof JobsServiceService> {
  return {
    async createJob(request, ctx) {
      const { job, replayed } = await createJob(deps, { ...request, deadline: ctx.deadline });
      return { job: toWire(job), replayed };
    },
    async findIdempotentJob(request, ctx) {
      const job = await findIdempotentJob(deps, { ...request, deadline: ctx.deadline });
      return { job: toWire(job), replayed: true };
    },
    getJob: async (request) => toWire(await getJob(deps, request)),
    listJobs: async (request) => toWirePage(await listJobs(deps, request)),
    cancelJob: async (request) => toWire(await cancelJob(deps, request)),
    getQueue: async (request) => toWireQueue(await getQueue(deps, request)),
    reorderQueue: async (request) => toWireQueue(await reorderQueue(deps, request)),
    listItems: async (request) => toWirePage(await listItems(deps, request)),
    exportJob: (request) => exportJob(deps, request),
    getDeployment: async () => {
      const deployment = getDeployment(deps);
      return {
        engines: [...deployment.engines].sort(),
        models: servedModelList(deployment.models ?? new Map()),
        translations: [...deployment.translations],
      };
    },
    // --- the user's device, for a client-local job (ADR 0023) ---------------------------------
    reportDeviceProgress: async (request) => toWire(await reportDeviceProgress(deps, request)),
    deliverTranscript: async (request) => toWire(await deliverTranscript(deps, request)),

    // --- worker surface -----------------------------------------------------------------------
    async claimJob(request) {
      const claimed = await claimJob(deps, request);
      if (!claimed) return { job: undefined, traceparent: '', grant: '', windowCredentials: '' };
      return {
        job: toWire(claimed),
        traceparent: claimed.job.traceParent ?? '',
        grant: await jobGrant(deps, claimed.job),
        windowCredentials: await jobWindowCredentials(deps, claimed.job.id),
      };
    },
    async reportProgress(request) {
      const running = await reportProgress(deps, request);
      return running ? { cancel: false, grant: await jobGrant(deps, running) } : { cancel: true, grant: '' };
    },
    completeJob: async (request) => toWire(await completeJob(deps, request)),
    failJob: async (request) => toWire(await failJob(deps, request)),
  };
}
