// make coverage: line coverage of services/ and packages/ by the suite of `make test`. Every Node
// process the run starts (test files, the fleets' services, tsctl, decoder hosts) writes V8's
// coverage into one folder (NODE_V8_COVERAGE); c8 then maps it onto the sources. Files no test
// loaded count as uncovered (--all), and so do code paths only a killed process reached.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './layout.ts';

/** Where a run's raw coverage and its report go: .run/coverage/{raw,report}. */
export function coverageDirs(runDir: string): { raw: string; report: string } {
  return { raw: join(runDir, 'coverage', 'raw'), report: join(runDir, 'coverage', 'report') };
}

/** An empty folder for the raw coverage, and the environment that fills it. */
export function coverageEnv(runDir: string): NodeJS.ProcessEnv {
  const { raw } = coverageDirs(runDir);
  rmSync(raw, { recursive: true, force: true });
  mkdirSync(raw, { recursive: true });
  return { NODE_V8_COVERAGE: raw };
}

/** What the report counts: the code of services and packages, not tests, generated code or the web app's browser code. */
export const COVERAGE_ARGS = [
  '--all',
  '--src=services',
  '--src=packages',
  '--include=services/*/src/**/*.ts',
  '--include=packages/*/src/**/*.ts',
  '--exclude=**/*.test.ts',
  '--exclude=**/generated/**',
  '--exclude=**/node_modules/**',
  '--extension=.ts',
];

export interface CoverageSummary {
  lines: { total: number; covered: number; pct: number };
}

/** Writes the report (a text summary on stdout, json-summary in .run/coverage/report) and answers the totals. */
export function reportCoverage(runDir: string, log: (line: string) => void): CoverageSummary {
  const { raw, report } = coverageDirs(runDir);
  log(`coverage: reporting from ${raw}`);
  const result = spawnSync(
    join(repoRoot, 'node_modules/.bin/c8'),
    [
      'report',
      `--temp-directory=${raw}`,
      `--reports-dir=${report}`,
      '--reporter=text-summary',
      '--reporter=json-summary',
      ...COVERAGE_ARGS,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`c8 report failed (exit ${result.status ?? result.signal})`);
  const summary = JSON.parse(readFileSync(join(report, 'coverage-summary.json'), 'utf8')) as {
    total: CoverageSummary;
  };
  return summary.total;
}
