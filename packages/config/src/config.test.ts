import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, env, loadConfig, z } from './index.ts';

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
    assert.deepEqual(cfg, { PORT: 8080, DATABASE_URL: 'postgresql://x@h/db', NATS_URL: 'nats://127.0.0.1:4222', DEBUG: true, PEER: '127.0.0.1:50051' });
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
