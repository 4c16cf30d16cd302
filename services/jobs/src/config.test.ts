import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { JobsConfigSchema } from './config.ts';

const keys = generateServiceKeys(['jobs', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = {
  SERVICE_PRIVATE_KEY: keys.privateKeys.jobs!,
  SERVICE_PUBLIC_KEYS: JSON.stringify(keys.publicKeys),
  ...testPki().env('jobs'),
};
const required = { ...serviceKeys, DATABASE_URL: 'postgresql://localhost/transcription?schema=jobs' };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(JobsConfigSchema, env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems.map((p) => p.variable).sort();
  }
}

describe('jobs configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(JobsConfigSchema, required);
    assert.deepEqual([config.GRPC_PORT, config.OPS_PORT], [50055, 9105]);
    assert.deepEqual(
      [config.BILLING_GRPC_ADDR, config.MEDIA_GRPC_ADDR, config.ARTIFACTS_GRPC_ADDR],
      ['127.0.0.1:50053', '127.0.0.1:50052', '127.0.0.1:50054'],
    );
    assert.deepEqual([...config.ENGINES.engines], ['pocketsphinx']);
    assert.equal(config.ENGINES.models.size, 0);
    assert.deepEqual(
      [config.IDEMPOTENCY_TTL_HOURS, config.MAX_BATCH_ITEMS, config.RESERVATION_TIMEOUT_MS],
      [24, 50, 60_000],
    );
    assert.equal(config.GRPC_MAX_MESSAGE_BYTES, 64 * 1024 * 1024);
    assert.equal(config.CLIENT_LOCAL_IDLE_TIMEOUT_MS, 15 * 60_000);
    assert.equal(config.NATS_PREFIX, '');
  });

  it('reads a list of engines and refuses unknown ones at start', () => {
    assert.deepEqual(
      [...loadConfig(JobsConfigSchema, { ...required, ENGINES: 'pocketsphinx, whisper' }).ENGINES.engines],
      ['pocketsphinx', 'whisper'],
    );
    const mounted = loadConfig(JobsConfigSchema, { ...required, ENGINES: 'pocketsphinx,whisper:base.en' }).ENGINES;
    assert.deepEqual([...(mounted.models.get('whisper') ?? [])], ['base.en']);
    assert.deepEqual(problems({ ...required, ENGINES: 'whisper:large-v9' }), ['ENGINES']);
    assert.deepEqual(problems({ ...required, ENGINES: 'pocketsphinx,vosk' }), ['ENGINES']);
    assert.deepEqual(problems({ ...required, ENGINES: ' , ' }), ['ENGINES']);
  });

  it('names every bad variable', () => {
    assert.deepEqual(problems({}), [
      'DATABASE_URL',
      'GRPC_TLS_CA_FILE',
      'GRPC_TLS_CERT_FILE',
      'GRPC_TLS_KEY_FILE',
      'SERVICE_PRIVATE_KEY',
      'SERVICE_PUBLIC_KEYS',
    ]);
    assert.deepEqual(problems({ ...required, BILLING_GRPC_ADDR: 'billing', MAX_BATCH_ITEMS: '0' }), [
      'BILLING_GRPC_ADDR',
      'MAX_BATCH_ITEMS',
    ]);
    assert.deepEqual(problems({ ...required, CLIENT_LOCAL_IDLE_TIMEOUT_MS: '999' }), ['CLIENT_LOCAL_IDLE_TIMEOUT_MS']);
    assert.deepEqual(problems({ ...required, RESERVATION_TIMEOUT_MS: '15000', BACKEND_DEADLINE_MS: '5000' }), [
      'RESERVATION_TIMEOUT_MS',
    ]);
  });
});
