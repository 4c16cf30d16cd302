import { defineAccess } from '@tp/grpc';
import { JobsServiceService } from '@tp/proto';

/**
 * Who may call JobsService (ADR 0011): the gateway for the user the request names; the worker
 * alone claims, reports on, completes and fails the jobs it runs. What the deployment runs is no
 * user's: the gateway asks it for `/models` as itself (anonymous callers see it too). The webhook
 * dispatcher reads the job a delivery is about (and its transcript) as itself for the event's
 * user: `'user'`, so its token must name that user (CallOptions.user) and the request's userId be
 * that user; `'service'` would also let a token naming no user read any user's job.
 */
export const JOBS_ACCESS = defineAccess(JobsServiceService, {
  createJob: { gateway: 'user' },
  findIdempotentJob: { gateway: 'user' },
  getJob: { gateway: 'user', 'webhook-dispatcher': 'user' },
  listJobs: { gateway: 'user' },
  cancelJob: { gateway: 'user' },
  getQueue: { gateway: 'user' },
  reorderQueue: { gateway: 'user' },
  listItems: { gateway: 'user' },
  exportJob: { gateway: 'user', 'webhook-dispatcher': 'user' },
  getDeployment: { gateway: 'service' },
  reportDeviceProgress: { gateway: 'user' },
  deliverTranscript: { gateway: 'user' },
  claimJob: { worker: 'service' },
  reportProgress: { worker: 'service' },
  completeJob: { worker: 'service' },
  failJob: { worker: 'service' },
});
