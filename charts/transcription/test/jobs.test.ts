// jobs: its ports, secrets, the backends it dials, the engines and language pairs it accepts.
import assert from 'node:assert/strict';
import { find } from './manifests.ts';
import {
  container,
  envOf,
  ownDatabaseSecret,
  secretKeysOf,
  testRendered,
  workerContainer,
  workerPools,
} from './support.ts';

testRendered({
  'jobs: gRPC 50055 and ops 9105 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    const jobs = container(manifests, 'jobs');
    assert.deepEqual(Object.fromEntries((jobs.ports ?? []).map((port) => [port.name, port.containerPort])), {
      grpc: 50055,
      ops: 9105,
    });
    for (const [name, value] of Object.entries({
      GRPC_HOST: '0.0.0.0',
      GRPC_PORT: '50055',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9105',
    })) {
      assert.equal(envOf(jobs, name).value, value, name);
    }
    assert.deepEqual(jobs.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(jobs.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(jobs.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(jobs.lifecycle?.preStop?.exec?.command, ['sleep', '5']);
    assert.equal((find(manifests, 'Service', 'jobs').spec as { ports: Array<{ port: number }> }).ports[0]?.port, 50055);
  },

  'jobs reads NATS from the fleet Secret, its database URL from its own, and dials billing, media and artifacts': (
    manifests,
  ) => {
    const jobs = container(manifests, 'jobs');
    const fleetSecret = envOf(container(manifests, 'accounts'), 'NATS_URL').valueFrom?.secretKeyRef?.name;
    assert.ok(fleetSecret);
    ownDatabaseSecret(jobs, 'jobs', fleetSecret);
    for (const [name, key] of [['NATS_URL', 'NATS_URL']] as const) {
      const ref = envOf(jobs, name).valueFrom?.secretKeyRef;
      assert.deepEqual(
        { name: ref?.name, key: ref?.key, optional: ref?.optional },
        { name: fleetSecret, key, optional: undefined },
        name,
      );
      assert.equal(envOf(jobs, name).value, undefined, `${name} is never inline`);
    }
    assert.deepEqual(secretKeysOf(jobs), ['DATABASE_URL', 'NATS_URL']);
    for (const [variable, component] of [
      ['BILLING_GRPC_ADDR', 'billing'],
      ['MEDIA_GRPC_ADDR', 'media'],
      ['ARTIFACTS_GRPC_ADDR', 'artifacts'],
    ] as const) {
      const service = find(manifests, 'Service', component);
      assert.equal(
        envOf(jobs, variable).value,
        `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`,
        variable,
      );
      assert.equal(
        envOf(jobs, variable).value,
        envOf(container(manifests, 'gateway'), variable).value,
        `${variable} as the gateway dials it`,
      );
    }
    assert.equal(envOf(jobs, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
    assert.equal(envOf(jobs, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
    const names = (jobs.env ?? []).map((variable) => variable.name);
    assert.deepEqual(names, [...new Set(names)], 'no variable twice');
    assert.deepEqual(
      names.filter((name) => name.startsWith('S3_')),
      [],
    );
  },

  'jobs accepts exactly the engines the worker pools run (ENGINES)': (manifests) => {
    assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx');
    const served = new Set(
      workerPools(manifests).flatMap((pool) =>
        (envOf(workerContainer(manifests, pool), 'WORKER_ENGINES').value ?? '').split(','),
      ),
    );
    assert.deepEqual((envOf(container(manifests, 'jobs'), 'ENGINES').value ?? '').split(','), [...served].sort());
  },

  'jobs offers the apertium pairs the worker image installs (TRANSLATION_PAIRS)': (manifests) => {
    assert.equal(envOf(container(manifests, 'jobs'), 'TRANSLATION_PAIRS').value, 'en:es,en:ca,en:gl,en:eo');
  },

  'jobs fails a client-local job whose device stays silent 15 minutes (CLIENT_LOCAL_IDLE_TIMEOUT_MS)': (manifests) => {
    assert.equal(envOf(container(manifests, 'jobs'), 'CLIENT_LOCAL_IDLE_TIMEOUT_MS').value, '900000');
  },
});
