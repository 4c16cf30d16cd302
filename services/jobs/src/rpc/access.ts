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
/**
 * The worker reports on, completes and fails a job only under a grant of that job (ADR 0040): one
 * jobs signed for it at a claim. The use cases check that the job still runs on the caller's ticket,
 * so a grant past its expiry still names its job for a day: a completion that comes after an outage
 * longer than a grant's life is kept, not lost.
 */
const UNDER_THE_JOBS_GRANT = { grant: { job: 'jobId' }, lapseSeconds: 24 * 3600 } as const;

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
  reportProgress: { worker: UNDER_THE_JOBS_GRANT },
  completeJob: { worker: UNDER_THE_JOBS_GRANT },
  failJob: { worker: UNDER_THE_JOBS_GRANT },
});
