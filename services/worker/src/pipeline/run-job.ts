import { performance } from 'node:perf_hooks';
import type { EngineKind } from '@tp/catalog';
import { isAppError } from '@tp/errors';
import type { GrpcClient } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import type { ArtifactsServiceService, Job, JobsServiceService, Media, MediaServiceService } from '@tp/proto';
import { canonicalTranscript, validateTranscript, type Transcript } from '@tp/transcript';
import { unreadableMessage } from '../domain/decode-failure.ts';
import { parseJobOptions } from '../domain/job-options.ts';
import { decodedSeconds, progressPercent } from '../domain/progress.ts';
import { buildTranscript } from '../domain/transcript-builder.ts';
import { EngineError, type SpeechEngine } from '../engines/engine.ts';
import { errorCodeOf, isTransient, withRetries } from './backend-errors.ts';
import { startHeartbeat } from './heartbeat.ts';
import { JobStopped, isJobStopped } from './job-stopped.ts';
import { DecodeError, transcribeMedia, type MediaTranscription } from './transcribe-media.ts';

export const JOB_TYPE = 'transcription';
/** Artifacts accepts a service or a user as author; the job is named by the artifact's job_id. */
export const ARTIFACT_AUTHOR = { type: 'service', id: 'worker' } as const;

export interface WorkerClients {
  jobs: GrpcClient<typeof JobsServiceService>;
  media: GrpcClient<typeof MediaServiceService>;
  artifacts: GrpcClient<typeof ArtifactsServiceService>;
}

export interface JobRunnerOptions {
  clients: WorkerClients;
  engines: ReadonlyMap<EngineKind, SpeechEngine>;
  log: Logger;
  progressIntervalMs: number;
  jobTimeoutMs: number;
  readUrlTtlSeconds: number;
  ffmpegPath: string;
  /** Aborted when the worker shuts down: running jobs stop and their tickets are redelivered. */
  shutdownSignal: AbortSignal;
  /** Waits between attempts of a backend call that failed transiently. */
  retryDelaysMs: readonly number[];
}

/** What a running job needs from its ticket's message. */
export interface TicketHandle {
  ticketId: string;
  /** Restarts the ticket's ack wait. */
  working(): void;
}

