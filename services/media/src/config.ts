import {
  egressSettings,
  env,
  grpcTlsSettings,
  natsSettings,
  runtimeSettings,
  serverSettings,
  trustedKeySettings,
  z,
} from '@tp/config';
import { checkStorageCredentials, storageEnv } from '@tp/storage';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const bytes = (fallback: number) => z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(fallback);
const seconds = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const MediaConfigSchema = z
  .object({
    ...serverSettings({ grpc: 50052, ops: 9102 }),
    ...natsSettings(),
    ...runtimeSettings(),
    ...grpcTlsSettings(),
    ...trustedKeySettings(),
    ...egressSettings(),
    DATABASE_URL: env.postgresUrl(),
    ...storageEnv,

    /** Key of the finalize tokens (HMAC-SHA256 of the upload session id). */
    MEDIA_TOKEN_SECRET: env.secret(32),
    /** Lifetime of a presigned upload (PUT or part) URL. */
    UPLOAD_URL_TTL_SECONDS: seconds(900, 60, 7 * 86_400),
    /** How long an upload session (or a direct upload) may stay unfinished before it expires. */
    UPLOAD_SESSION_TTL_SECONDS: seconds(3600, 60, 7 * 86_400),
    MEDIA_MAX_BYTES: bytes(5 * GIB),
    STORAGE_QUOTA_BYTES: bytes(50 * GIB),
    /** How long CompleteUpload waits for verification by default before answering "pending". */
    COMPLETE_WAIT_MS: env.milliseconds(3000),
    /** Verifications (ffprobe processes) run at once by one replica. */
    VERIFY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Longest one ffprobe run may take. */
    VERIFY_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Ack wait of the verification consumer: a replica that dies mid-verification is replaced after this long. */
    VERIFY_ACK_WAIT_MS: z.coerce.number().int().min(1000).default(30_000),
    /** Size of every part but the last of a direct (multipart) upload; S3 needs at least 5 MiB. */
    DIRECT_UPLOAD_PART_BYTES: z.coerce
      .number()
      .int()
      .min(5 * MIB)
      .max(5 * GIB)
      .default(8 * MIB),
    /** Largest file a presigned upload form (POST /upload without bytes) accepts. */
    MEDIA_FORM_MAX_BYTES: bytes(100 * MIB),
    /** How long a presigned upload form is valid (60 minutes, ADR 0017; tests shorten it to see one expire). */
    MEDIA_FORM_TTL_SECONDS: seconds(3600, 1, 7 * 86_400),
    /** Largest remote file ImportFromUrl fetches. */
    MEDIA_IMPORT_MAX_BYTES: bytes(100 * MIB),
    /** How long fetching a remote file may take, from connecting to the last byte. */
    MEDIA_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  })
  .superRefine((config, ctx) => {
    checkStorageCredentials(config, ctx);
    if (config.UPLOAD_URL_TTL_SECONDS > config.UPLOAD_SESSION_TTL_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPLOAD_URL_TTL_SECONDS'],
        message: 'must not exceed UPLOAD_SESSION_TTL_SECONDS',
      });
    }
    if (config.DIRECT_UPLOAD_PART_BYTES * 10_000 < config.MEDIA_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIRECT_UPLOAD_PART_BYTES'],
        message: 'times 10000 parts must reach MEDIA_MAX_BYTES',
      });
    }
    if (config.MEDIA_MAX_BYTES > 5 * 1024 * GIB) {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_MAX_BYTES'], message: 'S3 objects are at most 5 TiB' });
    }
  });

export type MediaConfig = z.infer<typeof MediaConfigSchema>;
