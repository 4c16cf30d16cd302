// billing: its ports, secrets, plan settings (shared with media where they are one value) and resources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, render, valuesFile } from './manifests.ts';
import { BILLING_NUMBERS, bytes, container, envOf, ownDatabaseSecret, secretKeysOf, testRendered } from './support.ts';

testRendered({
  'billing: gRPC 50053 and ops 9103 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    const billing = container(manifests, 'billing');
    assert.deepEqual(Object.fromEntries((billing.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50053,
      ops: 9103,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50053',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9103',
    })) {
      assert.equal(envOf(billing, name).value, value, name);
    }
    assert.deepEqual(billing.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(billing.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(billing.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(billing.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
    assert.equal(
      (find(manifests, 'Service', 'billing').spec as { ports: Array<{ port: number }> }).ports[0]?.port,
      50053,
    );
  },

  'billing reads its admin key from the fleet Secret, the one accounts reads, and its database URL from a Secret of its own':
    (manifests) => {
      const billing = container(manifests, 'billing');
      const accountsAdminKey = envOf(container(manifests, 'accounts'), 'ADMIN_API_KEY').valueFrom?.secretKeyRef;
      assert.ok(accountsAdminKey?.name);
      assert.deepEqual(envOf(billing, 'ADMIN_API_KEY').valueFrom?.secretKeyRef, accountsAdminKey);
      ownDatabaseSecret(billing, 'billing', accountsAdminKey.name);
      for (const [name, key] of [['ADMIN_API_KEY', 'ADMIN_API_KEY']] as const) {
        const ref = envOf(billing, name).valueFrom?.secretKeyRef;
        assert.deepEqual(
          { name: ref?.name, key: ref?.key, optional: ref?.optional },
          { name: accountsAdminKey.name, key, optional: undefined },
          name,
        );
        assert.equal(envOf(billing, name).value, undefined, `${name} is never inline`);
      }
      assert.equal(envOf(billing, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(envOf(billing, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      // No bus, no object storage, nothing of the other services' secrets.
      const names = (billing.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      for (const absent of ['NATS_URL', 'SESSION_SIGNING_SECRET', 'MEDIA_TOKEN_SECRET'])
        assert.ok(!names.includes(absent), absent);
      assert.deepEqual(
        names.filter((name) => name.startsWith('S3_')),
        [],
      );
      assert.deepEqual(secretKeysOf(billing), ['ADMIN_API_KEY', 'DATABASE_URL']);
    },

  "billing gets its plan as plain strings; quota and upload limit are media's very values": (manifests) => {
    const billing = container(manifests, 'billing');
    for (const [name, value] of Object.entries(BILLING_NUMBERS)) assert.equal(envOf(billing, name).value, value, name);
    const media = container(manifests, 'media');
    assert.equal(envOf(billing, 'STORAGE_QUOTA_BYTES').value, envOf(media, 'STORAGE_QUOTA_BYTES').value);
    assert.equal(envOf(billing, 'MAX_UPLOAD_BYTES').value, envOf(media, 'MEDIA_MAX_BYTES').value);
  },

  'billing sets cpu and memory requests within its limits': (manifests) => {
    const billing = container(manifests, 'billing').resources;
    assert.ok(bytes(billing?.requests?.memory) <= bytes(billing?.limits?.memory));
    assert.ok(billing?.requests?.cpu !== undefined && billing.limits?.cpu !== undefined);
  },
});

test('billing plan settings reach the container as given; media.uploads moves both services at once', async () => {
  const manifests = await render(
    await valuesFile({
      billing: { plan: { name: 'pro', maxConcurrentJobs: 16 }, grantExpirySweepMs: 300000 },
      media: { uploads: { maxBytes: 10737418240, storageQuotaBytes: 1099511627776 } },
    }),
  );
  const billing = container(manifests, 'billing');
  const expected = {
    ...BILLING_NUMBERS,
    PLAN_NAME: 'pro',
    PLAN_MAX_CONCURRENT_JOBS: '16',
    GRANT_EXPIRY_SWEEP_MS: '300000',
    STORAGE_QUOTA_BYTES: '1099511627776',
    MAX_UPLOAD_BYTES: '10737418240',
  };
  for (const [name, value] of Object.entries(expected)) assert.equal(envOf(billing, name).value, value, name);
  const media = container(manifests, 'media');
  assert.equal(envOf(media, 'STORAGE_QUOTA_BYTES').value, '1099511627776');
  assert.equal(envOf(media, 'MEDIA_MAX_BYTES').value, '10737418240');
});

test('the gateway follows the billing Service port', async () => {
  const manifests = await render(await valuesFile({ billing: { service: { port: 6001 } } }));
  const service = find(manifests, 'Service', 'billing');
  assert.equal(envOf(container(manifests, 'gateway'), 'BILLING_GRPC_ADDR').value, `${service.metadata.name}:6001`);
  assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
  assert.equal(envOf(container(manifests, 'billing'), 'GRPC_PORT').value, '50053', 'the container port stays');
});
