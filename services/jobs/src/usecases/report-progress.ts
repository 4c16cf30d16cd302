import { isIdShaped, nextProgress } from '../domain/job-rules.ts';
import type { LifecycleStore } from '../store/lifecycle.ts';

export interface ReportProgressDeps {
  lifecycle: Pick<LifecycleStore, 'reportProgress'>;
  now: () => Date;
}

export interface ReportProgressInput {
  jobId: string;
  ticketId: string;
  progress: number;
}

/** ReportProgress: records a running job's progress (and that its worker lives); true when the worker should stop. */
export async function reportProgress(deps: ReportProgressDeps, input: ReportProgressInput): Promise<boolean> {
  if (!isIdShaped(input.jobId) || input.ticketId === '') return true;
  const job = await deps.lifecycle.reportProgress(
    input.jobId,
    input.ticketId,
    (current) => nextProgress(current, input.progress),
    deps.now(),
  );
  return job === null;
}
