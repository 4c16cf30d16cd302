// The tree's guardrails, run by make test beside the tests (with --typecheck: tsc first): the formatter and linter (Biome, in
// check mode: nothing is rewritten), the size of functions (function-size.ts: Biome's own count
// lets some over 80 lines of code through) and the import rules (dependency-cruiser with
// .dependency-cruiser.cjs). `make format` applies the formatter and the linter's safe fixes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './layout.ts';
import { run, typecheck } from './workspace.ts';

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const CONFIG = join(repoRoot, '.dependency-cruiser.cjs');

/** The folders whose imports are checked (charts/ holds only its tests). */
export const CRUISED_ROOTS = ['packages', 'services', 'tools', 'tests', 'charts'];

export async function checkFormatAndLint(log: (line: string) => void): Promise<void> {
  log('checking format and lint (biome ci)');
  run(bin('biome'), ['ci', '--reporter=summary', '.']);
  // Imported here, not at the top: function-size.ts reads TypeScript from node_modules, and
  // make test imports this file before it has installed them (a fresh clone has none).
  const { checkFunctionSize } = await import('./function-size.ts');
  checkFunctionSize(log);
}

export function checkImportRules(log: (line: string) => void): void {
  log('checking import rules (dependency-cruiser)');
  run(bin('depcruise'), [...CRUISED_ROOTS, '--config', CONFIG, '--output-type', 'err']);
}

export interface ImportViolation {
  rule: string;
  from: string;
  to: string;
}

/** The rule violations under `roots` of the tree at `cwd` (the import rules' own tests use a fixture tree). */
export function importViolations(cwd: string, roots: string[]): ImportViolation[] {
  const result = spawnSync(bin('depcruise'), [...roots, '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!result.stdout) throw new Error(`depcruise failed: ${result.stderr || result.error}`);
  const report = JSON.parse(result.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

// `node tools/dev/guardrails.ts [--typecheck]` (make lint; make test runs it with --typecheck beside the tests).
if (import.meta.main) {
  const log = (line: string) => console.log(`guardrails: ${line}`);
  if (process.argv.includes('--typecheck')) typecheck(log);
  await checkFormatAndLint(log);
  checkImportRules(log);
}
