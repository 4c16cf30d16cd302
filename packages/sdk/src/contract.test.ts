import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildContract, CONTRACT_FILES, type Contract, readContract } from './generate.ts';

test('the committed document and types are those the gateway builds now (else: make generate)', async () => {
  const fresh = await buildContract();
  const committed = readContract();
  for (const [part, file] of Object.entries(CONTRACT_FILES) as [keyof Contract, string][])
    assert.ok(fresh[part] === committed[part], `${file} is stale: run make generate`);
});
