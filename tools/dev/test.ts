// make test: the whole suite from a clean clone. Installs what it needs, generates code, starts a
// PostgreSQL (the roles, passwords of the run) and a NATS of its own (test-platform.ts: never on a
// port of `make up`), runs every test with the static checks beside them (guardrails.ts
// --typecheck: tsc, format, lint, function sizes, import rules; a failure fails the run and is
// printed last), and stops the servers it started itself
// (KEEP_INFRA=1 keeps them). Otherwise the test runner's summary is the last thing printed. With
// --faults (make faults) it runs the long fault tests (*.faults.test.ts) instead of the suite, on the
// same platform, without the static checks. With --coverage (make coverage) it runs the suite without
// the static checks and reports its line coverage (coverage.ts).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { context, logger, main, osNeeds } from './context.ts';
import { coverageEnv, reportCoverage } from './coverage.ts';
import { fleet } from './fleet.ts';
import { repoRoot } from './layout.ts';
import { ensureOsPackages, TEST_NEEDS } from './os-packages.ts';
import { ensureWhisperLibrary, WHISPER_BUILD_NEEDS } from './whisper-lib.ts';
import { ensurePromtool } from './promtool.ts';
import { platformEnv } from './platform.ts';
import { keepTestPlatform, startTestPlatform, testEnv } from './test-platform.ts';
import type { Secrets } from './secrets.ts';
import type { TestPlatform } from './test-platform.ts';
import { buildWebApp } from './web-app.ts';
import { generateCode, installDependencies, pinnedPath } from './workspace.ts';

const log = logger('test');

/**
 * Ctrl-C or SIGTERM ends the run, but through the `finally` below: the servers we started run
 * detached (a signal to our process group does not reach them), so they are stopped here.
 */
function interruptions(): { check(): void; running(child: ChildProcess | undefined): void } {
  let received: NodeJS.Signals | undefined;
  let child: ChildProcess | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      received = signal;
      child?.kill(signal);
    });
  }
  return {
    check() {
      if (received) throw new Error(`stopped by ${received}`);
    },
    running(next) {
      child = next;
    },
  };
}

/**
 * The static checks (guardrails.ts --typecheck: tsc, Biome, function sizes, import rules) in a process
 * beside the tests: about 15 s of one core that the tests' first fleets leave partly idle. A failure is
 * announced at once and printed after the tests, which go on: stopping them half-way would leave the
 * fleets of the files then running (their services run detached) without their after hooks.
 */
function staticChecks(): Promise<{ ok: boolean; output: string }> {
  log('checking the tree beside the tests: tsc, format and lint (biome ci), function sizes, import rules');
  const child = spawn(process.execPath, [join(repoRoot, 'tools/dev/guardrails.ts'), '--typecheck'], {
    cwd: repoRoot,
    env: { ...process.env, PATH: pinnedPath() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(`${error.message}\n`));
    child.on('close', (code) => {
      const ok = code === 0;
      log(
        ok
          ? 'the tree passed its checks (tsc, biome, function sizes, import rules)'
          : 'the tree failed its checks: the tests go on, the run fails, and what failed is printed at its end',
      );
      resolve({ ok, output: output.join('') });
    });
  });
}

function runTests(env: NodeJS.ProcessEnv, args: string[], onChild: (child: ChildProcess) => void): Promise<number> {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/dev/run-tests.ts'), ...args], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  onChild(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

function keep(test: TestPlatform, secrets: Secrets): void {
  if (!test.started.length) return;
  // The URLs carry this run's passwords: they go to a file, not to the terminal.
  const file = keepTestPlatform(test, secrets);
  log(`kept ${test.started.join(', ')}; run single test files on them with: set -a; . ${file}; set +a`);
  log(`stop them with: TP_RUN_DIR=${test.dirs.runDir} make down`);
}

main('make test', async () => {
  const faults = process.argv.includes('--faults');
  const coverage = process.argv.includes('--coverage');
  const interrupted = interruptions();
  installDependencies(log);
  const { secrets, platform, dirs } = context({ create: true });
  ensureOsPackages([...osNeeds(fleet(platform)), ...TEST_NEEDS, ...WHISPER_BUILD_NEEDS], log);
  // The whisper engine's tests load whisper.cpp built from pinned sources (cached after the first run).
  await ensureWhisperLibrary(log);
  // The chart's tests check the alert rules with promtool.
  ensurePromtool(log);
  interrupted.check();

  // Before the servers: choosing their ports loads @tp/testing, which needs the generated code.
  generateCode(log, { ...platformEnv(platform, secrets), ...process.env, PATH: pinnedPath() });
  // services/web serves the built app (its tests start it against services/web/dist).
  buildWebApp(log);
  interrupted.check();
  const test = await startTestPlatform(platform, secrets, log);
  try {
    interrupted.check();
    const env = {
      ...testEnv(test, secrets, process.env),
      PATH: pinnedPath(),
      ...(coverage ? coverageEnv(dirs.runDir) : {}),
    };
    const checks = faults || coverage ? undefined : staticChecks();
    const what = faults ? 'the long fault tests' : 'tests';
    log(`running ${what}${test.started.length ? ` (started for this run: ${test.started.join(', ')})` : ''}`);
    const status = await runTests(env, faults ? ['--faults'] : [], (child) => interrupted.running(child));
    interrupted.check();
    const checked = await checks;
    if (checked && !checked.ok) {
      process.stderr.write(checked.output);
      log('the tree failed its checks (above)');
      return 1;
    }
    if (coverage) reportCoverage(dirs.runDir, log);
    return status;
  } finally {
    if (process.env.KEEP_INFRA === '1') keep(test, secrets);
    else await test.stop();
  }
});
