import { isIdShaped, nextProgress } from '../domain/job-rules.ts';
import type { LifecycleStore } from '../store/lifecycle.ts';
import type { Job } from '../store/records.ts';

export interface ReportProgressDeps {
  lifecycle: Pick<LifecycleStore, 'reportProgress'>;
  now: () => Date;
}

export interface ReportProgressInput {
  jobId: string;
  ticketId: string;
  progress: number;
}

/**
 * ReportProgress: records a running job's progress (and that its worker lives); the job, still running
 * on this ticket, or null when the worker should stop.
 */
export async function reportProgress(deps: ReportProgressDeps, input: ReportProgressInput): Promise<Job | null> {
  if (!isIdShaped(input.jobId) || input.ticketId === '') return null;
  return deps.lifecycle.reportProgress(
    input.jobId,
    input.ticketId,
    (current) => nextProgress(current, input.progress),
    deps.now(),
  );
}
