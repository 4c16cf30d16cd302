import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { BillingConfigSchema } from './config.ts';

const keys = generateServiceKeys(['billing', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = { SERVICE_PUBLIC_KEYS: JSON.stringify(keys.publicKeys), ...testPki().env('billing') };
const required = {
  ...serviceKeys,
  DATABASE_URL: 'postgresql://localhost/transcription?schema=billing',
  ADMIN_API_KEY: 'k'.repeat(32),
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(BillingConfigSchema, env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems.map((p) => p.variable).sort();
  }
};

describe('billing configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(BillingConfigSchema, required);
    assert.deepEqual(
      [
        config.GRPC_HOST,
        config.GRPC_PORT,
        config.OPS_HOST,
        config.OPS_PORT,
        config.PLAN_NAME,
        config.PLAN_MAX_CONCURRENT_JOBS,
        config.GRANT_EXPIRY_SWEEP_MS,
      ],
      ['127.0.0.1', 50053, '127.0.0.1', 9103, 'standard', 4, 60_000],
    );
    assert.deepEqual([config.STORAGE_QUOTA_BYTES, config.MAX_UPLOAD_BYTES], [53_687_091_200, 5_368_709_120]);
  });

  it('names every bad variable', () => {
    assert.deepEqual(problems({}), [
      'ADMIN_API_KEY',
      'DATABASE_URL',
      'GRPC_TLS_CA_FILE',
      'GRPC_TLS_CERT_FILE',
      'GRPC_TLS_KEY_FILE',
      'SERVICE_PUBLIC_KEYS',
    ]);
    assert.deepEqual(problems({ ...required, ADMIN_API_KEY: 'short' }), ['ADMIN_API_KEY']);
    assert.deepEqual(problems({ ...required, PLAN_MAX_CONCURRENT_JOBS: '0', GRANT_EXPIRY_SWEEP_MS: '10' }), [
      'GRANT_EXPIRY_SWEEP_MS',
      'PLAN_MAX_CONCURRENT_JOBS',
    ]);
    assert.deepEqual(problems({ ...required, PLAN_NAME: 'Not A Name', STORAGE_QUOTA_BYTES: '-1' }), [
      'PLAN_NAME',
      'STORAGE_QUOTA_BYTES',
    ]);
  });
});
