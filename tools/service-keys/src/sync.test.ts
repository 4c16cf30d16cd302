// The job's run against the Kubernetes API (a stand-in speaking its protocol over TLS): create the
// Secret, leave it alone when nothing changes, rotate in two steps, survive a concurrent writer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeKubeApi, startFakeKubeApi } from './fake-kube-api.ts';
import type { KeySetRequest } from './keyset.ts';
import { inClusterConnection, kubeSecretsApi, type SecretsApi } from './kube.ts';
import { GENERATED_ENTRIES, privateKeyEntry, PUBLIC_KEYS_ENTRY } from './secret.ts';
import { fileSecretsApi, syncServiceKeys } from './sync.ts';

const SERVICES = ['gateway', 'accounts', 'media', 'jobs', 'worker', 'artifacts', 'billing', 'shares'];
const NAME = 'tp-service-keys';
const LABELS = { 'app.kubernetes.io/instance': 'tp', 'app.kubernetes.io/component': 'service-keys' };
const request = (rotationId = '', promote = false): KeySetRequest => ({
  services: SERVICES,
  rotationId,
  promote,
  immediate: false,
  retiredTtlMs: 3_600_000,
});
const text = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString('utf8');

/** The ServiceAccount files a pod gets, in a folder, and the connection read from them. */
async function podConnection(kube: FakeKubeApi, token = kube.token, ca = kube.ca) {
  const dir = await mkdtemp(join(tmpdir(), 'service-account-'));
  await Promise.all([
    writeFile(join(dir, 'token'), `${token}\n`),
    writeFile(join(dir, 'ca.crt'), ca),
    writeFile(join(dir, 'namespace'), kube.namespace),
  ]);
  const url = new URL(kube.server);
  return inClusterConnection({ KUBERNETES_SERVICE_HOST: url.hostname, KUBERNETES_SERVICE_PORT: url.port }, dir);
}

// One Secret in one fake API server, which the tests below change in turn.
let kube: FakeKubeApi;
let api: SecretsApi;
before(async () => {
  kube = await startFakeKubeApi();
  api = kubeSecretsApi(await podConnection(kube));
});
after(() => kube.close());

const stored = () => kube.secrets.get(NAME);
const privateKeys = () => SERVICES.map((service) => text(stored()?.data?.[privateKeyEntry(service)]));
const published = () => JSON.parse(text(stored()?.data?.[PUBLIC_KEYS_ENTRY])) as Record<string, string[]>;

describe('sync against the Kubernetes API: creating and rotating', () => {
  test('creates the Secret with a key for every service, labelled', async () => {
    const result = await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request() });
    assert.equal(result.outcome, 'created');
    assert.equal(result.events.length, SERVICES.length + Object.keys(GENERATED_ENTRIES).length);
    assert.deepEqual(stored()?.metadata.labels, LABELS);
    assert.equal(stored()?.type, 'Opaque');
    assert.equal(new Set(privateKeys()).size, SERVICES.length);
    for (const key of privateKeys()) assert.match(key, /^-----BEGIN PRIVATE KEY-----/);
    assert.deepEqual(Object.keys(published()).sort(), [...SERVICES].sort());
  });

  test('the same values again write nothing', async () => {
    const version = stored()?.metadata.resourceVersion;
    kube.requests.length = 0;
    const result = await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request() });
    assert.equal(result.outcome, 'unchanged');
    assert.deepEqual(kube.requests, [`GET /api/v1/namespaces/transcription/secrets/${NAME}`]);
    assert.equal(stored()?.metadata.resourceVersion, version);
  });

  test('a rotation: staged keys are published first, promoted by the next upgrade', async () => {
    const before = privateKeys();
    const publishedBefore = published();
    assert.equal(
      (await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request('r1') })).outcome,
      'updated',
    );
    assert.deepEqual(privateKeys(), before, 'the pods still sign with their keys');
    for (const service of SERVICES) {
      assert.equal(published()[service]?.length, 2, service);
      assert.equal(published()[service]?.[0], publishedBefore[service]?.[0]);
    }
    const staged = published();
    await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request('r1', true) });
    for (const [index, service] of SERVICES.entries()) {
      assert.notEqual(privateKeys()[index], before[index], service);
      assert.deepEqual(published()[service], [staged[service]?.[1], staged[service]?.[0]], service);
    }
  });
});

describe('sync against the Kubernetes API: races and refusals', () => {
  test('a write that lost a race reads again and retries', async () => {
    let raced = false;
    kube.beforeWrite = (name) => {
      if (raced) return;
      raced = true;
      const current = kube.secrets.get(name)!;
      kube.secrets.set(name, { ...current, metadata: { ...current.metadata, resourceVersion: '999999' } });
    };
    kube.requests.length = 0;
    const result = await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request('r2') });
    kube.beforeWrite = undefined;
    assert.equal(result.outcome, 'updated');
    assert.equal(kube.requests.filter((line) => line.startsWith('PUT')).length, 2);
    assert.equal(published().gateway?.length, 3, 'current, staged and the key retired by r1');
  });

  test('refuses to overwrite a Secret of another type', async () => {
    kube.secrets.set('token', {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'token', resourceVersion: '1' },
      type: 'kubernetes.io/service-account-token',
    });
    await assert.rejects(
      syncServiceKeys(api, { name: 'token', labels: LABELS, request: request() }),
      /type kubernetes.io\/service-account-token, not Opaque/,
    );
  });

  test('the API errors surface: a wrong token, a server it does not trust', async () => {
    const unauthorized = kubeSecretsApi(await podConnection(kube, 'wrong'));
    await assert.rejects(unauthorized.get(NAME), /401 Unauthorized/);
    const other = await startFakeKubeApi();
    try {
      const untrusted = kubeSecretsApi(await podConnection(kube, kube.token, other.ca));
      await assert.rejects(untrusted.get(NAME), /self[- ]signed certificate|unable to verify/);
    } finally {
      await other.close();
    }
  });
});

test('inClusterConnection refuses to run outside a pod', async () => {
  await assert.rejects(inClusterConnection({}), /KUBERNETES_SERVICE_HOST is not set/);
});

test('the webhook secrets key is generated once, 32 random bytes, and kept through rotations', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'service-keys-'));
  const api = fileSecretsApi(join(dir, 'secret.json'));
  const keyOf = async () => text((await api.get(NAME))?.data?.['webhook-secrets-key']);
  const created = await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request() });
  assert.ok(created.events.includes('generated webhook-secrets-key'));
  const key = await keyOf();
  assert.equal(Buffer.from(key, 'base64').length, 32);
  await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request('r1', false) });
  await syncServiceKeys(api, { name: NAME, labels: LABELS, request: request('r1', true) });
  assert.equal(await keyOf(), key);
});
