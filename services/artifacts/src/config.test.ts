import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { ArtifactsConfigSchema } from './config.ts';

const keys = generateServiceKeys(['artifacts', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = { SERVICE_PUBLIC_KEYS: JSON.stringify(keys.publicKeys), ...testPki().env('artifacts') };
const required = {
  ...serviceKeys,
  DATABASE_URL: 'postgresql://localhost/transcription?schema=artifacts',
  S3_BUCKET: 'media-bucket',
};

describe('artifacts configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(ArtifactsConfigSchema, required);
    assert.deepEqual(
      [
        config.GRPC_HOST,
        config.GRPC_PORT,
        config.OPS_PORT,
        config.S3_REGION,
        config.S3_FORCE_PATH_STYLE,
        config.MAX_PAYLOAD_BYTES,
        config.SHUTDOWN_TIMEOUT_MS,
      ],
      ['127.0.0.1', 50054, 9104, 'us-east-1', false, 32 * 1024 * 1024, 10_000],
    );
    assert.equal(config.S3_ENDPOINT, undefined, 'unset means AWS');
  });

  it('names every bad variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(ArtifactsConfigSchema, env);
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
      'S3_BUCKET',
      'SERVICE_PUBLIC_KEYS',
    ]);
    assert.deepEqual(problems({ ...required, S3_ACCESS_KEY_ID: 'key' }), ['S3_SECRET_ACCESS_KEY']);
    assert.deepEqual(problems({ ...required, S3_SECRET_ACCESS_KEY: 'secret' }), ['S3_ACCESS_KEY_ID']);
    assert.deepEqual(problems({ ...required, MAX_PAYLOAD_BYTES: '10' }), ['MAX_PAYLOAD_BYTES']);
    assert.deepEqual(problems({ ...required, S3_ENDPOINT: 'not a url', S3_BUCKET: 'Bad_Bucket' }), [
      'S3_BUCKET',
      'S3_ENDPOINT',
    ]);
  });
});
