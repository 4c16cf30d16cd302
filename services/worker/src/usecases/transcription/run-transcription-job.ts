import { audioChannels } from '@tp/catalog';
import type { EngineSet, SpeechEngine } from '@tp/engines';
import type { Job } from '@tp/proto';
import { canonicalTranscript } from '@tp/transcript';
import { engineNotRunHere, modelNotRunHere, transcriptRefused } from '../../domain/job-failures.ts';
import { type TranscriptionOptions, transcriptionOptions } from '../../domain/job-options.ts';
import { jobModel, transcriptIdempotencyKey } from '../../domain/transcription-job.ts';
import { type Completion, type SettleJobDeps, settleJob } from '../settlement/settle-job.ts';
import { keepingTicket } from '../shared/heartbeat.ts';
import { type StoreJobArtifactDeps, storeJobArtifact } from '../shared/job-artifact.ts';
import { done, failed, type Outcome } from '../shared/outcome.ts';
import { type ReadMediaUrlDeps, readMediaUrl } from '../shared/read-media-url.ts';
import type { TicketHandle } from '../shared/ticket.ts';
import { clearJobWindows } from '../window-items/window-checkpoints.ts';
import { buildJobTranscript, checkedTranscript } from './build-transcript.ts';
import { type FinishTranscriptDeps, finishTranscript } from './finish-transcript.ts';
import { type TranscribeJobDeps, transcribeJob } from './transcribe-job.ts';

export type RunTranscriptionJobDeps = ReadMediaUrlDeps &
  TranscribeJobDeps &
  FinishTranscriptDeps &
  StoreJobArtifactDeps &
  SettleJobDeps & {
    engines: Pick<EngineSet, 'has' | 'get'>;
  };

/**
 * Entry point of tickets/handle-ticket.ts: one claimed transcription job to its end. Its options
 * are read here, once; then the media's URL, decode and recognition (with progress, cancellation,
 * timeout), the transcript built, named and translated, stored as the job's artifact, and the job
 * settled from the outcome (completed, failed or let go). Resolves when the ticket may be
 * acknowledged; throws when it should be redelivered (a backend unreachable, the worker shutting down).
 */
export async function runTranscriptionJob(
  deps: RunTranscriptionJobDeps,
  { ticket, job }: { ticket: TicketHandle; job: Job },
): Promise<void> {
  const options = transcriptionOptions(job.options);
  const outcome =
    'failure' in options ? failed(options.failure) : await transcribeToArtifact(deps, { ticket, job, options });
  await settleJob(deps, { job, ticket }, outcome);
  // Settled for good (a retry has thrown): the job's windows are of no more use.
  await clearJobWindows(deps.windowBucket, deps.log, job.jobId);
}

async function transcribeToArtifact(
  deps: RunTranscriptionJobDeps,
  { ticket, job, options }: { ticket: TicketHandle; job: Job; options: TranscriptionOptions },
): Promise<Outcome<Completion>> {
  const engine = engineFor(deps.engines, job);
  if (engine.kind !== 'done') return engine;
  const read = await readMediaUrl(deps, { job, ticket });
  if (read.kind !== 'done') return read;
  const { url, media } = read.value;
  const recognized = await transcribeJob(deps, {
    ticket,
    job,
    options,
    ...engine.value,
    url,
    durationSeconds: media?.durationSeconds || job.mediaDurationSeconds,
    channels: audioChannels(media?.streams ?? []),
  });
  if (recognized.kind !== 'done') return recognized;
  const built = buildJobTranscript(deps, { job, options, engine: engine.value.engine, recognition: recognized.value });
  if (built.kind !== 'done') return built;
  // Naming and translation keep the ticket alive as decode and recognition did.
  const finished = await keepingTicket(deps.progressIntervalMs, ticket, () =>
    finishTranscript(deps, { job, options, transcript: built.value.transcript }),
  );
  if (finished.kind !== 'done') return finished;
  const transcript = checkedTranscript(deps, job, finished.value);
  if (transcript.kind !== 'done') return transcript;
  const stored = await storeJobArtifact(deps, {
    job,
    ticket,
    artifact: {
      artifactType: 'transcript',
      title: job.title || media?.fileName || job.mediaId,
      payloadJson: canonicalTranscript(transcript.value),
      idempotencyKey: transcriptIdempotencyKey(job.jobId),
    },
    refused: transcriptRefused,
  });
  if (stored.kind !== 'done') return stored;
  const { billedSeconds } = built.value;
  return done({ artifactId: stored.value, billedSeconds, language: transcript.value.language });
}

/**
 * The engine of the job's profile, if this worker runs it: jobs accepts a profile only when the pools
 * have its model (ENGINES), so a worker of the pool without it says so.
 */
function engineFor(
  engines: RunTranscriptionJobDeps['engines'],
  job: Job,
): Outcome<{ engine: SpeechEngine; model: string }> {
  if (!engines.has(job.engine)) return failed(engineNotRunHere(job.engine));
  const model = jobModel(job);
  const engine = engines.get(job.engine, model);
  return engine ? done({ engine, model }) : failed(modelNotRunHere(job.engine, model));
}
