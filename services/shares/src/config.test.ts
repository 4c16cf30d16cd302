import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { SharesConfigSchema } from './config.ts';

const keys = generateServiceKeys(['shares', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = {
  SERVICE_PRIVATE_KEY: keys.privateKeys.shares!,
  SERVICE_PUBLIC_KEYS: JSON.stringify(keys.publicKeys),
  ...testPki().env('shares'),
};
const required = { ...serviceKeys, DATABASE_URL: 'postgresql://localhost/transcription?schema=shares' };

describe('shares configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(SharesConfigSchema, required);
    assert.deepEqual(
      [
        config.GRPC_HOST,
        config.GRPC_PORT,
        config.OPS_PORT,
        config.NATS_URL,
        config.NATS_PREFIX,
        config.ARTIFACTS_GRPC_ADDR,
        config.MEDIA_GRPC_ADDR,
      ],
      ['127.0.0.1', 50056, 9107, 'nats://127.0.0.1:4222', '', '127.0.0.1:50054', '127.0.0.1:50052'],
    );
    assert.deepEqual(
      [
        config.BACKEND_DEADLINE_MS,
        config.GRPC_MAX_MESSAGE_BYTES,
        config.MAX_SHARES_PER_ARTIFACT,
        config.SHUTDOWN_TIMEOUT_MS,
        config.LOG_LEVEL,
      ],
      [15_000, 64 * 1024 * 1024, 50, 10_000, 'info'],
    );
  });

  it('names every bad variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(SharesConfigSchema, env);
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
      'SERVICE_PRIVATE_KEY',
      'SERVICE_PUBLIC_KEYS',
    ]);
    assert.deepEqual(problems({ ...required, MAX_SHARES_PER_ARTIFACT: '0' }), ['MAX_SHARES_PER_ARTIFACT']);
    assert.deepEqual(problems({ ...required, GRPC_MAX_MESSAGE_BYTES: '1024' }), ['GRPC_MAX_MESSAGE_BYTES']);
    assert.deepEqual(problems({ ...required, ARTIFACTS_GRPC_ADDR: 'artifacts', MEDIA_GRPC_ADDR: 'http://media:1' }), [
      'ARTIFACTS_GRPC_ADDR',
      'MEDIA_GRPC_ADDR',
    ]);
    assert.deepEqual(problems({ ...required, NATS_URL: 'http://nats:4222', NATS_PREFIX: 'bad prefix' }), [
      'NATS_PREFIX',
      'NATS_URL',
    ]);
  });
});
