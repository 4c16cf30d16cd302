import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, validateTranscript } from '@tp/transcript';
import { invalidTranscript, type JobFailure } from '../domain/job-failures.ts';
import type { TranscriptionOptions } from '../domain/job-options.ts';
import { decodedSeconds } from '../domain/progress.ts';
import { buildTranscript } from '../domain/transcript-builder.ts';
import type { SpeechEngine } from '@tp/engines';
import type { JobRecognition } from './transcribe-job.ts';

export type JobTranscript = { transcript: Transcript; billedSeconds: number } | { invalid: JobFailure };

/**
 * The job's canonical transcript from what its recognition stages found, validated, and the seconds
 * billed for it (the audio decoded, once however many channels were transcribed). An invalid one
 * is a bug of the builder: its evidence is logged.
 */
export function buildJobTranscript(
  deps: { log: Logger },
  input: { job: Job; options: TranscriptionOptions; engine: SpeechEngine; recognition: JobRecognition },
): JobTranscript {
  const { job, options, engine, recognition } = input;
  const billedSeconds = decodedSeconds(recognition.decodedBytes);
  const built = buildTranscript({
    utterances: recognition.utterances,
    recognizedLanguage: recognition.language,
    durationSeconds: billedSeconds,
    requestedLanguage: options.language,
    source: { mediaId: job.mediaId, jobId: job.jobId, profile: job.profile, engine: engine.kind },
  });
  return checked(deps, job, built, billedSeconds);
}

/** The transcript if it keeps every rule; else the job's failure, with the evidence logged. */
export function checked(deps: { log: Logger }, job: Job, transcript: Transcript, billedSeconds: number): JobTranscript {
  const valid = validateTranscript(transcript);
  if (valid.ok) return { transcript: valid.value, billedSeconds };
  deps.log.error({ jobId: job.jobId, issues: valid.issues.slice(0, 10) }, 'built transcript is invalid');
  return { invalid: invalidTranscript(valid.issues[0]) };
}
