import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { MediaConfigSchema } from './config.ts';

const keys = generateServiceKeys(['media', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = { SERVICE_PUBLIC_KEYS: JSON.stringify(keys.publicKeys), ...testPki().env('media') };
const required = {
  ...serviceKeys,
  DATABASE_URL: 'postgresql://localhost/transcription?schema=media',
  S3_BUCKET: 'media-bucket',
  MEDIA_TOKEN_SECRET: 's'.repeat(32),
};

describe('media configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(MediaConfigSchema, required);
    assert.deepEqual(
      [
        config.GRPC_PORT,
        config.OPS_PORT,
        config.S3_REGION,
        config.S3_FORCE_PATH_STYLE,
        config.UPLOAD_URL_TTL_SECONDS,
        config.UPLOAD_SESSION_TTL_SECONDS,
      ],
      [50052, 9102, 'us-east-1', false, 900, 3600],
    );
    assert.deepEqual(
      [config.MEDIA_MAX_BYTES, config.STORAGE_QUOTA_BYTES, config.DIRECT_UPLOAD_PART_BYTES],
      [5 * 1024 ** 3, 50 * 1024 ** 3, 8 * 1024 ** 2],
    );
    assert.deepEqual(
      [
        config.COMPLETE_WAIT_MS,
        config.VERIFY_CONCURRENCY,
        config.VERIFY_TIMEOUT_MS,
        config.VERIFY_ACK_WAIT_MS,
        config.FFPROBE_PATH,
      ],
      [3000, 2, 60_000, 30_000, 'ffprobe'],
    );
    assert.equal(config.S3_ENDPOINT, undefined, 'unset means AWS');
  });

  it('names every bad variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(MediaConfigSchema, env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.variable).sort();
      }
    };
    assert.deepEqual(problems({}), [
      'DATABASE_URL',
      'GRPC_TLS_CA_FILE',
      'GRPC_TLS_CERT_FILE',
      'GRPC_TLS_KEY_FILE',
      'MEDIA_TOKEN_SECRET',
      'S3_BUCKET',
      'SERVICE_PUBLIC_KEYS',
    ]);
    assert.deepEqual(problems({ ...required, MEDIA_TOKEN_SECRET: 'short' }), ['MEDIA_TOKEN_SECRET']);
    assert.deepEqual(problems({ ...required, S3_ACCESS_KEY_ID: 'key' }), ['S3_SECRET_ACCESS_KEY']);
    assert.deepEqual(problems({ ...required, UPLOAD_URL_TTL_SECONDS: '7200' }), ['UPLOAD_URL_TTL_SECONDS']);
    assert.deepEqual(problems({ ...required, DIRECT_UPLOAD_PART_BYTES: String(1024 * 1024) }), [
      'DIRECT_UPLOAD_PART_BYTES',
    ]);
    assert.deepEqual(
      problems({ ...required, MEDIA_MAX_BYTES: String(100 * 1024 ** 3) }),
      ['DIRECT_UPLOAD_PART_BYTES'],
      '8 MiB × 10000 parts do not reach 100 GiB',
    );
    assert.deepEqual(problems({ ...required, S3_ENDPOINT: 'not a url', S3_BUCKET: 'Bad_Bucket' }), [
      'S3_BUCKET',
      'S3_ENDPOINT',
    ]);
  });
});
