import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateServiceKeys } from '@tp/identity';
import {
  ConfigError,
  egressSettings,
  env,
  httpSettings,
  loadConfig,
  opsSettings,
  signingKeySettings,
  trustedKeySettings,
  z,
} from './index.ts';

const schema = z.object({
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  NATS_URL: env.natsUrl(),
  DEBUG: env.bool(false),
  PEER: env.address('127.0.0.1:50051'),
});

describe('loadConfig', () => {
  it('applies defaults and coerces types', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgresql://x@h/db', DEBUG: 'yes' });
    assert.deepEqual(cfg, {
      PORT: 8080,
      DATABASE_URL: 'postgresql://x@h/db',
      NATS_URL: 'nats://127.0.0.1:4222',
      DEBUG: true,
      PEER: '127.0.0.1:50051',
    });
  });

  it('names every bad variable in one error', () => {
    assert.throws(
      () => loadConfig(schema, { PORT: 'eighty', PEER: 'nohost' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        const names = err.problems.map((p) => p.variable).sort();
        assert.deepEqual(names, ['DATABASE_URL', 'PEER', 'PORT']);
        assert.match(err.message, /DATABASE_URL: is required but not set/);
        assert.match(err.message, /PEER: must be host:port/);
        return true;
      },
    );
  });

  it('treats an empty string as unset', () => {
    assert.equal(loadConfig(schema, { DATABASE_URL: 'postgres://h/d', PORT: '' }).PORT, 8080);
  });

  it('ignores variables the schema does not name', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgres://h/d', OTHER: 'x' });
    assert.equal('OTHER' in cfg, false);
  });
});

describe('httpSettings', () => {
  it('come with every ops server, with short defaults, and the gateway chooses its own', () => {
    const ops = loadConfig(z.object(opsSettings(9101)), { HTTP_HEADERS_TIMEOUT_MS: '2500' });
    assert.deepEqual(ops, {
      OPS_HOST: '127.0.0.1',
      OPS_PORT: 9101,
      HTTP_HEADERS_TIMEOUT_MS: 2500,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      HTTP_IDLE_TIMEOUT_MS: 30_000,
    });
    const own = { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 3_000, idleTimeoutMs: 4_000 };
    assert.equal(loadConfig(z.object(httpSettings(own)), {}).HTTP_REQUEST_TIMEOUT_MS, 2_000);
  });

  it('refuse a timeout that is not a whole number of milliseconds in range', () => {
    assert.throws(
      () => loadConfig(z.object(httpSettings()), { HTTP_IDLE_TIMEOUT_MS: '10', HTTP_HEADERS_TIMEOUT_MS: 'soon' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems
          .map((p) => p.variable)
          .sort()
          .join() === 'HTTP_HEADERS_TIMEOUT_MS,HTTP_IDLE_TIMEOUT_MS',
    );
  });
});

describe('service key settings', () => {
  const schema = z.object({ ...signingKeySettings(), ...trustedKeySettings() });
  const { privateKeys, publicKeys } = generateServiceKeys(['jobs', 'gateway']);

  it('reads the private key and the JSON list of public keys per service', () => {
    const config = loadConfig(schema, {
      SERVICE_PRIVATE_KEY: privateKeys.jobs,
      SERVICE_PUBLIC_KEYS: JSON.stringify(publicKeys),
    });
    assert.equal(config.SERVICE_PRIVATE_KEY, privateKeys.jobs);
    assert.deepEqual(config.SERVICE_PUBLIC_KEYS, publicKeys);
  });

  it('names a key that is no Ed25519 PEM, a list that is not JSON, and a key that is not a service name', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(schema, env);
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        return err.message;
      }
      assert.fail('the configuration was accepted');
    };
    const bad = problems({ SERVICE_PRIVATE_KEY: publicKeys.jobs![0]!, SERVICE_PUBLIC_KEYS: '{jobs:' });
    assert.match(bad, /SERVICE_PRIVATE_KEY: must be an Ed25519 private key/);
    assert.match(bad, /SERVICE_PUBLIC_KEYS: must be a JSON object/);
    const listed = (keys: unknown) =>
      problems({ SERVICE_PRIVATE_KEY: privateKeys.jobs!, SERVICE_PUBLIC_KEYS: JSON.stringify(keys) });
    assert.match(listed({ jobs: [privateKeys.jobs] }), /SERVICE_PUBLIC_KEYS: must be an Ed25519 public key/);
    assert.match(listed({ jobs: [] }), /SERVICE_PUBLIC_KEYS: lists at least one key/);
    assert.match(listed({ 'Not A Service': publicKeys.jobs }), /SERVICE_PUBLIC_KEYS: a key is not a service name/);
    assert.match(problems({}), /SERVICE_PRIVATE_KEY: is required but not set/);
  });
});

describe('egressSettings', () => {
  const schema = z.object(egressSettings());

  it('refuse private targets unless EGRESS_ALLOW_PRIVATE_TARGETS says otherwise', () => {
    assert.equal(loadConfig(schema, {}).EGRESS_ALLOW_PRIVATE_TARGETS, false);
    assert.equal(loadConfig(schema, { EGRESS_ALLOW_PRIVATE_TARGETS: 'true' }).EGRESS_ALLOW_PRIVATE_TARGETS, true);
    assert.throws(() => loadConfig(schema, { EGRESS_ALLOW_PRIVATE_TARGETS: 'maybe' }), /EGRESS_ALLOW_PRIVATE_TARGETS/);
  });
});
