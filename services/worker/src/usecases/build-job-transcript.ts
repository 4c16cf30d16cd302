import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, validateTranscript } from '@tp/transcript';
import { invalidTranscript, type JobFailure } from '../domain/job-failures.ts';
import { parseJobOptions } from '../domain/job-options.ts';
import { decodedSeconds } from '../domain/progress.ts';
import { buildTranscript } from '../domain/transcript-builder.ts';
import type { SpeechEngine } from '@tp/engines';
import type { MediaTranscription } from './transcribe-media.ts';

export type JobTranscript = { transcript: Transcript; billedSeconds: number } | { invalid: JobFailure };

/**
 * The job's canonical transcript from the engine's recognition, validated, and the seconds billed
 * for it (the audio decoded). An invalid one is a bug of the builder: its evidence is logged.
 */
export function buildJobTranscript(
  deps: { log: Logger },
  { job, engine, transcription }: { job: Job; engine: SpeechEngine; transcription: MediaTranscription },
): JobTranscript {
  const billedSeconds = decodedSeconds(transcription.decodedBytes);
  const built = buildTranscript({
    recognition: transcription.recognition,
    durationSeconds: billedSeconds,
    requestedLanguage: parseJobOptions(job.optionsJson).language,
    source: { mediaId: job.mediaId, jobId: job.jobId, profile: job.profile, engine: engine.kind },
  });
  const valid = validateTranscript(built);
  if (valid.ok) return { transcript: valid.value, billedSeconds };
  deps.log.error({ jobId: job.jobId, issues: valid.issues.slice(0, 10) }, 'built transcript is invalid');
  return { invalid: invalidTranscript(valid.issues[0]) };
}
