import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { Translator } from '@tp/translation';
import { nameSpeakers, TRANSCRIPT_LIMITS, type Transcript } from '@tp/transcript';
import { translationFailed } from '../../domain/job-failures.ts';
import type { TranscriptionOptions } from '../../domain/job-options.ts';
import { done, failed, type Outcome, retry } from '../shared/outcome.ts';

export interface FinishTranscriptDeps {
  log: Logger;
  /** Translates the jobs that ask for a target language; undefined where this worker has none. */
  translator: Translator | undefined;
  /** Longest a job's translation may take. */
  translationTimeoutMs: number;
  /** Aborted when the worker shuts down: the job's ticket is redelivered. */
  shutdownSignal: AbortSignal;
}

/**
 * The stages after the transcript is built: speakers named from what they say (auto_speaker_names),
 * then the translation of every segment (target_language). A translation that fails ends the job
 * (never a transcript without the translation it was asked for); a shutdown is a retry.
 */
export async function finishTranscript(
  deps: FinishTranscriptDeps,
  { job, options, transcript }: { job: Job; options: TranscriptionOptions; transcript: Transcript },
): Promise<Outcome<Transcript>> {
  const named = options.diarization?.autoSpeakerNames ? nameSpeakers(transcript) : transcript;
  const target = options.targetLanguage;
  if (target === null || named.segments.length === 0) return done(named);
  if (deps.translator === undefined) {
    deps.log.error({ jobId: job.jobId, target }, 'a job asks for a translation and this worker has no translator');
    return failed(translationFailed(target));
  }
  const started = performance.now();
  try {
    const texts = await deps.translator.translate(
      named.segments.map((s) => s.text),
      {
        from: named.language,
        to: target,
        signal: AbortSignal.any([deps.shutdownSignal, AbortSignal.timeout(deps.translationTimeoutMs)]),
      },
    );
    const segments = named.segments.flatMap((segment, i) => {
      const text = (texts[i] ?? '').trim().slice(0, TRANSCRIPT_LIMITS.maxSegmentTextLength).trim();
      return text === '' ? [] : [{ id: segment.id, text }];
    });
    deps.log.info(
      {
        jobId: job.jobId,
        translator: deps.translator.kind,
        target,
        segments: segments.length,
        ms: Math.round(performance.now() - started),
      },
      'job translated',
    );
    return done({ ...named, translation: { language: target, segments } });
  } catch (err) {
    if (deps.shutdownSignal.aborted) return retry(err);
    deps.log.error(
      { err, jobId: job.jobId, target, output: (err as { output?: string }).output },
      'translation failed',
    );
    return failed(translationFailed(target));
  }
}
