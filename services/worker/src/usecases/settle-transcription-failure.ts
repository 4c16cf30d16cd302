import type { Job } from '@tp/proto';
import { decodeFailureOutcome, engineFailed } from '../domain/job-failures.ts';
import { DecodeError, EngineError, type SpeechEngine } from '@tp/engines';
import { type FailJobDeps, failJob } from './fail-job.ts';
import { settleStoppedJob } from './settle-stopped-job.ts';
import type { TicketHandle } from './ticket.ts';

export interface SettleTranscriptionFailureInput {
  /** What stopped the transcription. */
  err: unknown;
  job: Job;
  ticket: TicketHandle;
  engine: SpeechEngine;
}

/**
 * Turns what stopped a transcription into the job's outcome: a cancelled job is let go, a job that
 * timed out, an unreadable or vanished media and a failed engine fail the job. Anything else
 * (shutdown, storage that may come back, the unexpected) is thrown for another attempt.
 */
export async function settleTranscriptionFailure(
  deps: FailJobDeps,
  { err, job, ticket, engine }: SettleTranscriptionFailureInput,
): Promise<void> {
  if (await settleStoppedJob(deps, { err, job, ticket })) return;
  if (err instanceof DecodeError) {
    const failure = decodeFailureOutcome(err.failure);
    if (failure) return failJob(deps, { job, ticket, failure });
  }
  if (err instanceof EngineError) {
    deps.log.error({ err, jobId: job.jobId, engine: engine.kind, engineOutput: err.output }, 'speech engine failed');
    return failJob(deps, { job, ticket, failure: engineFailed() });
  }
  throw err;
}
