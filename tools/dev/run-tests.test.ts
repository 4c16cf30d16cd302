import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { stopOrder } from './down.ts';
import { BUNDLE_SIZE, bundled, findTestFiles, longestFirst, sharesProcess, testArgs } from './run-tests.ts';

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
    'tests/e2e/account.test.ts',
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
    'tests/e2e/account.test.ts',
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

test('starts the whole-fleet files first and leaves the short unit files for the end', () => {
  const files = [
    'charts/transcription/test/values.test.ts',
    'packages/bus/src/bus.test.ts',
    'services/jobs/test/queue.test.ts',
    'tests/e2e/web.test.ts',
    'tests/e2e/jobs.test.ts',
    'tools/dev/fleet.test.ts',
    'tools/local-s3/src/main.test.ts',
  ];
  assert.deepEqual(longestFirst(files), [
    'tests/e2e/jobs.test.ts',
    'tests/e2e/web.test.ts',
    'tools/dev/fleet.test.ts',
    'services/jobs/test/queue.test.ts',
    'charts/transcription/test/values.test.ts',
    'packages/bus/src/bus.test.ts',
    'tools/local-s3/src/main.test.ts',
  ]);
});

test('starts the files in the order given, each test bounded by TEST_TIMEOUT_MS', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-runner-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, body: string) =>
    writeFileSync(
      join(dir, name),
      `import { test } from 'node:test';\nimport { appendFileSync } from 'node:fs';\n` +
        `test('${name}', async () => { appendFileSync('order', '${name} '); ${body} });\n`,
    );
  file('c.test.mjs', '');
  file('b.test.mjs', 'await new Promise(() => {});'); // never ends, holding nothing open
  file('a.test.mjs', '');
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_CONCURRENCY: '1', TEST_TIMEOUT_MS: '1000' };
  delete env.NODE_TEST_CONTEXT;
  delete env.TEST_TIMINGS_FILE;
  const run = spawnSync(process.execPath, testArgs(['c.test.mjs', 'b.test.mjs', 'a.test.mjs']), {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(readFileSync(join(dir, 'order'), 'utf8'), 'c.test.mjs b.test.mjs a.test.mjs ');
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /test timed out after 1000ms/);
  assert.match(run.stdout, /ℹ pass 2/);
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
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_FILE_TIMEOUT_MS: '1500', TEST_CONCURRENCY: '2' };
  delete env.NODE_TEST_CONTEXT; // this file runs inside a runner; the one it starts is a runner of its own
  delete env.TEST_TIMINGS_FILE; // the run's timings are of its own files
  const run = spawnSync(process.execPath, testArgs(['stuck.test.mjs', 'fine.test.mjs']), {
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

test("tests of a service's domain and use cases share processes, in bundles of BUNDLE_SIZE files", (t) => {
  const base = mkdtempSync(join(tmpdir(), 'tp-bundles-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  assert.equal(sharesProcess('services/jobs/src/domain/queue.test.ts'), true);
  assert.equal(sharesProcess('services/jobs/src/usecases/create-job.test.ts'), true);
  for (const file of [
    'services/jobs/test/queue.test.ts',
    'services/jobs/src/config.test.ts',
    'packages/bus/src/domain/x.test.ts',
  ])
    assert.equal(sharesProcess(file), false, file);
  const pure = Array.from({ length: BUNDLE_SIZE + 1 }, (_, i) => `services/s/src/domain/t${i}.test.ts`);
  const files = bundled(['services/s/test/it.test.ts', ...pure], base, join(base, 'bundles'));
  assert.deepEqual(files, ['bundles/pure-1.test.ts', 'bundles/pure-2.test.ts', 'services/s/test/it.test.ts']);
  const first = readFileSync(join(base, 'bundles/pure-1.test.ts'), 'utf8');
  assert.equal(first.match(/^describe\(/gm)?.length, BUNDLE_SIZE);
  assert.match(first, /describe\("services\/s\/src\/domain\/t0\.test\.ts", \(\) => import\("file:\/\/\//);
  assert.deepEqual(bundled(['services/s/test/it.test.ts'], base, join(base, 'none')), ['services/s/test/it.test.ts']);
  assert.equal(existsSync(join(base, 'none')), false);
});

test("a bundle runs each file as a suite of its own: one file's hooks and failures stay its own", (t) => {
  const base = mkdtempSync(join(tmpdir(), 'tp-bundle-run-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const write = (file: string, body: string) => {
    mkdirSync(dirname(join(base, file)), { recursive: true });
    writeFileSync(
      join(base, file),
      `import { beforeEach, it } from 'node:test';\nimport assert from 'node:assert/strict';\n${body}`,
    );
  };
  write(
    'services/s/src/domain/a.test.ts',
    'let n = 0;\nbeforeEach(() => { n++; });\nit("a counts its own tests", () => assert.equal(n, 1));\n',
  );
  write('services/s/src/domain/b.test.ts', 'it("b passes", () => {});\nit("b fails", () => assert.equal(1, 2));\n');
  const [bundle] = bundled(
    ['services/s/src/domain/a.test.ts', 'services/s/src/domain/b.test.ts'],
    base,
    join(base, 'bundles'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.TEST_TIMINGS_FILE;
  const run = spawnSync(process.execPath, testArgs([bundle!]), { cwd: base, env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /ℹ pass 2/);
  assert.match(run.stdout, /ℹ fail 1/);
  assert.match(run.stdout, /test at services\/s\/src\/domain\/b\.test\.ts:4:1\n✖ b fails/);
});

test('make down stops services in reverse start order, then S3, NATS and PostgreSQL last', () => {
  assert.deepEqual(
    stopOrder(['accounts', 'gateway', 'local-s3', 'nats', 'postgres', 'retired'], ['accounts', 'gateway']),
    ['retired', 'gateway', 'accounts', 'local-s3', 'nats', 'postgres'],
  );
  assert.deepEqual(stopOrder([], ['accounts']), []);
});
