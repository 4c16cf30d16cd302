import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkFunctionSizes } from './function-size.ts';
import { importViolations } from './guardrails.ts';
import { repoRoot } from './layout.ts';

test('the import rules catch each kind of violation, and let a domain test do I/O', () => {
  const fixture = join(repoRoot, 'tools/dev/fixtures/import-rules');
  const found = importViolations(fixture, ['packages', 'services', 'tests'])
    .map((v) => `${v.rule}: ${v.from} -> ${v.to}`)
    .sort();
  assert.deepEqual(found, [
    'domain-does-no-io: services/alpha/src/domain/rules.ts -> fs',
    'domain-is-pure: services/alpha/src/domain/rules.ts -> packages/db/src/index.ts',
    'domain-is-pure: services/alpha/src/domain/rules.ts -> services/alpha/src/store/things.ts',
    'no-circular: services/alpha/src/rpc/handlers.ts -> services/alpha/src/rpc/wire.ts',
    'no-unresolvable: tests/e2e/flow.test.ts -> ./nowhere.ts',
    'packages-never-import-services: packages/shared/src/index.ts -> services/beta/src/beta.ts',
    'services-never-import-services: services/alpha/src/rpc/handlers.ts -> services/beta/src/beta.ts',
    'store-only-in-store: services/alpha/src/rpc/handlers.ts -> services/alpha/src/generated/prisma/client.ts',
    'tools-and-tests-never-import-services: tests/e2e/flow.test.ts -> services/beta/src/beta.ts',
  ]);
});

test('the function-size check catches a function over 80 lines of code and an allow-list entry gone stale', () => {
  const report = checkFunctionSizes(join(repoRoot, 'tools/dev/fixtures/function-size'), ['packages', 'services']);
  assert.deepEqual(report.offenders, [
    'packages/long/src/long.ts:6 tooLong: 81 lines of code',
    'packages/long/src/long.ts:292 describe("a suite"): 82 lines of code',
  ]);
  assert.deepEqual(report.stale, ['packages/long/src/long.ts padded', 'packages/gone/src/gone.ts removed']);
});
