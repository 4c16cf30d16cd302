import type { SpeechEngine } from '@tp/engines';
import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, validateTranscript } from '@tp/transcript';
import { invalidTranscript } from '../../domain/job-failures.ts';
import type { TranscriptionOptions } from '../../domain/job-options.ts';
import { decodedSeconds } from '../../domain/progress.ts';
import { buildTranscript } from '../../domain/transcript-builder.ts';
import { done, failed, type Outcome } from '../shared/outcome.ts';
import type { JobRecognition } from './transcribe-job.ts';

/**
 * The job's canonical transcript from what its recognition stages found, validated (an invalid one
 * fails the job: checkedTranscript), and the seconds billed for it (the audio decoded, once however
 * many channels were transcribed).
 */
export function buildJobTranscript(
  deps: { log: Logger },
  input: { job: Job; options: TranscriptionOptions; engine: SpeechEngine; recognition: JobRecognition },
): Outcome<{ transcript: Transcript; billedSeconds: number }> {
  const { job, recognition } = input;
  const billedSeconds = decodedSeconds(recognition.decodedBytes);
  const built = buildTranscript({
    utterances: recognition.utterances,
    recognizedLanguage: recognition.language,
    durationSeconds: billedSeconds,
    requestedLanguage: input.options.language,
    source: { mediaId: job.mediaId, jobId: job.jobId, profile: job.profile, engine: input.engine.kind },
  });
  const checked = checkedTranscript(deps, job, built);
  return checked.kind === 'done' ? done({ transcript: checked.value, billedSeconds }) : checked;
}

/** The transcript if it keeps every rule; else the job fails, the evidence logged (a bug of the builder or a stage). */
export function checkedTranscript(deps: { log: Logger }, job: Job, transcript: Transcript): Outcome<Transcript> {
  const valid = validateTranscript(transcript);
  if (valid.ok) return done(valid.value);
  deps.log.error({ jobId: job.jobId, issues: valid.issues.slice(0, 10) }, 'built transcript is invalid');
  return failed(invalidTranscript(valid.issues[0]));
}
