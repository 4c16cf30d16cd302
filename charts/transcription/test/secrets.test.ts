// The fleet Secret: rendered by the chart or existing, S3 credentials or the pod's IAM role,
// explicit secrets kept and missing ones generated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, podTemplate, render, validateManifest, valuesFile, workloads, type Manifest } from './manifests.ts';
import { container, containersOf, fleetEnv } from './support.ts';

test('with an existingSecret the chart renders no fleet Secret and every reference but the database URLs points at it', async () => {
  const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
  assert.equal(fleetSecret(manifests), undefined);
  assert.ok(
    byKind(manifests, 'Secret').every((secret) => /-(db|nats)-/.test(secret.metadata.name ?? '')),
    'only the database and NATS credential Secrets, from their inline values',
  );
  let references = 0;
  for (const workload of workloads(manifests)) {
    for (const container of containersOf(workload)) {
      for (const variable of fleetEnv(container)) {
        const ref = variable.valueFrom?.secretKeyRef;
        // The one key of the service-keys Secret besides the identity (identity.test.ts).
        if (!ref || variable.name === 'WEBHOOK_SECRETS_KEY' || variable.name === 'DATABASE_URL') continue;
        references += 1;
        assert.equal(ref.name, 'fleet-secrets', `${container.name} ${variable.name}`);
      }
    }
    assert.equal(podTemplate(workload).metadata?.annotations?.['checksum/secret'], undefined);
  }
  // accounts 3, billing 1, media 2 + the optional S3 pair, artifacts the optional S3 pair,
  // gateway 1, jobs 1, shares 1, webhook-dispatcher 1, worker 1 (pool cpu).
  assert.ok(references >= 15, `${references} references`);
});

/** The fleet Secret the chart renders (<fullname>-secrets), beside the database Secrets. */
function fleetSecret(manifests: Manifest[]): Manifest | undefined {
  return byKind(manifests, 'Secret').find((secret) => secret.metadata.name?.endsWith('-secrets'));
}

test('S3 credentials: the Secret keys when both are set, none (the pod IAM role) otherwise; artifacts like media', async () => {
  const s3Refs = (manifests: Manifest[], component = 'media') =>
    (container(manifests, component).env ?? [])
      .filter((variable) => variable.name.startsWith('S3_') && variable.valueFrom)
      .map((variable) => [variable.name, variable.valueFrom?.secretKeyRef]);

  const ambient = await render();
  assert.deepEqual(s3Refs(ambient), [], 'no keys: no credential variables at all');
  const ambientSecret = (fleetSecret(ambient)?.data ?? {}) as Record<string, string>;
  assert.ok(!('S3_ACCESS_KEY_ID' in ambientSecret) && !('S3_SECRET_ACCESS_KEY' in ambientSecret));

  const inline = await render(
    await valuesFile({ secrets: { s3AccessKeyId: 'AKIAEXAMPLE', s3SecretAccessKey: 's3cr3t' } }),
  );
  const secret = fleetSecret(inline);
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
  const secret = fleetSecret(manifests);
  const data = (secret?.data ?? {}) as Record<string, string>;
  assert.equal(Buffer.from(data.ADMIN_API_KEY ?? '', 'base64').toString(), key);
  assert.equal(Buffer.from(data.SESSION_SIGNING_SECRET ?? '', 'base64').toString().length, 48);
  assert.equal(Buffer.from(data.MEDIA_TOKEN_SECRET ?? '', 'base64').toString().length, 48);
  const token = 't'.repeat(32);
  const pinned = (fleetSecret(await render(await valuesFile({ secrets: { mediaTokenSecret: token } })))?.data ??
    {}) as Record<string, string>;
  assert.equal(Buffer.from(pinned.MEDIA_TOKEN_SECRET ?? '', 'base64').toString(), token);
});
