import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_HASH_FILE, buildWebApp, webSourceHash } from './web-app.ts';

test('the web app is built once per version of its sources, with the hash written into dist', (t) => {
  const outDir = join(mkdtempSync(join(tmpdir(), 'tp-web-build-')), 'dist');
  t.after(() => rmSync(join(outDir, '..'), { recursive: true, force: true }));
  const lines: string[] = [];
  assert.equal(
    buildWebApp((line) => lines.push(line), outDir),
    true,
  );
  assert.equal(readFileSync(join(outDir, BUILD_HASH_FILE), 'utf8').trim(), webSourceHash());
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = [...index.matchAll(/src="\/app\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  assert.equal(scripts.length, 1, index);
  assert.ok(existsSync(join(outDir, 'assets', scripts[0]!)));
  assert.ok(readdirSync(join(outDir, 'assets')).some((name) => name.endsWith('.css')));
  assert.doesNotMatch(index, /<script>|style=/, 'nothing inline: the CSP has no unsafe-inline');
  assert.equal(
    buildWebApp((line) => lines.push(line), outDir),
    false,
    'unchanged sources: kept',
  );
  assert.equal(lines.length, 1);
});
