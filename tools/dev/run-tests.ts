// Runs every *.test.ts under packages/, services/, tools/, charts/ and tests/ with Node's test
// runner (spec reporter, so its closing summary is the last thing printed); exits non-zero on
// any failure. Arguments narrow the run to some folders or files: node tools/dev/run-tests.ts services/accounts
// The long forms of fault tests (*.faults.test.ts: outages, kills, receivers away, minutes each)
// belong to `make faults`: left out of a folder's files, run with --faults (alone) or when named.
// The tests of a service's pure code (domain/, use cases with faked dependencies) run bundled, several
// files to a process (sharesProcess); every other file runs in a process of its own.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { layout, repoRoot } from './layout.ts';
import { platformEnv, platformFrom } from './platform.ts';
import { readSecrets } from './secrets.ts';

export const TEST_ROOTS = ['packages', 'services', 'tools', 'charts', 'tests'];
const RUNNER = fileURLToPath(new URL('./test-runner.ts', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'generated', 'fixtures', '.git', '.run', '.tools']);

export const FAULTS_SUFFIX = '.faults.test.ts';

/** Which files a folder contributes: the suite of `make test`, or the fault tests of `make faults`. */
export type TestSuite = 'test' | 'faults';

export function findTestFiles(base: string, roots: string[] = TEST_ROOTS, suite: TestSuite = 'test'): string[] {
  const found: string[] = [];
  const inSuite = (name: string) => name.endsWith('.test.ts') && name.endsWith(FAULTS_SUFFIX) === (suite === 'faults');
  const walk = (path: string): void => {
    if (!existsSync(path)) return;
    if (statSync(path).isFile()) {
      if (path.endsWith('.test.ts')) found.push(path); // a file named is run, whichever suite it is in
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) walk(join(path, entry.name));
      else if (entry.isFile() && inSuite(entry.name)) found.push(join(path, entry.name));
    }
  };
  for (const root of roots) walk(resolve(base, root));
  return [...new Set(found)].map((file) => relative(base, file)).sort();
}

/**
 * The order files start in: Node's runner takes them in the order given, several at a time, so a
 * long file started last leaves the other slots idle while it ends alone. Whole-fleet files
 * (tests/, then tools/dev's fleet and platform tests) go first and the many short unit files fill
 * the slots at the end. Within a group the order stays alphabetical.
 */
export function longestFirst(files: string[]): string[] {
  const group = (file: string): number => {
    if (file.startsWith('tests/')) return 0;
    if (file.startsWith('tools/dev/')) return 1;
    if (file.startsWith('services/')) return 2;
    return 3;
  };
  return [...files].sort((a, b) => group(a) - group(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Tests of a service's pure code, its `domain/` (no I/O, by the import rules) and its use cases
 * (their dependencies faked through `deps`), run several files to a process: a process of its own
 * costs each file a tenth of a CPU-second to start and more to load the same modules again, and
 * hundreds of such files would pay it for nothing. Each file is still a suite of its own, so its
 * top-level hooks apply to its own tests only.
 */
export function sharesProcess(file: string): boolean {
  return /^services\/[^/]+\/src\/(domain|usecases)\//.test(file);
}

/** Files to a shared process: enough to spread the bundles over the runner's slots at the start. */
export const BUNDLE_SIZE = 40;

/**
 * Writes the files that share processes into bundles under `dir` (`<dir>/pure-N.test.ts`, which import
 * them one suite each) and answers the files to run: the bundles first, then the others.
 */
export function bundled(files: string[], base: string, dir: string): string[] {
  const pure = files.filter(sharesProcess);
  if (pure.length === 0) return files;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundles: string[] = [];
  for (let start = 0; start < pure.length; start += BUNDLE_SIZE) {
    const group = pure.slice(start, start + BUNDLE_SIZE);
    const bundle = join(dir, `pure-${bundles.length + 1}.test.ts`);
    const suites = group.map(
      (file) =>
        `describe(${JSON.stringify(file)}, () => import(${JSON.stringify(pathToFileURL(join(base, file)).href)}));`,
    );
    writeFileSync(
      bundle,
      `// Written by tools/dev/run-tests.ts: these test files share this process, each a suite of its own.\n` +
        `import { describe } from 'node:test';\n${suites.join('\n')}\n`,
    );
    bundles.push(relative(base, bundle));
  }
  return [...bundles, ...files.filter((file) => !sharesProcess(file))];
}

/** Integration tests mostly wait on PostgreSQL, NATS and S3, so 4 files at once (TEST_CONCURRENCY) suit 2 cores. */
export function testArgs(files: string[]): string[] {
  return [RUNNER, ...files];
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const suite: TestSuite = args.includes('--faults') ? 'faults' : 'test';
  const paths = args.filter((arg) => arg !== '--faults');
  const files = findTestFiles(repoRoot, paths.length ? paths : TEST_ROOTS, suite);
  if (!files.length) {
    console.error(
      `run-tests: no ${suite === 'faults' ? `*${FAULTS_SUFFIX}` : '*.test.ts'} found under ${paths.join(' ') || TEST_ROOTS.join(', ')}`,
    );
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
  const ordered = longestFirst(files);
  // The bundles start right after the whole-fleet files: together they are as long as one.
  const fleets = ordered.filter((file) => file.startsWith('tests/'));
  const rest = bundled(
    ordered.filter((file) => !file.startsWith('tests/')),
    repoRoot,
    join(dirs.runDir, 'test-bundles'),
  );
  // The tests' certificates (ADR 0037), made here once when this machine has none yet: the test
  // processes would otherwise each make a set at the same moment, and could read different ones.
  const { testPki } = await import('@tp/testing');
  testPki();
  const child = spawn(process.execPath, testArgs([...fleets, ...rest]), { cwd: repoRoot, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
