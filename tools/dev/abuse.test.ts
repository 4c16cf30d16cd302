import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { totalCounts } from './abuse.ts';

test('adds up the counts the abuse files wrote, each operation once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-abuse-test-'));
  try {
    const counts = (operations: string[], requests: number, serverErrors = 0, hangs = 0) =>
      JSON.stringify({ operations, requests, serverErrors, hangs });
    writeFileSync(join(dir, 'abuse-fuzz-1.json'), counts(['GET /a', 'POST /b'], 400, 1));
    writeFileSync(join(dir, 'abuse-access.json'), counts(['GET /a', 'GET /c'], 100, 0, 2));
    writeFileSync(join(dir, 'notes.txt'), 'not a report');
    assert.equal(totalCounts(dir), 'abuse, 2 files: 3 operations, 500 requests, 1 5xx, 2 hangs');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
