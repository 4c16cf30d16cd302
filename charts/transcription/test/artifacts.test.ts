// artifacts: its ports, its one secret, media's storage settings, its payload limit and resources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, render, valuesFile } from './manifests.ts';
import { bytes, container, envOf, ownDatabaseSecret, s3Env, secretKeysOf, testRendered } from './support.ts';

testRendered({
  'artifacts: gRPC 50054 and ops 9104 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    const artifacts = container(manifests, 'artifacts');
    assert.deepEqual(Object.fromEntries((artifacts.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50054,
      ops: 9104,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50054',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9104',
    })) {
      assert.equal(envOf(artifacts, name).value, value, name);
    }
    assert.deepEqual(artifacts.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(artifacts.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(artifacts.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(artifacts.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
    assert.equal(
      (find(manifests, 'Service', 'artifacts').spec as { ports: Array<{ port: number }> }).ports[0]?.port,
      50054,
    );
  },

  "artifacts reads its database URL from a Secret of its own; no NATS, nothing of the other services' secrets": (
    manifests,
  ) => {
    const artifacts = container(manifests, 'artifacts');
    const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
    assert.ok(fleetSecret);
    ownDatabaseSecret(artifacts, 'artifacts', fleetSecret);
    assert.equal(envOf(artifacts, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
    assert.equal(envOf(artifacts, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
    const names = (artifacts.env ?? []).map((variable) => variable.name);
    assert.deepEqual(names, [...new Set(names)], 'no variable twice');
    for (const absent of ['NATS_URL', 'SESSION_SIGNING_SECRET', 'ADMIN_API_KEY', 'MEDIA_TOKEN_SECRET'])
      assert.ok(!names.includes(absent), absent);
    const secretKeys = secretKeysOf(artifacts).filter((key) => !key.startsWith('S3_'));
    assert.deepEqual(secretKeys, ['DATABASE_URL']);
  },

  "artifacts uses media's very storage settings and gets its payload limit as a plain string": (manifests) => {
    const artifacts = container(manifests, 'artifacts');
    assert.deepEqual(s3Env(artifacts), s3Env(container(manifests, 'media')));
    for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE']) assert.ok(envOf(artifacts, name).value, name);
    assert.equal(envOf(artifacts, 'MAX_PAYLOAD_BYTES').value, '33554432');
  },

  'artifacts sets cpu and memory requests within its limits': (manifests) => {
    const artifacts = container(manifests, 'artifacts').resources;
    assert.ok(bytes(artifacts?.requests?.memory) <= bytes(artifacts?.limits?.memory));
    assert.ok(artifacts?.requests?.cpu !== undefined && artifacts.limits?.cpu !== undefined);
  },
});

test('artifacts payload limit reaches the container as given, never in exponent form', async () => {
  const manifests = await render(await valuesFile({ artifacts: { maxPayloadBytes: 1073741824 } }));
  assert.equal(envOf(container(manifests, 'artifacts'), 'MAX_PAYLOAD_BYTES').value, '1073741824');
});

test('the gateway follows the artifacts Service port', async () => {
  const manifests = await render(await valuesFile({ artifacts: { service: { port: 6002 } } }));
  const service = find(manifests, 'Service', 'artifacts');
  assert.equal(envOf(container(manifests, 'gateway'), 'ARTIFACTS_GRPC_ADDR').value, `${service.metadata.name}:6002`);
  assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
  assert.equal(envOf(container(manifests, 'artifacts'), 'GRPC_PORT').value, '50054', 'the container port stays');
});
