import { availableParallelism, hostname, tmpdir } from 'node:os';
import { env, grpcTlsSettings, natsSettings, opsSettings, runtimeSettings, signingKeySettings, z } from '@tp/config';
import { engineListSetting, engineToolSettings, whisperSettings } from '@tp/engines';
import { translationToolSettings } from '@tp/translation';

/** A pod's hostname plus the pid: unique per process, readable in the jobs table. */
export function defaultWorkerId(): string {
  return `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_.:-]/g, '-').slice(0, 128);
}

export const WorkerConfigSchema = z
  .object({
    ...opsSettings(9106),
    ...natsSettings(),
    ...runtimeSettings(),
    ...grpcTlsSettings(),
    ...signingKeySettings(),
    JOBS_GRPC_ADDR: env.address('127.0.0.1:50055'),
    MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),
    ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),
    /** Deadline of each call to jobs, media and artifacts. */
    GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(10_000),
    /** Largest transcript sent to artifacts (grpc-js refuses bigger messages); artifacts accepts 32 MiB by default. */
    MAX_TRANSCRIPT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(32 * 1024 * 1024),

    WORKER_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be 1 to 128 letters, digits or _ . : -')
      .default(defaultWorkerId),
    /** The work subjects this worker pulls from: work.transcription.<pool> and work.caption_burn.<pool>. */
    WORKER_POOL: z
      .string()
      .regex(/^[a-z][a-z0-9_-]*$/, 'must be one lower-case subject token, e.g. cpu')
      .default('cpu'),
    /**
     * Comma-separated engines this worker runs (pocketsphinx, whisper); each must be implemented
     * here. A whisper worker serves the models of WHISPER_MODELS.
     */
    WORKER_ENGINES: engineListSetting(),
    /**
     * Transcription jobs run at once by this process (each an ffmpeg and the voice-activity detector;
     * their windows share ENGINE_POOL_SIZE engine processes). Default: one per core.
     */
    WORKER_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(() => availableParallelism()),
    /** Engine processes this worker runs at once, for the windows of all its jobs. Default: one per core. */
    ENGINE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(() => availableParallelism()),
    /** A window of a recording is closed at the first pause after this many seconds (ADR 0025). */
    WINDOW_TARGET_SECONDS: z.coerce.number().min(5).max(600).default(30),
    /** A window with no pause by this length is cut at its quietest point; more than WINDOW_TARGET_SECONDS. */
    WINDOW_MAX_SECONDS: z.coerce.number().min(10).max(1200).default(60),
    /**
     * Recordings at least this long publish their windows as work items that any worker of the
     * pool takes (fan-out, ADR 0026); shorter ones use this worker's engine slots alone.
     */
    WINDOW_FANOUT_MIN_SECONDS: z.coerce.number().min(0).default(300),
    /** A ticket whose worker stops heart-beating is redelivered after this long. */
    WORK_ACK_WAIT_MS: z.coerce.number().int().min(1000).default(30_000),
    /** Attempts per ticket before the job fails (processing_failed). */
    WORK_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(3),
    /** How often a running job reports progress, hears about cancellation and extends its ack wait. */
    PROGRESS_INTERVAL_MS: z.coerce.number().int().min(100).default(1000),

    ...engineToolSettings(),
    ...whisperSettings(),
    /** ffprobe, which checks a caption burn's output (Debian's ffmpeg package installs it beside ffmpeg). */
    FFPROBE_BIN: z.string().min(1).default('ffprobe'),
    /** Caption burns run at once by this process, besides WORKER_CONCURRENCY transcriptions (each is an ffmpeg encode). */
    CAPTION_BURN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Where a caption burn keeps its files while it runs (the ASS file, and the MP4 until it is
     * uploaded: about the size of the video); each job's folder is removed when it ends.
     */
    CAPTION_BURN_DIR: z
      .string()
      .min(1)
      .default(() => tmpdir()),
    /** Longest a job may run (decode and recognition; a caption burn's encode); longer fails it with processing_failed. */
    JOB_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(4 * 60 * 60 * 1000),
    /** Longest the translation of one job's transcript may take; longer fails the job. */
    TRANSLATION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(10 * 60 * 1000),
    ...translationToolSettings(),
    /** Lifetime of the presigned URL ffmpeg reads the media from (it must outlast the decode). */
    READ_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86_400)
      .default(6 * 3600),
    /**
     * Lifetime of the media source URL a fanned-out job keeps in the WINDOWS bucket for the workers
     * that take its windows (renewed at a third of it while the job runs, ADR 0041). A window's
     * decode starts within it; it is not the whole recording's.
     */
    WINDOW_SOURCE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  })
  .superRefine((config, ctx) => {
    if (config.WINDOW_MAX_SECONDS <= config.WINDOW_TARGET_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['WINDOW_MAX_SECONDS'],
        message: 'must be more than WINDOW_TARGET_SECONDS',
      });
    if (config.PROGRESS_INTERVAL_MS * 3 > config.WORK_ACK_WAIT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PROGRESS_INTERVAL_MS'],
        message: 'must be at most a third of WORK_ACK_WAIT_MS, or a busy ticket is redelivered',
      });
    }
  });

export type WorkerConfig = z.infer<typeof WorkerConfigSchema>;
