import { performance } from 'node:perf_hooks';
import type { Job } from '@tp/proto';
import { parseJobOptions } from '../domain/job-options.ts';
import { decodedSeconds } from '../domain/progress.ts';
import type { SpeechEngine } from '@tp/engines';
import { startHeartbeat } from './heartbeat.ts';
import { startJobStop } from './job-stop.ts';
import { progressReporter, type ReportProgressDeps } from './report-progress.ts';
import type { TicketHandle } from './ticket.ts';
import { type MediaTranscription, transcribeMedia } from './transcribe-media.ts';

export interface TranscribeJobDeps extends ReportProgressDeps {
  ffmpegPath: string;
  /** Longest a job may run (decode and recognition). */
  jobTimeoutMs: number;
  /** Aborted when the worker shuts down: running jobs stop and their tickets are redelivered. */
  shutdownSignal: AbortSignal;
}

export interface TranscribeJobInput {
  ticket: TicketHandle;
  job: Job;
  engine: SpeechEngine;
  /** The presigned URL of the job's media. */
  url: string;
  durationSeconds: number;
}

/**
 * Decode and recognition of a job's media, stopped by its cancellation, timeout or the worker's
 * shutdown (rejecting with a JobStopped), with a heartbeat that reports progress and extends the
 * ticket's ack wait. Logs the benchmark line of a transcription that ran to its end.
 */
export async function transcribeJob(deps: TranscribeJobDeps, input: TranscribeJobInput): Promise<MediaTranscription> {
  const { ticket, job, engine } = input;
  const stop = startJobStop(deps.shutdownSignal, deps.jobTimeoutMs);
  const started = performance.now();
  let transcription: MediaTranscription;
  try {
    const running = transcribeMedia({
      input: input.url,
      engine,
      language: parseJobOptions(job.optionsJson).language,
      ffmpegPath: deps.ffmpegPath,
      signal: stop.signal,
    });
    const heartbeat = startHeartbeat(
      deps.progressIntervalMs,
      progressReporter(deps, {
        ticket,
        job,
        durationSeconds: input.durationSeconds,
        decodedBytes: running.decodedBytes,
        stop,
      }),
    );
    try {
      transcription = await running.result;
    } finally {
      heartbeat.stop();
    }
  } finally {
    stop.release();
  }

  const audioSeconds = decodedSeconds(transcription.decodedBytes);
  const engineMs = Math.round(transcription.engineMs);
  deps.log.info(
    {
      jobId: job.jobId,
      engine: engine.kind,
      audioSeconds,
      engineMs,
      wallMs: Math.round(performance.now() - started),
      rtf: audioSeconds > 0 ? Number((engineMs / (audioSeconds * 1000)).toFixed(3)) : null,
      words: transcription.recognition.utterances.reduce((n, u) => n + u.words.length, 0),
    },
    'job transcribed',
  );
  return transcription;
}
