import type { JobOptions } from '@tp/job-options';
import { type JobFailure, optionsUnreadable } from './job-failures.ts';

/** What the worker reads from a job's options (the JobOptions message jobs checked when it created the job). */
export interface TranscriptionOptions {
  /** `auto` or an ISO 639-1 code. */
  language: string;
  /** Who spoke when; null: no diarization. */
  diarization: { numSpeakers: number | null; autoSpeakerNames: boolean } | null;
  /** Translate the transcript into this ISO 639-1 language; null: no translation. */
  targetLanguage: string | null;
  /** Transcribe each audio channel as its own speaker. */
  channelSeparation: boolean;
}

/**
 * A transcription's options. A field the job leaves unset means what the API says it means (language
 * auto, no diarization, no translation, no separation); a job without options (jobs could not read
 * what it stored) fails job_options_unreadable rather than run on defaults (ADR 0033).
 */
export function transcriptionOptions(options: JobOptions | undefined): TranscriptionOptions | { failure: JobFailure } {
  if (options === undefined) return { failure: optionsUnreadable() };
  const d = options.diarization;
  return {
    language: options.language ?? 'auto',
    diarization:
      d === undefined ? null : { numSpeakers: d.numSpeakers ?? null, autoSpeakerNames: d.autoSpeakerNames === true },
    targetLanguage: options.targetLanguage ?? null,
    channelSeparation: options.channelSpeakerSeparation === true,
  };
}
