// Runs every *.test.ts under packages/, services/, tools/, charts/ and tests/ with Node's test
// runner (spec reporter, so its closing summary is the last thing printed); exits non-zero on
// any failure. Arguments narrow the run to some folders or files: node tools/dev/run-tests.ts services/accounts
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layout, repoRoot } from './layout.ts';
import { platformEnv, platformFrom } from './platform.ts';
import { readSecrets } from './secrets.ts';

export const TEST_ROOTS = ['packages', 'services', 'tools', 'charts', 'tests'];
const WATCHDOG = fileURLToPath(new URL('./test-file-watchdog.ts', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'generated', 'fixtures', '.git', '.run', '.tools']);

export function findTestFiles(base: string, roots: string[] = TEST_ROOTS): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    if (!existsSync(path)) return;
    if (statSync(path).isFile()) {
      if (path.endsWith('.test.ts')) found.push(path);
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) walk(join(path, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.test.ts')) found.push(join(path, entry.name));
    }
  };
  for (const root of roots) walk(resolve(base, root));
  return [...new Set(found)].map((file) => relative(base, file)).sort();
}

/** Integration tests mostly wait on PostgreSQL, NATS and S3, so 4 files at once suit 2 cores. */
export function testArgs(files: string[], env: NodeJS.ProcessEnv): string[] {
  return [
    // Bounds each file's process (TEST_FILE_TIMEOUT_MS): a file that never exits fails the run.
    '--import',
    WATCHDOG,
    '--test',
    `--test-concurrency=${env.TEST_CONCURRENCY || 4}`,
    `--test-timeout=${env.TEST_TIMEOUT_MS || 120_000}`,
    '--test-reporter=spec',
    // No --test-force-exit: the runner then ends once every test it has heard of is done, and a
    // file still between two tests can be cut off uncounted while the run passes. Test files
    // close what they open instead.
    ...files,
  ];
}

if (import.meta.main) {
  const files = findTestFiles(repoRoot, process.argv.length > 2 ? process.argv.slice(2) : TEST_ROOTS);
  if (!files.length) {
    console.error(`run-tests: no *.test.ts found under ${process.argv.slice(2).join(' ') || TEST_ROOTS.join(', ')}`);
    process.exit(1);
  }
  // Reach the local platform (and its S3 keys) even when started as plain `pnpm test`.
  const dirs = layout();
  const secrets = readSecrets(dirs.secretsFile);
  const env: NodeJS.ProcessEnv = {
    ...platformEnv(platformFrom(process.env, secrets, dirs), secrets),
    LOG_LEVEL: 'warn',
    ...process.env,
  };
  mkdirSync(dirs.runDir, { recursive: true });
  // Node's on-disk compile cache: the run starts hundreds of Node processes (test files, fleets'
  // services, tsctl) that load the same modules; each compiles them once per run, not once per process.
  env.NODE_COMPILE_CACHE ??= join(dirs.runDir, 'compile-cache');
  // Each file's wall time, slowest first with `sort -rn .run/test-timings.tsv` (test-file-watchdog.ts writes it).
  if (env.TEST_TIMINGS_FILE === undefined) {
    env.TEST_TIMINGS_FILE = join(dirs.runDir, 'test-timings.tsv');
    writeFileSync(env.TEST_TIMINGS_FILE, '');
  }
  const child = spawn(process.execPath, testArgs(files, env), { cwd: repoRoot, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
