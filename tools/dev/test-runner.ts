// The test runner run-tests.ts starts: Node's own (node:test run(), spec reporter), given the
// files in the order they should start. `node --test <files>` sorts its arguments by name, so a
// long file named late starts late and ends alone while the other slots idle; run() keeps the order.
// Arguments: the files. Environment: TEST_CONCURRENCY (files at once, 4), TEST_TIMEOUT_MS (per
// test, 120 s). Every file's process preloads test-file-watchdog.ts and the contract check of
// @tp/testing (packages/testing/src/contract).
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const WATCHDOG = fileURLToPath(new URL('./test-file-watchdog.ts', import.meta.url));
// Every response a test receives from the gateway is checked against its /openapi.json.
const CONTRACT_CHECK = fileURLToPath(new URL('../../packages/testing/src/contract/install.ts', import.meta.url));

const files = process.argv.slice(2);
const stream = run({
  files,
  concurrency: Number(process.env.TEST_CONCURRENCY || 4),
  timeout: Number(process.env.TEST_TIMEOUT_MS || 120_000),
  // No forceExit: the runner then ends once every test it has heard of is done, and a file still
  // between two tests can be cut off uncounted while the run passes. Test files close what they open.
  // Bounds each file's process (TEST_FILE_TIMEOUT_MS): a file that never exits fails the run.
  execArgv: ['--import', WATCHDOG, '--import', CONTRACT_CHECK],
});
stream.on('test:fail', (event) => {
  // A failing todo does not fail the run, as with node --test.
  if (!event.todo) process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
