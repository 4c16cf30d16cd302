import { publicReason } from './backend-errors.ts';
import type { DecodeFailure } from '@tp/engines';
import { JOB_TYPE } from './transcription-job.ts';

/** How a job that cannot succeed ends: its error code and the text its user reads. */
export interface JobFailure {
  errorCode:
    | 'processing_failed'
    | 'engine_failed'
    | 'media_unavailable'
    | 'media_unreadable'
    | 'job_options_unreadable';
  errorMessage: string;
}

/** `90 seconds`, `12 minutes`: how long a job may run, in a user's words. */
export function spanText(ms: number): string {
  const [value, unit] = ms < 120_000 ? [Math.round(ms / 1000), 'second'] : [Math.round(ms / 60_000), 'minute'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** Why a job stopped at JOB_TIMEOUT_MS (it then fails processing_failed with this text). */
export function timeoutMessage(jobTimeoutMs: number): string {
  return `The job did not finish within ${spanText(jobTimeoutMs)}.`;
}

export function unsupportedJobType(type: string): JobFailure {
  return { errorCode: 'processing_failed', errorMessage: `This worker runs ${JOB_TYPE} jobs, not ${type}.` };
}

export function engineNotRunHere(engine: string): JobFailure {
  return { errorCode: 'engine_failed', errorMessage: `This worker does not run the ${engine || '(unnamed)'} engine.` };
}

export function modelNotRunHere(engine: string, model: string): JobFailure {
  return {
    errorCode: 'engine_failed',
    errorMessage: `This worker does not have the weights of the ${engine} model ${model || '(unnamed)'}.`,
  };
}

/** A job without the options it needs (ADR 0033): it never runs on defaults. */
export function optionsUnreadable(what = 'its options could not be read'): JobFailure {
  return { errorCode: 'job_options_unreadable', errorMessage: `The job cannot run: ${what}; create the job again.` };
}

export function mediaDeletedBeforeRun(): JobFailure {
  return { errorCode: 'media_unavailable', errorMessage: 'The media was deleted before the job ran.' };
}

export function mediaNotReady(detail: string): JobFailure {
  return { errorCode: 'media_unavailable', errorMessage: `The media is not available for transcription: ${detail}` };
}

/** The message a user reads on a job that failed with media_unreadable. */
export function unreadableMessage(detail: string): string {
  return `The media could not be decoded as audio (ffmpeg: ${detail}). Re-encode it (for example to WAV, MP3 or M4A) and upload it again.`;
}

/** A failed decode ends the job unless storage may come back (transient): then undefined, for another attempt. */
export function decodeFailureOutcome(failure: DecodeFailure): JobFailure | undefined {
  if (failure.kind === 'unreadable')
    return { errorCode: 'media_unreadable', errorMessage: unreadableMessage(failure.detail) };
  if (failure.kind === 'unavailable')
    return {
      errorCode: 'media_unavailable',
      errorMessage: 'The media could not be read from storage; it was probably deleted.',
    };
  return undefined;
}

/**
 * The engine failed: a fixed text. What it printed goes to the worker's log with the job id, never
 * to the user (it names paths and models of the worker, and whatever else the engine chose to print).
 */
export function engineFailed(): JobFailure {
  return { errorCode: 'engine_failed', errorMessage: 'The speech engine failed while transcribing the media.' };
}

/** The engine's output broke a rule of the transcript (`issue` names the first broken rule). */
export function invalidTranscript(issue: { loc: readonly (string | number)[]; msg: string } | undefined): JobFailure {
  return {
    errorCode: 'engine_failed',
    errorMessage: `The engine's output could not be turned into a valid transcript (${issue ? `${issue.loc.join('.')}: ${issue.msg}` : 'unknown problem'}).`,
  };
}

/** The translation stage failed (its tool's output goes to the worker's log only). */
export function translationFailed(target: string): JobFailure {
  return {
    errorCode: 'processing_failed',
    errorMessage: `The transcript could not be translated into ${target}; nothing was charged. Try again, or leave target_language out.`,
  };
}

export function transcriptRefused(code: string | undefined, detail: string): JobFailure {
  return { errorCode: 'processing_failed', errorMessage: `The transcript could not be stored (${code}: ${detail}).` };
}

/** Every delivery of the ticket failed; `lastError` is named by its public text only. */
export function attemptsExhausted(maxDeliver: number, lastError: unknown): JobFailure {
  return {
    errorCode: 'processing_failed',
    errorMessage: `Transcription failed after ${maxDeliver} attempt${maxDeliver === 1 ? '' : 's'}; the last error was: ${publicReason(lastError)}`,
  };
}
