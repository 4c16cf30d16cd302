// The local S3-compatible store for `make up` and tests: s3rver with SigV4 checks on.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { env, loadConfig, z } from '@tp/config';
import { createLogger } from '@tp/logging';
import { startLocalS3 } from './server.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const config = loadConfig(
  z.object({
    S3_HOST: env.host(),
    S3_PORT: env.port(9000),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .default('transcription-media'),
    S3_ACCESS_KEY_ID: z.string().min(3),
    S3_SECRET_ACCESS_KEY: env.secret(16),
    S3_DATA_DIR: z.string().min(1).default(`${repoRoot}.run/s3`),
    LOG_LEVEL: env.logLevel(),
  }),
);

const log = createLogger({ service: 'local-s3', level: config.LOG_LEVEL });
mkdirSync(config.S3_DATA_DIR, { recursive: true });
const store = await startLocalS3({
  host: config.S3_HOST,
  port: config.S3_PORT,
  directory: config.S3_DATA_DIR,
  bucket: config.S3_BUCKET,
  accessKeyId: config.S3_ACCESS_KEY_ID,
  secretAccessKey: config.S3_SECRET_ACCESS_KEY,
});
log.info({ url: store.url, bucket: config.S3_BUCKET, directory: config.S3_DATA_DIR }, 'local S3 listening');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'local S3 stopping');
    store.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
