import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopOrder } from './down.ts';
import { findTestFiles, testArgs } from './run-tests.ts';

test('finds *.test.ts under the test roots, never in node_modules or generated code', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'tp-find-tests-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const file of [
    'packages/ids/src/ids.test.ts',
    'services/accounts/test/accounts.test.ts',
    'services/accounts/src/generated/prisma/x.test.ts',
    'services/accounts/node_modules/dep/y.test.ts',
    'tools/dev/z.test.ts',
    'charts/transcription/test/chart.test.ts',
    'tests/e2e/auth.test.ts',
    'tests/e2e/outage.faults.test.ts',
    'docs/not-a-root.test.ts',
    'packages/ids/src/ids.ts',
    'packages/ids/src/helper.test.js',
  ]) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  assert.deepEqual(findTestFiles(root), [
    'charts/transcription/test/chart.test.ts',
    'packages/ids/src/ids.test.ts',
    'services/accounts/test/accounts.test.ts',
    'tests/e2e/auth.test.ts',
    'tools/dev/z.test.ts',
  ]);
  assert.deepEqual(findTestFiles(root, ['services/accounts', 'tools/dev/z.test.ts', 'missing']), [
    'services/accounts/test/accounts.test.ts',
    'tools/dev/z.test.ts',
  ]);
  // The long fault tests run in make faults, or when named.
  assert.deepEqual(findTestFiles(root, undefined, 'faults'), ['tests/e2e/outage.faults.test.ts']);
  assert.deepEqual(findTestFiles(root, ['tests/e2e/outage.faults.test.ts']), ['tests/e2e/outage.faults.test.ts']);
});

test('runs with the spec reporter, 4 files at once and a per-test timeout, all overridable', () => {
  assert.deepEqual(testArgs(['a.test.ts'], {}), [
    '--import',
    fileURLToPath(new URL('./test-file-watchdog.ts', import.meta.url)),
    '--test',
    '--test-concurrency=4',
    '--test-timeout=120000',
    '--test-reporter=spec',
    'a.test.ts',
  ]);
  // --test-force-exit let the runner end while a file was still between tests, losing them uncounted.
  assert.ok(!testArgs(['a.test.ts'], {}).includes('--test-force-exit'));
  const args = testArgs([], { TEST_CONCURRENCY: '2', TEST_TIMEOUT_MS: '5000' });
  assert.ok(args.includes('--test-concurrency=2') && args.includes('--test-timeout=5000'));
});

test('a test file whose process never exits fails the run after TEST_FILE_TIMEOUT_MS, naming it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-watchdog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The test passes, then an interval (as a connection left open would) keeps the process alive;
  // it started a process of its own (as a test fleet does), which must not outlive it.
  writeFileSync(
    join(dir, 'stuck.test.mjs'),
    "import { test } from 'node:test';\nimport { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\n" +
      "test('passes', () => { writeFileSync('child.pid', String(spawn('sleep', ['600']).pid)); setInterval(() => {}, 1000); });\n",
  );
  writeFileSync(join(dir, 'fine.test.mjs'), "import { test } from 'node:test';\ntest('fine', () => {});\n");
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_FILE_TIMEOUT_MS: '1500' };
  delete env.NODE_TEST_CONTEXT; // this file runs inside a runner; the one it starts is a runner of its own
  const run = spawnSync(process.execPath, testArgs(['stuck.test.mjs', 'fine.test.mjs'], { TEST_CONCURRENCY: '2' }), {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.signal, null, 'the runner ended on its own');
  assert.notEqual(run.status, 0);
  const output = run.stdout + run.stderr;
  assert.match(output, /test-file-watchdog: \S*stuck\.test\.mjs still runs after 1500 ms/);
  assert.match(output, /ℹ pass 2/);
  assert.match(output, /ℹ fail 1/);
  assert.match(output, /Killing the 1 processes it started/);
  const child = Number(readFileSync(join(dir, 'child.pid'), 'utf8'));
  // Gone, or a zombie waiting for whoever adopted it to reap it: not running either way.
  const state = existsSync(`/proc/${child}/stat`)
    ? readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]?.[0]
    : 'gone';
  assert.ok(state === 'gone' || state === 'Z', `the process the stuck file started still runs (state ${state})`);
});

test('make down stops services in reverse start order, then S3, NATS and PostgreSQL last', () => {
  assert.deepEqual(
    stopOrder(['accounts', 'gateway', 'local-s3', 'nats', 'postgres', 'retired'], ['accounts', 'gateway']),
    ['retired', 'gateway', 'accounts', 'local-s3', 'nats', 'postgres'],
  );
  assert.deepEqual(stopOrder([], ['accounts']), []);
});
