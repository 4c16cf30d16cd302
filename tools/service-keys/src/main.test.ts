// The command line the chart's Job runs, and the --file mode for a Secret managed outside the chart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseSyncArgs } from './main.ts';
import type { SecretObject } from './kube.ts';
import { decodeSecretData } from './secret.ts';

const run = promisify(execFile);
const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));

test('parses the arguments the chart passes', () => {
  const command = parseSyncArgs([
    'sync',
    ...['--secret', 'tp-service-keys', '--services', 'gateway,worker', '--rotation-id', '2026-11'],
    ...['--promote', '--immediate', '--retired-ttl-seconds', '600', '--label', 'a=b', '--label', 'c=d=e'],
  ]);
  assert.deepEqual(command, {
    secret: 'tp-service-keys',
    labels: { a: 'b', c: 'd=e' },
    file: undefined,
    request: {
      services: ['gateway', 'worker'],
      rotationId: '2026-11',
      promote: true,
      immediate: true,
      retiredTtlMs: 600_000,
    },
  });
  assert.deepEqual(parseSyncArgs(['sync', '--secret', 's', '--services', 'a']).request, {
    services: ['a'],
    rotationId: '',
    promote: false,
    immediate: false,
    retiredTtlMs: 86_400_000,
  });
});

test('refuses what it cannot run, saying why', () => {
  assert.throws(() => parseSyncArgs(['--secret', 's', '--services', 'a']), /usage: main.ts sync/);
  assert.throws(() => parseSyncArgs(['sync', '--services', 'a']), /--secret is required/);
  assert.throws(() => parseSyncArgs(['sync', '--secret', 's']), /--services is required/);
  assert.throws(() => parseSyncArgs(['sync', '--secret', 's', '--services', 'Gate_way']), /invalid service name/);
  assert.throws(
    () => parseSyncArgs(['sync', '--secret', 's', '--services', 'a', '--retired-ttl-seconds', '1.5']),
    /--retired-ttl-seconds/,
  );
  assert.throws(() => parseSyncArgs(['sync', '--secret', 's', '--services', 'a', '--label', 'x']), /KEY=VALUE/);
  assert.throws(() => parseSyncArgs(['sync', '--secret', 's', '--services', 'a', '--bogus']), /bogus/);
});

test('--file keeps the Secret as a manifest: created, kept, rotated; a bad run exits 1', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'service-keys-')), 'secret.json');
  const sync = (...extra: string[]) =>
    run(process.execPath, [mainTs, 'sync', '--secret', 'keys', '--services', 'gateway,jobs', '--file', file, ...extra]);
  const read = async () => JSON.parse(await readFile(file, 'utf8')) as SecretObject;

  assert.match((await sync()).stdout, /Secret keys: created/);
  const first = await read();
  assert.equal(first.metadata.name, 'keys');
  assert.match((await sync()).stdout, /Secret keys: unchanged/);
  assert.match((await sync('--rotation-id', 'r1')).stdout, /rotation r1: staged/);
  const staged = decodeSecretData((await read()).data, new Date());
  assert.deepEqual(
    staged.services.gateway?.current,
    decodeSecretData(first.data, new Date()).services.gateway?.current,
  );
  assert.ok(staged.services.gateway?.next);

  await assert.rejects(
    run(process.execPath, [mainTs, 'sync', '--secret', 'other', '--services', 'gateway', '--file', file]),
    (error: { code?: number; stderr?: string }) =>
      error.code === 1 && /service-keys: .*holds the Secret keys, not other/.test(error.stderr ?? ''),
  );
});
