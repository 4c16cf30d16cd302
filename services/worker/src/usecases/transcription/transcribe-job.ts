import { performance } from 'node:perf_hooks';
import { assignWordSpeakers, type ThreadedDiarizer } from '@tp/diarization';
import { DecodeError, EngineError, type Recognition, type SpeechEngine } from '@tp/engines';
import type { Job } from '@tp/proto';
import { decodeFailureOutcome, engineFailed } from '../../domain/job-failures.ts';
import type { TranscriptionOptions } from '../../domain/job-options.ts';
import { decodedSeconds, recognizedPercent } from '../../domain/progress.ts';
import {
  mergeChannels,
  type SpeakerUtterance,
  splitBySpeaker,
  unattributed,
  wordsOf,
} from '../../domain/speaker-utterances.ts';
import { observeRealTimeFactor } from '../../metrics.ts';
import { type ReportProgressDeps, progressReporter, startHeartbeat, startJobStop } from '../shared/heartbeat.ts';
import { done, failed, type Outcome, type RunEnd, retry, stopOutcome } from '../shared/outcome.ts';
import type { TicketHandle } from '../shared/ticket.ts';
import { type JobWindowsDeps, openJobWindows } from '../window-items/job-windows.ts';
import { type MediaTranscription, transcribeMedia } from './transcribe-media.ts';

export interface TranscribeJobDeps extends ReportProgressDeps, JobWindowsDeps {
  ffmpegPath: string;
  /** Longest a job may run (decode and recognition). */
  jobTimeoutMs: number;
  /** Aborted when the worker shuts down: running jobs stop and their tickets are redelivered. */
  shutdownSignal: AbortSignal;
  /** A new diarizer for a job that asks who spoke when (its work off this event loop). */
  createDiarizer: () => ThreadedDiarizer;
}

export interface TranscribeJobInput {
  ticket: TicketHandle;
  job: Job;
  /** The job's options, read once by its pipeline's entry point. */
  options: TranscriptionOptions;
  engine: SpeechEngine;
  /** The model of the job's profile the engine runs (window items name it for the pool). */
  model: string;
  /** The presigned URL of the job's media. */
  url: string;
  durationSeconds: number;
  /** Audio channels of the media (channel speaker separation transcribes each). */
  channels: number;
}

/** What a job's recognition stages found: who said what, when. */
export interface JobRecognition {
  utterances: SpeakerUtterance[];
  /** The language the engine transcribed. */
  language: string;
  /** PCM bytes of the media's length (one channel's when channels are separated). */
  decodedBytes: number;
}

/**
 * Decode and recognition of a job's media (each channel on its own where the job separates them;
 * the diarizer fed the same PCM on its way to the engine where it asks who spoke), stopped by its
 * cancellation, timeout or the worker's shutdown, with a heartbeat that reports progress and
 * extends the ticket's ack wait. Logs the benchmark line of a transcription that ran to its end.
 * What stops it otherwise is its outcome: a cancellation lets the job go; the timeout, an
 * unreadable or vanished media and a failed engine fail it; anything else (shutdown, storage that
 * may come back, the unexpected) is a retry.
 */
export async function transcribeJob(
  deps: TranscribeJobDeps,
  input: TranscribeJobInput,
): Promise<Outcome<JobRecognition>> {
  try {
    return done(await recognize(deps, input));
  } catch (err) {
    return stopOutcome(err) ?? failureOutcome(deps, err, input);
  }
}

function failureOutcome(deps: Pick<TranscribeJobDeps, 'log'>, err: unknown, input: TranscribeJobInput): RunEnd {
  const failure = err instanceof DecodeError ? decodeFailureOutcome(err.failure) : undefined;
  if (failure) return failed(failure);
  if (err instanceof EngineError) {
    const context = { err, jobId: input.job.jobId, engine: input.engine.kind, engineOutput: err.output };
    deps.log.error(context, 'speech engine failed');
    return failed(engineFailed());
  }
  return retry(err);
}

