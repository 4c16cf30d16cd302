import { MAX_GRANT_TTL_SECONDS } from '@tp/identity';
import { DEFAULT_TRANSLATION_PAIRS, formatLanguagePairs, parseLanguagePairs, parseServedEngines } from '@tp/catalog';
import {
  env,
  grpcTlsSettings,
  natsSettings,
  runtimeSettings,
  serverSettings,
  signingKeySettings,
  trustedKeySettings,
  z,
} from '@tp/config';

const MIB = 1024 * 1024;

export const JobsConfigSchema = z
  .object({
    ...serverSettings({ grpc: 50055, ops: 9105 }),
    ...natsSettings(),
    ...runtimeSettings(),
    ...grpcTlsSettings(),
    ...signingKeySettings(),
    ...trustedKeySettings(),
    DATABASE_URL: env.postgresUrl(),
    BILLING_GRPC_ADDR: env.address('127.0.0.1:50053'),
    MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),
    ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),

    /**
     * Engines this deployment's worker pools run (comma-separated): `engine` serves every model of
     * it, `engine:model` that model only (a whisper pool's mounted weights, e.g. `whisper:base.en`).
     * A job for a profile whose engine or model is not among them is refused (profile_unavailable),
     * never served by another.
     */
    ENGINES: z
      .string()
      .default('pocketsphinx')
      .transform((value, ctx) => {
        try {
          return parseServedEngines(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * Language pairs this deployment's workers translate (`from:to`, comma-separated ISO 639-1 codes):
     * the apertium pairs of the worker image. A job asking for a target outside them is refused at
     * creation, naming the targets there are; empty: no translation.
     */
    TRANSLATION_PAIRS: z
      .string()
      .default(formatLanguagePairs(DEFAULT_TRANSLATION_PAIRS))
      .transform((value, ctx) => {
        try {
          return parseLanguagePairs(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    /** How long an Idempotency-Key of CreateJob answers with its first job. */
    IDEMPOTENCY_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /**
     * Jobs of a user running at once when no limit is recorded for them yet; each creation records
     * the plan's max_concurrent_jobs from billing's profile (ADR 0012).
     */
    DEFAULT_MAX_CONCURRENT_JOBS: z.coerce.number().int().min(1).max(10_000).default(4),
    /** Media of one batch job (at most one page of ListItems). */
    MAX_BATCH_ITEMS: z.coerce.number().int().min(1).max(200).default(50),
    /**
     * A creation still reserving credits after this long is taken for dead (its process crashed):
     * the reconciler abandons it and releases its holds. Must leave room for a Reserve per item.
     */
    RESERVATION_TIMEOUT_MS: z.coerce.number().int().min(12_000).default(60_000),
    /**
     * How long a job grant lives (ADR 0040): the worker gets one at the claim and a fresh one with
     * every progress report (about once a second), so this bounds how long a worker keeps its reach
     * into a job's data after the job ended or its reports stopped.
     */
    JOB_GRANT_TTL_SECONDS: z.coerce.number().int().min(5).max(MAX_GRANT_TTL_SECONDS).default(120),
    /**
     * The windows signer (`tsctl bus init`'s windows-signer.json: the fleet account's key and a
     * signing key scoped to one job's windows, ADR 0041): each claim answers the job's own window
     * credentials. Unset: none, and workers recognize without checkpoints or fan-out.
     */
    NATS_WINDOWS_SIGNER_FILE: z.string().min(1).optional(),
    /**
     * A running job whose worker has not reported for this long is failed (worker_lost). Far above
     * a worker's progress interval and the work queue's ack wait: redelivery normally recovers first.
     */
    STALE_RUNNING_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .default(30 * 60_000),
    /**
     * A client-local job (run by the user's device, ADR 0023) that hears nothing from the device (no
     * progress report, no transcript) for this long since its creation or the last report fails
     * `device_timeout`. The reconciler checks every RECONCILE_INTERVAL_MS.
     */
    CLIENT_LOCAL_IDLE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(15 * 60_000),
    /** How often the reconciler runs. */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
    /** Deadline of one call to billing or media. */
    BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Largest gRPC message sent or received: exports of long transcripts are several MB. */
    GRPC_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(4 * MIB)
      .max(1024 * MIB)
      .default(64 * MIB),
  })
  .superRefine((config, ctx) => {
    if (config.RESERVATION_TIMEOUT_MS < 4 * config.BACKEND_DEADLINE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['RESERVATION_TIMEOUT_MS'],
        message: 'must be at least four times BACKEND_DEADLINE_MS (room for a Reserve)',
      });
    }
  });

export type JobsConfig = z.infer<typeof JobsConfigSchema>;
