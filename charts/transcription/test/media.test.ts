// media: its ports, secrets, storage and upload settings, and its resources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, render, valuesFile } from './manifests.ts';
import { bytes, container, envOf, MEDIA_NUMBERS, ownDatabaseSecret, s3Env, testRendered } from './support.ts';

testRendered({
  'media: gRPC 50052 and ops 9102 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    const media = container(manifests, 'media');
    assert.deepEqual(Object.fromEntries((media.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50052,
      ops: 9102,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50052',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9102',
    })) {
      assert.equal(envOf(media, name).value, value, name);
    }
    assert.deepEqual(media.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(media.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(media.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(media.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
  },

  'media reads its secrets from the fleet Secret, like accounts, and its database URL from its own': (manifests) => {
    const media = container(manifests, 'media');
    const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
    assert.ok(fleetSecret);
    ownDatabaseSecret(media, 'media', fleetSecret);
    for (const [name, key] of [
      ['MEDIA_TOKEN_SECRET', 'MEDIA_TOKEN_SECRET'],
      ['NATS_URL', 'NATS_URL'],
    ] as const) {
      const ref = envOf(media, name).valueFrom?.secretKeyRef;
      assert.deepEqual(
        { name: ref?.name, key: ref?.key, optional: ref?.optional },
        { name: fleetSecret, key, optional: undefined },
        name,
      );
      assert.equal(envOf(media, name).value, undefined, `${name} is never inline`);
    }
    assert.equal(envOf(media, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
    assert.equal(envOf(media, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
  },

  'media gets its storage and upload settings as plain strings, integers never in exponent form': (manifests) => {
    const media = container(manifests, 'media');
    for (const [name, value] of Object.entries(MEDIA_NUMBERS)) assert.equal(envOf(media, name).value, value, name);
    assert.equal(envOf(media, 'S3_FORCE_PATH_STYLE').value, 'false');
    assert.match(envOf(media, 'S3_REGION').value ?? '', /^[a-z0-9-]+$/);
    assert.match(envOf(media, 'S3_BUCKET').value ?? '', /^[a-z0-9][a-z0-9.-]+$/);
    const names = (media.env ?? []).map((variable) => variable.name);
    assert.deepEqual(names, [...new Set(names)], 'no variable twice');
    // Unset endpoints mean AWS S3 and "the same as S3_ENDPOINT": the variables are left out, not empty.
    assert.ok(!names.includes('S3_ENDPOINT'));
    assert.ok(!names.includes('S3_PUBLIC_ENDPOINT'));
  },

  'media gets more memory than accounts (ffprobe), with requests within limits': (manifests) => {
    const media = container(manifests, 'media').resources;
    const accounts = container(manifests, 'accounts').resources;
    assert.ok(bytes(media?.limits?.memory) > bytes(accounts?.limits?.memory), 'memory limit');
    assert.ok(bytes(media?.requests?.memory) >= bytes(accounts?.requests?.memory), 'memory request');
    assert.ok(bytes(media?.requests?.memory) <= bytes(media?.limits?.memory));
  },
});

test('media storage and upload settings reach the container as given', async () => {
  const manifests = await render(
    await valuesFile({
      media: {
        s3: {
          endpoint: 'http://minio.storage:9000',
          publicEndpoint: 'https://files.example.com',
          region: 'eu-west-1',
          bucket: 'media.test',
          forcePathStyle: true,
        },
        uploads: { maxBytes: 10737418240, storageQuotaBytes: 1099511627776, verifyConcurrency: 4 },
      },
    }),
  );
  const media = container(manifests, 'media');
  const expected = {
    S3_ENDPOINT: 'http://minio.storage:9000',
    S3_PUBLIC_ENDPOINT: 'https://files.example.com',
    S3_REGION: 'eu-west-1',
    S3_BUCKET: 'media.test',
    S3_FORCE_PATH_STYLE: 'true',
    ...MEDIA_NUMBERS,
    MEDIA_MAX_BYTES: '10737418240',
    STORAGE_QUOTA_BYTES: '1099511627776',
    VERIFY_CONCURRENCY: '4',
  };
  for (const [name, value] of Object.entries(expected)) assert.equal(envOf(media, name).value, value, name);
  // artifacts follows: the same bucket, endpoints and path style, from the same values.
  assert.deepEqual(s3Env(container(manifests, 'artifacts')), s3Env(media));
  assert.equal(envOf(container(manifests, 'artifacts'), 'S3_PUBLIC_ENDPOINT').value, 'https://files.example.com');
});

test('the gateway follows the media Service port', async () => {
  const manifests = await render(await valuesFile({ media: { service: { port: 6000 } } }));
  const service = find(manifests, 'Service', 'media');
  assert.equal(envOf(container(manifests, 'gateway'), 'MEDIA_GRPC_ADDR').value, `${service.metadata.name}:6000`);
  assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
  assert.equal(envOf(container(manifests, 'media'), 'GRPC_PORT').value, '50052', 'the container port stays');
});
