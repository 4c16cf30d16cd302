import assert from 'node:assert/strict';
import { test } from 'node:test';
import { databaseNameOf, parseDatabaseUrl, pgConfigFor, redact, withDatabase, withSchema } from './database-url.ts';

test('the schema parameter is taken out of the connection string', () => {
  assert.deepEqual(parseDatabaseUrl('postgresql://postgres@127.0.0.1:5432/transcription?schema=accounts'), {
    connectionString: 'postgresql://postgres@127.0.0.1:5432/transcription',
    schema: 'accounts',
  });
});

test('other parameters stay and the schema defaults to public', () => {
  assert.deepEqual(parseDatabaseUrl('postgres://u:p%40ss@db.internal:6432/app?sslmode=require&connect_timeout=5'), {
    connectionString: 'postgres://u:p%40ss@db.internal:6432/app?sslmode=require&connect_timeout=5',
    schema: 'public',
  });
});

test('URLs that are not PostgreSQL URLs, or name an odd schema, are refused without leaking passwords', () => {
  assert.throws(() => parseDatabaseUrl('mysql://root@localhost/app'), {
    name: 'MigrationError',
    code: 'invalid_input',
    message: /must start with postgresql:\/\//,
  });
  assert.throws(() => parseDatabaseUrl('not a url :secret'), { code: 'invalid_input' });
  assert.throws(() => parseDatabaseUrl('postgresql://localhost/app?schema=a;drop'), {
    code: 'invalid_input',
    message: /not a plain identifier/,
  });
  assert.throws(() => parseDatabaseUrl('postgresql://localhost/app?schema=ai-proxy'), { code: 'invalid_input' });
});

test('pg settings pin search_path to the schema and keep existing libpq options', () => {
  const { config, schema } = pgConfigFor('postgresql://postgres@127.0.0.1:5432/transcription?schema=billing');
  assert.equal(schema, 'billing');
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 5432);
  assert.equal(config.database, 'transcription');
  assert.equal(config.options, '-c search_path=billing');
  const withOptions = pgConfigFor('postgresql://h/db?schema=jobs&options=-c%20statement_timeout%3D5000');
  assert.equal(withOptions.config.options, '-c statement_timeout=5000 -c search_path=jobs');
});

test('database and schema can be swapped while the server and credentials stay', () => {
  const url = 'postgresql://u:pw@h:5433/transcription?schema=accounts&sslmode=disable';
  assert.equal(withDatabase(url, 'postgres'), 'postgresql://u:pw@h:5433/postgres?sslmode=disable');
  assert.equal(
    withDatabase(url, 'tp_test_x', 'notes'),
    'postgresql://u:pw@h:5433/tp_test_x?sslmode=disable&schema=notes',
  );
  assert.equal(withSchema(url, 'jobs'), 'postgresql://u:pw@h:5433/transcription?sslmode=disable&schema=jobs');
  assert.equal(databaseNameOf(url), 'transcription');
  assert.throws(() => databaseNameOf('postgresql://h:5432'), { code: 'invalid_input' });
});

test('redact hides the password only', () => {
  assert.equal(redact('postgresql://u:secret@h/db?schema=a'), 'postgresql://u:***@h/db?schema=a');
  assert.equal(redact('postgresql://u@h/db'), 'postgresql://u@h/db');
});
