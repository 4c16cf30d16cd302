import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromEngineError, MigrationError, stripSpanTrace } from './errors.ts';

function engineError(message: string, code?: string): Error {
  const error = new Error(message);
  error.name = 'SchemaConnectorError';
  if (code !== undefined) Object.assign(error, { code });
  return error;
}

test('engine P-codes become error codes, and the Rust span trace is cut off', () => {
  const error = fromEngineError(
    engineError(
      'Migration `x` failed to apply cleanly to the shadow database.\nError:\nboom\n   0: sql_schema_connector::validate\n           at lib.rs:156',
      'P3006',
    ),
  );
  assert.ok(error instanceof MigrationError);
  assert.equal(error.code, 'migration_failed');
  assert.equal(error.engineCode, 'P3006');
  assert.equal(error.message, 'Migration `x` failed to apply cleanly to the shadow database.\nError:\nboom');
  assert.equal((fromEngineError(engineError('bad schema', 'P1012')) as MigrationError).code, 'invalid_schema');
  assert.equal((fromEngineError(engineError('odd', 'P9999')) as MigrationError).code, 'engine_failure');
});

test('connection failures without a P-code are recognised by their message', () => {
  assert.equal(
    (fromEngineError(new Error("Can't reach database server at `127.0.0.1:1`")) as MigrationError).code,
    'database_unreachable',
  );
  assert.equal(
    (fromEngineError(new Error('Database `nope` does not exist')) as MigrationError).code,
    'database_missing',
  );
});

test('our own programming errors pass through untouched', () => {
  const bug = new TypeError('x is undefined');
  assert.equal(fromEngineError(bug), bug);
  const known = new MigrationError('drift', 'drifted');
  assert.equal(fromEngineError(known), known);
});

test('stripSpanTrace leaves messages without a trace alone', () => {
  assert.equal(stripSpanTrace('plain message\nsecond line'), 'plain message\nsecond line');
});
