// shares: its Deployment and Service, secrets, the backends it dials, and the share links' base URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byKind, find, render, valuesFile } from './manifests.ts';
import { bytes, container, envOf, ownDatabaseSecret, secretKeysOf, testRendered } from './support.ts';

testRendered({
  'shares: gRPC 50056 and ops 9107 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    const shares = container(manifests, 'shares');
    assert.deepEqual(Object.fromEntries((shares.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50056,
      ops: 9107,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50056',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9107',
    })) {
      assert.equal(envOf(shares, name).value, value, name);
    }
    assert.deepEqual(shares.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(shares.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(shares.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(shares.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
    const service = find(manifests, 'Service', 'shares');
    assert.deepEqual(
      (service.spec as { ports: Array<{ port: number; targetPort: string; appProtocol: string }> }).ports.map(
        ({ port, targetPort, appProtocol }) => ({ port, targetPort, appProtocol }),
      ),
      [{ port: 50056, targetPort: 'grpc', appProtocol: 'grpc' }],
    );
  },

  'shares reads NATS (media-deleted events) from the fleet Secret, its database URL from its own, and dials artifacts and media':
    (manifests) => {
      const shares = container(manifests, 'shares');
      const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
      assert.ok(fleetSecret);
      ownDatabaseSecret(shares, 'shares', fleetSecret);
      for (const [name, key] of [['NATS_URL', 'NATS_URL']] as const) {
        const ref = envOf(shares, name).valueFrom?.secretKeyRef;
        assert.deepEqual(
          { name: ref?.name, key: ref?.key, optional: ref?.optional },
          { name: fleetSecret, key, optional: undefined },
          name,
        );
        assert.equal(envOf(shares, name).value, undefined, `${name} is never inline`);
      }
      assert.deepEqual(secretKeysOf(shares), ['DATABASE_URL', 'NATS_URL'], "nothing of the other services' secrets");
      for (const [variable, component] of [
        ['ARTIFACTS_GRPC_ADDR', 'artifacts'],
        ['MEDIA_GRPC_ADDR', 'media'],
      ] as const) {
        const service = find(manifests, 'Service', component);
        assert.equal(
          envOf(shares, variable).value,
          `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`,
          variable,
        );
        assert.equal(
          envOf(shares, variable).value,
          envOf(container(manifests, 'gateway'), variable).value,
          `${variable} as the gateway dials it`,
        );
      }
      assert.equal(envOf(shares, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
      assert.equal(
        envOf(shares, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.key,
        'OTEL_EXPORTER_OTLP_ENDPOINT',
      );
      assert.equal(envOf(shares, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
      const names = (shares.env ?? []).map((variable) => variable.name);
      assert.deepEqual(names, [...new Set(names)], 'no variable twice');
      assert.deepEqual(
        names.filter((name) => name.startsWith('S3_')),
        [],
        'no object storage: transcripts come through artifacts',
      );
    },

  'shares sets cpu and memory requests within its limits': (manifests) => {
    const shares = container(manifests, 'shares').resources;
    assert.ok(bytes(shares?.requests?.memory) <= bytes(shares?.limits?.memory));
    assert.ok(shares?.requests?.cpu !== undefined && shares.limits?.cpu !== undefined);
  },
});

test('defaults: the shares Deployment and Service, the gateway dials it, its schema is migrated', async () => {
  const manifests = await render();
  assert.equal(find(manifests, 'Deployment', 'shares').metadata.name, 'tp-transcription-shares');
  assert.equal(find(manifests, 'Service', 'shares').metadata.name, 'tp-transcription-shares');
  assert.equal(find(manifests, 'PodDisruptionBudget', 'shares').metadata.name, 'tp-transcription-shares');
  const shares = container(manifests, 'shares');
  assert.deepEqual(envOf(shares, 'DATABASE_URL').valueFrom?.secretKeyRef, {
    name: 'tp-transcription-db-shares',
    key: 'DATABASE_URL',
  });
  assert.deepEqual(envOf(shares, 'NATS_URL').valueFrom?.secretKeyRef, {
    name: 'tp-transcription-secrets',
    key: 'NATS_URL',
  });
  assert.equal(envOf(shares, 'ARTIFACTS_GRPC_ADDR').value, 'tp-transcription-artifacts:50054');
  assert.equal(envOf(shares, 'MEDIA_GRPC_ADDR').value, 'tp-transcription-media:50052');
  assert.equal(envOf(container(manifests, 'gateway'), 'SHARES_GRPC_ADDR').value, 'tp-transcription-shares:50056');
  const secret = byKind(manifests, 'Secret').find((s) => s.metadata.name === 'tp-transcription-db-shares');
  assert.equal(
    Buffer.from((secret?.data as Record<string, string> | undefined)?.DATABASE_URL ?? '', 'base64').toString(),
    'postgresql://tp_shares@postgresql:5432/transcription?schema=shares',
    'its own role on its own schema; the migration job migrates it as the migrations role',
  );
});

test('share links are built from config.publicBaseUrl: the gateway reads it from the ConfigMap', async () => {
  const manifests = await render(await valuesFile({ config: { publicBaseUrl: 'https://share.example.com' } }));
  const ref = envOf(container(manifests, 'gateway'), 'PUBLIC_BASE_URL').valueFrom?.configMapKeyRef;
  assert.ok(ref?.name && ref.key && !ref.optional);
  const configMap = byKind(manifests, 'ConfigMap').find((map) => map.metadata.name === ref.name);
  assert.equal((configMap?.data as Record<string, string> | undefined)?.[ref.key], 'https://share.example.com');
});

test('the gateway follows the shares Service port', async () => {
  const manifests = await render(await valuesFile({ shares: { service: { port: 6004 } } }));
  const service = find(manifests, 'Service', 'shares');
  assert.equal(envOf(container(manifests, 'gateway'), 'SHARES_GRPC_ADDR').value, `${service.metadata.name}:6004`);
  assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
  assert.equal(envOf(container(manifests, 'shares'), 'GRPC_PORT').value, '50056', 'the container port stays');
});

test('shares follows the artifacts and media Service ports', async () => {
  const manifests = await render(
    await valuesFile({ artifacts: { service: { port: 6002 } }, media: { service: { port: 6000 } } }),
  );
  assert.equal(
    envOf(container(manifests, 'shares'), 'ARTIFACTS_GRPC_ADDR').value,
    `${find(manifests, 'Service', 'artifacts').metadata.name}:6002`,
  );
  assert.equal(
    envOf(container(manifests, 'shares'), 'MEDIA_GRPC_ADDR').value,
    `${find(manifests, 'Service', 'media').metadata.name}:6000`,
  );
});

test('with an existingSecret, shares reads NATS from it and its database URL from a Secret of its own', async () => {
  const manifests = await render(
    await valuesFile({
      secrets: { existingSecret: 'fleet-secrets', databaseSecrets: { shares: 'managed-shares-db' } },
    }),
  );
  assert.deepEqual(envOf(container(manifests, 'shares'), 'DATABASE_URL').valueFrom?.secretKeyRef, {
    name: 'managed-shares-db',
    key: 'DATABASE_URL',
  });
  assert.deepEqual(envOf(container(manifests, 'shares'), 'NATS_URL').valueFrom?.secretKeyRef, {
    name: 'fleet-secrets',
    key: 'NATS_URL',
  });
  const rendered = byKind(manifests, 'Secret').map((secret) => secret.metadata.name);
  assert.ok(!rendered.includes('managed-shares-db') && !rendered.includes('tp-transcription-db-shares'));
  assert.ok(rendered.includes('tp-transcription-db-media'), 'the others still come from their inline URLs');
});