/** `90 seconds`, `12 minutes`: how long a job may run, in a user's words. */
export function spanText(ms: number): string {
  const [value, unit] = ms < 120_000 ? [Math.round(ms / 1000), 'second'] : [Math.round(ms / 60_000), 'minute'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/**
 * Runs one claimed job to its end: media URL, decode + recognition (with progress, cancellation,
 * timeout), transcript, artifact, completion. Resolves when the ticket may be acknowledged (the job
 * is settled, or cancelled); throws when it should be redelivered (a backend is unavailable, the
 * worker is shutting down).
 */
export function createJobRunner(options: JobRunnerOptions): (ticket: TicketHandle, job: Job) => Promise<void> {
  const { clients, log, retryDelaysMs } = options;

  async function failJob(job: Job, ticket: TicketHandle, errorCode: string, errorMessage: string): Promise<void> {
    log.warn({ jobId: job.jobId, errorCode, errorMessage }, 'job failed');
    try {
      await withRetries(() => clients.jobs.failJob({ jobId: job.jobId, ticketId: ticket.ticketId, errorCode, errorMessage }), { delaysMs: retryDelaysMs, keepAlive: ticket.working });
    } catch (err) {
      if (isTransient(err)) throw err;
      log.error({ err, jobId: job.jobId, errorCode }, 'jobs refused FailJob; acknowledging the ticket');
    }
  }

  async function readUrl(job: Job, ticket: TicketHandle): Promise<{ url: string; media: Media | undefined } | { unavailable: string }> {
    try {
      const answer = await withRetries(() => clients.media.getReadUrl({ userId: job.userId, mediaId: job.mediaId, ttlSeconds: options.readUrlTtlSeconds }), { delaysMs: retryDelaysMs, keepAlive: ticket.working });
      return { url: answer.url, media: answer.media };
    } catch (err) {
      if (isAppError(err) && err.code === 'not_found') return { unavailable: 'The media was deleted before the job ran.' };
      if (isAppError(err) && err.code === 'media_not_ready') return { unavailable: `The media is not available for transcription: ${err.message}` };
      throw err;
    }
  }

  /** Decode and recognition with a heartbeat: progress, ack-wait extension, cancellation. */
  async function transcribe(ticket: TicketHandle, job: Job, engine: SpeechEngine, url: string, durationSeconds: number, controller: AbortController): Promise<MediaTranscription> {
    const running = transcribeMedia({ input: url, engine, language: parseJobOptions(job.optionsJson).language, ffmpegPath: options.ffmpegPath, signal: controller.signal });
    let reportFailures = 0;
    const heartbeat = startHeartbeat(options.progressIntervalMs, async () => {
      ticket.working();
      const progress = progressPercent(running.decodedBytes(), durationSeconds);
      try {
        const answer = await clients.jobs.reportProgress({ jobId: job.jobId, ticketId: ticket.ticketId, progress }, { deadlineMs: Math.max(1_000, options.progressIntervalMs * 3) });
        reportFailures = 0;
        if (answer.cancel && !controller.signal.aborted) {
          log.info({ jobId: job.jobId }, 'job cancelled; stopping ffmpeg and the engine');
          controller.abort(new JobStopped('cancelled', 'The job was cancelled.'));
        }
      } catch (err) {
        // Progress is best effort: a jobs outage must not stop a transcription that can still be settled later.
        reportFailures += 1;
        if (reportFailures === 1 || reportFailures % 30 === 0) log.warn({ err, jobId: job.jobId, failures: reportFailures }, 'progress report failed');
      }
    });
    try {
      return await running.result;
    } finally {
      heartbeat.stop();
    }
  }

  /** Turns what stopped a transcription into the job's outcome; throws for a redelivery. */
  async function settleFailure(err: unknown, job: Job, ticket: TicketHandle, engine: SpeechEngine): Promise<void> {
    if (isJobStopped(err, 'cancelled')) return void log.info({ jobId: job.jobId }, 'job cancelled; ticket acknowledged');
    if (isJobStopped(err, 'timeout')) return failJob(job, ticket, 'processing_failed', err.message);
    if (err instanceof DecodeError) {
      if (err.failure.kind === 'unreadable') return failJob(job, ticket, 'media_unreadable', unreadableMessage(err.failure.detail));
      if (err.failure.kind === 'unavailable') return failJob(job, ticket, 'media_unavailable', 'The media could not be read from storage; it was probably deleted.');
    }
    if (err instanceof EngineError) {
      log.error({ err, jobId: job.jobId, engine: engine.kind }, 'speech engine failed');
      return failJob(job, ticket, 'engine_failed', `The speech engine failed: ${err.message}`);
    }
    // Shutdown, storage that may come back, anything unexpected: another attempt.
    throw err;
  }

  async function store(job: Job, ticket: TicketHandle, transcript: Transcript, billedSeconds: number, fileName: string | undefined): Promise<void> {
    let artifactId: string;
    try {
      const created = await withRetries(
        () =>
          clients.artifacts.createArtifact({
            userId: job.userId,
            artifactType: 'transcript',
            mediaId: job.mediaId,
            workspaceId: job.workspaceId,
            jobId: job.jobId,
            title: job.title || fileName || job.mediaId,
            payloadJson: canonicalTranscript(transcript),
            authorType: ARTIFACT_AUTHOR.type,
            authorId: ARTIFACT_AUTHOR.id,
            outputKey: '',
            outputFormat: '',
            // A redelivered job answers the artifact its first run stored.
            idempotencyKey: `job:${job.jobId}`,
          }),
        { delaysMs: retryDelaysMs, keepAlive: ticket.working },
      );
      if (!created.artifact) throw new Error('CreateArtifact answered without an artifact');
      artifactId = created.artifact.artifactId;
    } catch (err) {
      if (isTransient(err)) throw err;
      log.error({ err, jobId: job.jobId }, 'artifacts refused the transcript');
      return failJob(job, ticket, 'processing_failed', `The transcript could not be stored (${errorCodeOf(err)}: ${(err as Error).message}).`);
    }
    try {
      const after = await withRetries(() => clients.jobs.completeJob({ jobId: job.jobId, ticketId: ticket.ticketId, artifactId, billedSeconds, language: transcript.language }), {
        delaysMs: retryDelaysMs,
        keepAlive: ticket.working,
      });
      log.info({ jobId: job.jobId, artifactId, billedSeconds, status: after.status }, after.status === 'succeeded' ? 'job completed' : 'job ended before it could complete');
    } catch (err) {
      if (isTransient(err)) throw err;
      log.warn({ err, jobId: job.jobId, artifactId }, 'jobs refused CompleteJob; acknowledging the ticket');
    }
  }

  return async function runJob(ticket: TicketHandle, job: Job): Promise<void> {
    const engine = options.engines.get(job.engine as EngineKind);
    if (job.type !== JOB_TYPE) return failJob(job, ticket, 'processing_failed', `This worker runs ${JOB_TYPE} jobs, not ${job.type}.`);
    if (!engine) return failJob(job, ticket, 'engine_failed', `This worker does not run the ${job.engine || '(unnamed)'} engine.`);

    const read = await readUrl(job, ticket);
    if ('unavailable' in read) return failJob(job, ticket, 'media_unavailable', read.unavailable);
    const durationSeconds = read.media?.durationSeconds || job.mediaDurationSeconds;

    const controller = new AbortController();
    const onShutdown = () => controller.abort(new JobStopped('shutdown', 'The worker is shutting down.'));
    if (options.shutdownSignal.aborted) onShutdown();
    else options.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
    const timeout = setTimeout(() => controller.abort(new JobStopped('timeout', `The job did not finish within ${spanText(options.jobTimeoutMs)}.`)), options.jobTimeoutMs);
    const started = performance.now();
    let transcription: MediaTranscription;
    try {
      transcription = await transcribe(ticket, job, engine, read.url, durationSeconds, controller);
    } catch (err) {
      return settleFailure(err, job, ticket, engine);
    } finally {
      clearTimeout(timeout);
      options.shutdownSignal.removeEventListener('abort', onShutdown);
    }

    const audioSeconds = decodedSeconds(transcription.decodedBytes);
    const engineMs = Math.round(transcription.engineMs);
    log.info(
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

    const language = parseJobOptions(job.optionsJson).language;
    const built = buildTranscript({ recognition: transcription.recognition, durationSeconds: audioSeconds, requestedLanguage: language, source: { mediaId: job.mediaId, jobId: job.jobId, profile: job.profile, engine: engine.kind } });
    const valid = validateTranscript(built);
    if (!valid.ok) {
      // The builder enforces the rules, so this is a bug: keep the evidence, fail the job plainly.
      log.error({ jobId: job.jobId, issues: valid.issues.slice(0, 10) }, 'built transcript is invalid');
      const first = valid.issues[0];
      return failJob(job, ticket, 'engine_failed', `The engine's output could not be turned into a valid transcript (${first ? `${first.loc.join('.')}: ${first.msg}` : 'unknown problem'}).`);
    }
    await store(job, ticket, valid.value, audioSeconds, read.media?.fileName);
  };
}
