// The pinned helm binary and the manifest validator the other chart tests rely on.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureHelm } from '../../../tools/dev/helm.ts';
import { parseManifests, validateManifest, type Manifest } from './manifests.ts';

const run = promisify(execFile);

describe('tools/dev/helm.ts', () => {
  test('extracts an executable helm once and re-extracts only when the stamp is stale', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'helm-'));
    try {
      const target = join(dir, 'bin/helm');
      assert.equal(await ensureHelm(target), target);
      const { stdout } = await run(target, ['version', '--short']);
      assert.match(stdout, /^v3\.\d+\.\d+/);
      const first = await stat(target);

      await ensureHelm(target);
      assert.equal((await stat(target)).mtimeMs, first.mtimeMs, 'a current binary is not rewritten');

      await writeFile(`${target}.version`, '0.0.0-stale\n');
      await ensureHelm(target);
      assert.notEqual((await stat(target)).mtimeMs, first.mtimeMs, 'a stale stamp re-extracts');
      assert.notEqual(await readFile(`${target}.version`, 'utf8'), '0.0.0-stale\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the manifest validator', () => {
  test('refuses a kind kubernetes-models does not know', async () => {
    await assert.rejects(
      validateManifest({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }),
      /unknown apiVersion/,
    );
    await assert.rejects(
      validateManifest({ apiVersion: 'apps/v1', kind: 'Widget', metadata: { name: 'w' } }),
      /unknown kind/,
    );
  });

  test('refuses an object that breaks the Kubernetes schema', async () => {
    const broken: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: { selector: {}, template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 'http' }] }] } } },
    };
    await assert.rejects(validateManifest(broken), /Deployment broken .* invalid: .*containerPort/);
  });

  test('refuses a rendered document without kind', () => {
    assert.throws(() => parseManifests('apiVersion: v1\nmetadata: {name: x}\n'), /without apiVersion\/kind/);
  });
});
