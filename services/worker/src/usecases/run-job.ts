import { audioChannels } from '@tp/catalog';
import type { Job } from '@tp/proto';
import { engineNotRunHere, modelNotRunHere, unsupportedJobType } from '../domain/job-failures.ts';
import { CAPTION_BURN_JOB_TYPE } from '../domain/caption-burn-job.ts';
import { transcriptionOptions } from '../domain/job-options.ts';
import { JOB_TYPE, jobModel } from '../domain/transcription-job.ts';
import type { EngineSet } from '@tp/engines';
import { buildJobTranscript, checked } from './build-job-transcript.ts';
import { completeJob } from './complete-job.ts';
import { failJob } from './fail-job.ts';
import { startHeartbeat } from './heartbeat.ts';
import { type ReadMediaUrlDeps, readMediaUrl } from './read-media-url.ts';
import { type RunCaptionBurnJobDeps, runCaptionBurnJob } from './run-caption-burn-job.ts';
import { settleTranscriptionFailure } from './settle-transcription-failure.ts';
import { type FinishTranscriptDeps, finishTranscript } from './finish-transcript.ts';
import { type StoreTranscriptDeps, storeTranscript } from './store-transcript.ts';
import type { TicketHandle } from './ticket.ts';
import { clearJobWindows } from './window-checkpoints.ts';
import { type JobRecognition, type TranscribeJobDeps, transcribeJob } from './transcribe-job.ts';

export type RunJobDeps = ReadMediaUrlDeps &
  RunCaptionBurnJobDeps &
  TranscribeJobDeps &
  FinishTranscriptDeps &
  StoreTranscriptDeps & {
    engines: EngineSet;
  };

/**
 * Runs one claimed job to its end (a caption burn: run-caption-burn-job.ts): media URL, decode and recognition (with progress, cancellation,
 * timeout), transcript, artifact, completion. Resolves when the ticket may be acknowledged (the job
 * is settled, or cancelled); throws when it should be redelivered (a backend is unavailable, the
 * worker is shutting down).
 */
export async function runJob(deps: RunJobDeps, { ticket, job }: { ticket: TicketHandle; job: Job }): Promise<void> {
  if (job.type === CAPTION_BURN_JOB_TYPE) return runCaptionBurnJob(deps, { ticket, job });
  if (job.type !== JOB_TYPE) return failJob(deps, { job, ticket, failure: unsupportedJobType(job.type) });
  if (!deps.engines.has(job.engine)) return failJob(deps, { job, ticket, failure: engineNotRunHere(job.engine) });
  const model = jobModel(job);
  const engine = deps.engines.get(job.engine, model);
  // Jobs accepts a profile only when the pools have its model (ENGINES); a worker of the pool without it says so.
  if (!engine) return failJob(deps, { job, ticket, failure: modelNotRunHere(job.engine, model) });
  // Read once, here: the stages below take them typed.
  const options = transcriptionOptions(job.options);
  if ('failure' in options) return failJob(deps, { job, ticket, failure: options.failure });

  const read = await readMediaUrl(deps, { job, ticket });
  if ('unavailable' in read) return failJob(deps, { job, ticket, failure: read.unavailable });
  const durationSeconds = read.media?.durationSeconds || job.mediaDurationSeconds;

  const channels = audioChannels(read.media?.streams ?? []);
  let recognition: JobRecognition;
  try {
    const media = { url: read.url, durationSeconds, channels };
    recognition = await transcribeJob(deps, { ticket, job, options, engine, model, ...media });
  } catch (err) {
    await settleTranscriptionFailure(deps, { err, job, ticket, engine });
    // Settled for good (a redelivery would have thrown): its windows are of no more use.
    return clearJobWindows(deps.windowBucket, deps.log, job.jobId);
  }

  const made = buildJobTranscript(deps, { job, options, engine, recognition });
  if ('invalid' in made) return failJob(deps, { job, ticket, failure: made.invalid });
  // Naming and translation keep the ticket alive as decode and recognition did.
  const keepAlive = startHeartbeat(deps.progressIntervalMs, async () => ticket.working());
  let finished: Awaited<ReturnType<typeof finishTranscript>>;
  try {
    finished = await finishTranscript(deps, { job, options, transcript: made.transcript });
  } finally {
    keepAlive.stop();
  }
  if ('failure' in finished) return failJob(deps, { job, ticket, failure: finished.failure });
  const final = checked(deps, job, finished.transcript, made.billedSeconds);
  if ('invalid' in final) return failJob(deps, { job, ticket, failure: final.invalid });
  const { transcript, billedSeconds } = final;
  const artifactId = await storeTranscript(deps, { job, ticket, transcript, fileName: read.media?.fileName });
  if (artifactId === undefined) return;
  await completeJob(deps, { job, ticket, artifactId, billedSeconds, language: transcript.language });
  await clearJobWindows(deps.windowBucket, deps.log, job.jobId);
}
