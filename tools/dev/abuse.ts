// The abuse suite (tests/e2e/abuse.test.ts) at the size of a release check rather than of make
// test: ABUSE_RUNS requests per operation of /openapi.json (default 200, over 10,000 in all),
// against a PostgreSQL and NATS started as make test starts them. Prints the counts the suite's
// files wrote, added up; a 5xx, a hang or a refusal that should not happen fails it, naming
// ABUSE_SEED to replay. Usage: node tools/dev/abuse.ts   (ABUSE_RUNS=500 ABUSE_SEED=123 node tools/dev/abuse.ts)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, logger, main } from './context.ts';
import { repoRoot } from './layout.ts';
import { startTestPlatform, testEnv } from './test-platform.ts';
import { generateCode, pinnedPath } from './workspace.ts';

const log = logger('abuse');

/** The suite's files: one, since its modules share a fleet. */
export const ABUSE_FILES = ['tests/e2e/abuse.test.ts'];

interface FileCounts {
  operations: string[];
  requests: number;
  serverErrors: number;
  hangs: number;
}

/** The counts every abuse file wrote to `dir`, added up. */
export function totalCounts(dir: string): string {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  const all = files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as FileCounts);
  const sum = (key: 'requests' | 'serverErrors' | 'hangs') => all.reduce((n, c) => n + c[key], 0);
  const operations = new Set(all.flatMap((c) => c.operations));
  return (
    `abuse, ${files.length} ${files.length === 1 ? 'file' : 'files'}: ${operations.size} operations, ${sum('requests')} requests, ` +
    `${sum('serverErrors')} 5xx, ${sum('hangs')} hangs`
  );
}

function runTests(files: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/dev/run-tests.ts'), ...files], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

if (import.meta.main) {
  main('abuse', async () => {
    const { secrets, platform } = context({ create: true });
    const test = await startTestPlatform(platform, secrets, log);
    const reports = mkdtempSync(join(tmpdir(), 'tp-abuse-'));
    try {
      const runs = process.env.ABUSE_RUNS || '200';
      const env = { ...testEnv(test, secrets, process.env), PATH: pinnedPath(), ABUSE_RUNS: runs };
      generateCode(log, env);
      log(`${ABUSE_FILES.join(' ')}, ${runs} requests per operation`);
      const status = await runTests(ABUSE_FILES, { ...env, ABUSE_REPORT_DIR: reports });
      log(totalCounts(reports));
      return status;
    } finally {
      rmSync(reports, { recursive: true, force: true });
      await test.stop();
    }
  });
}