/** The job's recognition; rejects with what stopped it (a JobStopped, DecodeError, EngineError). */
async function recognize(deps: TranscribeJobDeps, input: TranscribeJobInput): Promise<JobRecognition> {
  const { ticket, job, options } = input;
  const stop = startJobStop(deps.shutdownSignal, deps.jobTimeoutMs);
  const started = performance.now();
  const diarizer = options.diarization === null ? undefined : deps.createDiarizer();
  const windows = await openJobWindows(deps, {
    jobId: job.jobId,
    userId: job.userId,
    mediaId: job.mediaId,
    engine: input.engine,
    model: input.model,
    language: options.language,
    url: input.url,
    durationSeconds: input.durationSeconds,
  });
  try {
    // (Jobs refused separation for a media of fewer than two channels; one that lacks them here is one speaker.)
    const channels = options.channelSeparation
      ? Array.from({ length: Math.max(1, input.channels) }, (_, c) => c)
      : [undefined];
    // One channel failing stops the others: their result is of no use without it.
    const channelFailed = new AbortController();
    const signal = AbortSignal.any([stop.signal, channelFailed.signal]);
    const runs = channels.map((channel) =>
      transcribeMedia({
        input: input.url,
        ffmpegPath: deps.ffmpegPath,
        signal,
        channel,
        onPcm: diarizer === undefined ? undefined : (chunk) => diarizer.push(chunk),
        ...windows.forChannel(channel),
        onWindow: (window) => deps.log.info({ jobId: job.jobId, channel, ...window }, 'window recognized'),
      }),
    );
    const heartbeat = startHeartbeat(
      deps.progressIntervalMs,
      progressReporter(deps, {
        ticket,
        job,
        progress: () =>
          recognizedPercent(runs.reduce((sum, run) => sum + run.doneSeconds(), 0) / runs.length, input.durationSeconds),
        stop,
      }),
    );
    // The heartbeat beats on while the diarizer finishes (in its thread): progress stays where
    // decoding left it, and a cancellation or the timeout still stops the job.
    try {
      let transcriptions: MediaTranscription[];
      try {
        transcriptions = await Promise.all(runs.map((run) => run.result));
      } catch (err) {
        channelFailed.abort(err);
        await Promise.allSettled(runs.map((run) => run.result));
        if (stop.signal.aborted) await windows.stopped(stop.signal.reason);
        throw stop.signal.aborted ? stop.signal.reason : err;
      }
      const recognized = await untilStopped(whoSaidWhat(deps, { job, options, transcriptions, diarizer }), stop.signal);
      reportTranscribed(deps, { job, engine: input.engine, transcriptions, started, diarizeMs: recognized.diarizeMs });
      return recognized.recognition;
    } finally {
      heartbeat.stop();
    }
  } finally {
    windows.close();
    stop.release();
    await diarizer?.close();
  }
}

/** `work`'s answer, or the signal's reason as soon as it aborts (what `work` then does is ignored). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The utterances with their speakers: by channel, by the diarizer's turns, or nobody's. */
async function whoSaidWhat(
  deps: { log: TranscribeJobDeps['log'] },
  input: {
    job: Job;
    options: TranscriptionOptions;
    transcriptions: MediaTranscription[];
    diarizer: ThreadedDiarizer | undefined;
  },
): Promise<{ recognition: JobRecognition; diarizeMs: number | null }> {
  const recognitions: Recognition[] = input.transcriptions.map((t) => t.recognition);
  const first = input.transcriptions[0]!;
  const base = { language: first.recognition.language, decodedBytes: first.decodedBytes };
  if (input.options.channelSeparation)
    return { recognition: { ...base, utterances: mergeChannels(recognitions) }, diarizeMs: null };
  if (input.diarizer === undefined || input.options.diarization === null)
    return { recognition: { ...base, utterances: unattributed(first.recognition) }, diarizeMs: null };
  const started = performance.now();
  const words = wordsOf(first.recognition);
  const result = await input.diarizer.finish({
    numSpeakers: input.options.diarization.numSpeakers,
    speech: words.map((w) => ({ start: w.start, end: w.end })),
  });
  const utterances = splitBySpeaker(first.recognition, assignWordSpeakers(result.turns, words));
  deps.log.info(
    { jobId: input.job.jobId, method: result.method, speakers: result.speakerCount, turns: result.turns.length },
    'job diarized',
  );
  return { recognition: { ...base, utterances }, diarizeMs: performance.now() - started };
}

/** The 'job transcribed' line, and the engine's real-time factor in the metrics. */
function reportTranscribed(
  deps: { log: TranscribeJobDeps['log'] },
  input: {
    job: Job;
    engine: SpeechEngine;
    transcriptions: MediaTranscription[];
    started: number;
    diarizeMs: number | null;
  },
): void {
  const audioSeconds = decodedSeconds(input.transcriptions[0]!.decodedBytes);
  const engineMs = Math.round(input.transcriptions.reduce((sum, t) => sum + t.engineMs, 0));
  const rtf = audioSeconds > 0 ? engineMs / (audioSeconds * 1000) : null;
  if (rtf !== null) observeRealTimeFactor(input.engine.kind, rtf);
  const sum = (of: (w: MediaTranscription['windows']) => number) =>
    input.transcriptions.reduce((total, t) => total + of(t.windows), 0);
  deps.log.info(
    {
      windows: sum((w) => w.windows),
      windowsFromCheckpoint: sum((w) => w.fromCheckpoint),
      windowsElsewhere: sum((w) => w.remote),
      speechSeconds: Math.round(sum((w) => w.windowSeconds) * 10) / 10,
      vadMs: sum((w) => w.vadMs),
      jobId: input.job.jobId,
      engine: input.engine.kind,
      channels: input.transcriptions.length,
      audioSeconds,
      engineMs,
      diarizeMs: input.diarizeMs === null ? null : Math.round(input.diarizeMs),
      wallMs: Math.round(performance.now() - input.started),
      rtf: rtf === null ? null : Number(rtf.toFixed(3)),
      words: input.transcriptions.reduce(
        (n, t) => n + t.recognition.utterances.reduce((m, u) => m + u.words.length, 0),
        0,
      ),
    },
    'job transcribed',
  );
}
