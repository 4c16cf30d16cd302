// The fleet Secret: rendered by the chart or existing, S3 credentials or the pod's IAM role,
// explicit secrets kept and missing ones generated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, podTemplate, render, validateManifest, valuesFile, workloads, type Manifest } from './manifests.ts';
import { container, containersOf, fleetEnv } from './support.ts';

test('with an existingSecret the chart renders no Secret and every reference points at it', async () => {
  const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
  assert.equal(byKind(manifests, 'Secret').length, 0);
  let references = 0;
  for (const workload of workloads(manifests)) {
    for (const container of containersOf(workload)) {
      for (const variable of fleetEnv(container)) {
        const ref = variable.valueFrom?.secretKeyRef;
        // The one key of the service-keys Secret besides the identity (identity.test.ts).
        if (!ref || variable.name === 'WEBHOOK_SECRETS_KEY') continue;
        references += 1;
        assert.equal(ref.name, 'fleet-secrets', `${container.name} ${variable.name}`);
      }
    }
    assert.equal(podTemplate(workload).metadata?.annotations?.['checksum/secret'], undefined);
  }
  // accounts 4, billing 2, media 3 + the optional S3 pair, artifacts 1 + the optional S3 pair,
  // gateway 1, jobs 2, shares 2, webhook-dispatcher 2, worker 1 (pool cpu), migrations 7.
  assert.ok(references >= 26, `${references} references`);
});

test('S3 credentials: the Secret keys when both are set, none (the pod IAM role) otherwise; artifacts like media', async () => {
  const s3Refs = (manifests: Manifest[], component = 'media') =>
    (container(manifests, component).env ?? [])
      .filter((variable) => variable.name.startsWith('S3_') && variable.valueFrom)
      .map((variable) => [variable.name, variable.valueFrom?.secretKeyRef]);

  const ambient = await render();
  assert.deepEqual(s3Refs(ambient), [], 'no keys: no credential variables at all');
  const ambientSecret = (byKind(ambient, 'Secret')[0]?.data ?? {}) as Record<string, string>;
  assert.ok(!('S3_ACCESS_KEY_ID' in ambientSecret) && !('S3_SECRET_ACCESS_KEY' in ambientSecret));

  const inline = await render(
    await valuesFile({ secrets: { s3AccessKeyId: 'AKIAEXAMPLE', s3SecretAccessKey: 's3cr3t' } }),
  );
  const secret = byKind(inline, 'Secret')[0];
  assert.ok(secret);
  const data = (secret.data ?? {}) as Record<string, string>;
  assert.equal(Buffer.from(data.S3_ACCESS_KEY_ID ?? '', 'base64').toString(), 'AKIAEXAMPLE');
  assert.equal(Buffer.from(data.S3_SECRET_ACCESS_KEY ?? '', 'base64').toString(), 's3cr3t');
  assert.deepEqual(s3Refs(inline), [
    ['S3_ACCESS_KEY_ID', { name: secret.metadata.name, key: 'S3_ACCESS_KEY_ID' }],
    ['S3_SECRET_ACCESS_KEY', { name: secret.metadata.name, key: 'S3_SECRET_ACCESS_KEY' }],
  ]);

  // An existing Secret may hold the pair or not: optional references, checked against the cluster on install.
  const existing = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
  assert.deepEqual(s3Refs(existing), [
    ['S3_ACCESS_KEY_ID', { name: 'fleet-secrets', key: 'S3_ACCESS_KEY_ID', optional: true }],
    ['S3_SECRET_ACCESS_KEY', { name: 'fleet-secrets', key: 'S3_SECRET_ACCESS_KEY', optional: true }],
  ]);
  for (const manifests of [ambient, inline, existing])
    assert.deepEqual(s3Refs(manifests, 'artifacts'), s3Refs(manifests), 'artifacts authenticates as media does');
  for (const manifest of [...inline, ...existing]) await validateManifest(manifest);
});

test('explicit secrets are used as given; empty ones are generated with 48 characters', async () => {
  const key = 'k'.repeat(40);
  const manifests = await render(await valuesFile({ secrets: { adminApiKey: key } }));
  const [secret] = byKind(manifests, 'Secret');
  const data = (secret?.data ?? {}) as Record<string, string>;
  assert.equal(Buffer.from(data.ADMIN_API_KEY ?? '', 'base64').toString(), key);
  assert.equal(Buffer.from(data.SESSION_SIGNING_SECRET ?? '', 'base64').toString().length, 48);
  assert.equal(Buffer.from(data.MEDIA_TOKEN_SECRET ?? '', 'base64').toString().length, 48);
  const token = 't'.repeat(32);
  const pinned = (byKind(await render(await valuesFile({ secrets: { mediaTokenSecret: token } })), 'Secret')[0]?.data ??
    {}) as Record<string, string>;
  assert.equal(Buffer.from(pinned.MEDIA_TOKEN_SECRET ?? '', 'base64').toString(), token);
});
