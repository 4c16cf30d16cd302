import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { ABUSE_FILES, totalCounts } from './abuse.ts';
import { repoRoot } from './layout.ts';

test('adds up the counts the abuse files wrote, each operation once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-abuse-test-'));
  try {
    const counts = (operations: string[], requests: number, serverErrors = 0, hangs = 0) =>
      JSON.stringify({ operations, requests, serverErrors, hangs });
    writeFileSync(join(dir, 'abuse.json'), counts(['GET /a', 'POST /b'], 400, 1));
    writeFileSync(join(dir, 'notes.txt'), 'not a report');
    assert.equal(totalCounts(dir), 'abuse, 1 file: 2 operations, 400 requests, 1 5xx, 0 hangs');
    writeFileSync(join(dir, 'abuse-more.json'), counts(['GET /a', 'GET /c'], 100, 0, 2));
    assert.equal(totalCounts(dir), 'abuse, 2 files: 3 operations, 500 requests, 1 5xx, 2 hangs');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('runs the files of the suite that exist', () => {
  for (const file of ABUSE_FILES) assert.ok(existsSync(join(repoRoot, file)), file);
});
