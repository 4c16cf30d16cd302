// Worker pools and the profile catalog: which engine runs in which pool, pool settings, and
// scaling each pool on the depth of its queue with KEDA.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { ENGINE_KINDS } from '../../../packages/catalog/src/engines.ts';
import { PROFILES } from '../../../packages/catalog/src/profiles.ts';
import { byKind, find, parseManifests, render, renderRaw, validateManifest, valuesFile } from './manifests.ts';
import { container, envOf, POOL_LABEL, workerContainer, workerDeployment, workerPools } from './support.ts';

const keda = {
  worker: {
    keda: { natsServerMonitoringEndpoint: 'nats.nats.svc.cluster.local:8222' },
    pools: {
      cpu: { autoscaling: { keda: { enabled: true, minReplicas: 2, maxReplicas: 12, lagThreshold: 3 } } },
      gpu: { enabled: true, models: { existingClaim: 'whisper-models' }, autoscaling: { keda: { enabled: true } } },
    },
  },
};

test('KEDA: a ScaledObject per pool on the lag of its durable consumer on WORK; the Deployments leave the replica count to it', async () => {
  const manifests = await render(await valuesFile(keda));
  const scaled = byKind(manifests, 'ScaledObject');
  assert.deepEqual(scaled.map((object) => object.metadata.labels?.[POOL_LABEL]).sort(), ['cpu', 'gpu']);
  // kubernetes-models has no KEDA models: everything else is validated, the ScaledObjects by shape below.
  for (const manifest of manifests) {
    if (manifest.kind === 'ScaledObject') await assert.rejects(validateManifest(manifest), /unknown apiVersion/);
    else await validateManifest(manifest);
  }
  type ScaledObjectSpec = {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicaCount: number;
    maxReplicaCount: number;
    pollingInterval: number;
    cooldownPeriod: number;
    triggers: Array<{ type: string; metadata: Record<string, unknown> }>;
  };
  const expected = { cpu: { min: 2, max: 12, lag: '3' }, gpu: { min: 0, max: 4, lag: '1' } };
  for (const [pool, want] of Object.entries(expected)) {
    const object = scaled.find((candidate) => candidate.metadata.labels?.[POOL_LABEL] === pool);
    assert.ok(object);
    assert.equal(object.apiVersion, 'keda.sh/v1alpha1');
    assert.equal(object.metadata.labels?.['app.kubernetes.io/component'], 'worker');
    const deployment = workerDeployment(manifests, pool);
    assert.equal(
      (deployment.spec as { replicas?: number }).replicas,
      undefined,
      `${pool}: KEDA owns the replica count`,
    );
    const spec = object.spec as ScaledObjectSpec;
    assert.deepEqual(Object.keys(spec).sort(), [
      'cooldownPeriod',
      'maxReplicaCount',
      'minReplicaCount',
      'pollingInterval',
      'scaleTargetRef',
      'triggers',
    ]);
    assert.deepEqual(spec.scaleTargetRef, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    assert.equal(object.metadata.name, deployment.metadata.name);
    assert.equal(spec.minReplicaCount, want.min, `${pool} min (0: scale to zero)`);
    assert.equal(spec.maxReplicaCount, want.max);
    for (const field of ['minReplicaCount', 'maxReplicaCount', 'pollingInterval', 'cooldownPeriod'] as const)
      assert.ok(Number.isInteger(spec[field]) && spec[field] >= 0, field);
    // One trigger per job type the pool's workers take (transcriptions, caption burns: ADR 0024).
    assert.deepEqual(
      spec.triggers.map((trigger) => trigger.metadata.consumer),
      [`worker-transcription-${pool}`, `worker-caption_burn-${pool}`],
    );
    for (const trigger of spec.triggers) {
      assert.equal(trigger.type, 'nats-jetstream');
      assert.deepEqual(trigger.metadata, {
        natsServerMonitoringEndpoint: 'nats.nats.svc.cluster.local:8222',
        account: '$G',
        useHttps: 'false',
        stream: 'WORK',
        consumer: trigger.metadata.consumer,
        lagThreshold: want.lag,
        activationLagThreshold: '0',
      });
      // KEDA reads trigger metadata as strings only.
      for (const [key, value] of Object.entries(trigger.metadata)) assert.equal(typeof value, 'string', key);
    }
    assert.equal(
      envOf(workerContainer(manifests, pool), 'WORKER_POOL').value,
      pool,
      'the consumer is the one the pool pulls with',
    );
  }
});

test("the pools are the profile catalog's, and each engine runs in the pool its profiles are queued on", async () => {
  const schema = JSON.parse(await readFile(join(repoRoot, 'charts/transcription/values.schema.json'), 'utf8')) as {
    properties: { worker: { properties: { pools: { propertyNames: { enum: string[] } } } } };
  };
  const catalogPools = [...new Set(PROFILES.map((profile) => profile.pool))].sort();
  assert.deepEqual([...schema.properties.worker.properties.pools.propertyNames.enum].sort(), catalogPools);
  // Every (engine, pool) pair renders exactly when every profile of the engine is queued on the pool.
  for (const engine of ENGINE_KINDS) {
    for (const pool of catalogPools) {
      const served = PROFILES.filter((profile) => profile.engine === engine).every((profile) => profile.pool === pool);
      const others = Object.fromEntries(
        catalogPools.filter((other) => other !== pool).map((other) => [other, { enabled: false }]),
      );
      const values = {
        worker: {
          pools: { ...others, [pool]: { enabled: true, engines: [engine], models: { existingClaim: 'weights' } } },
        },
      };
      const result = await renderRaw(await valuesFile(values));
      assert.equal(result.code === 0, served, `${engine} in pool ${pool}: ${result.stderr}`);
      // whisper with the models the gpu pool serves by default (models.served: [small.en]).
      const engines = engine === 'whisper' ? 'whisper:small.en' : engine;
      if (served) assert.equal(envOf(container(parseManifests(result.stdout), 'jobs'), 'ENGINES').value, engines);
    }
  }
});

test('a pool may go entirely (null); unset KEDA fields take their defaults, an explicit 0 stays', async () => {
  const manifests = await render(
    await valuesFile({
      worker: {
        keda: { natsServerMonitoringEndpoint: 'nats:8222' },
        pools: {
          cpu: null,
          gpu: {
            enabled: true,
            models: { existingClaim: 'w' },
            autoscaling: { keda: { enabled: true, maxReplicas: null, lagThreshold: null } },
          },
        },
      },
    }),
  );
  assert.deepEqual(workerPools(manifests), ['gpu']);
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'whisper:small.en');
  const scaled = byKind(manifests, 'ScaledObject');
  assert.equal(scaled.length, 1);
  const spec = scaled[0]?.spec as {
    minReplicaCount: number;
    maxReplicaCount: number;
    triggers: Array<{ metadata: Record<string, string> }>;
  };
  assert.equal(spec.minReplicaCount, 0, 'an explicit 0 is kept');
  assert.equal(spec.maxReplicaCount, 10, 'the default maximum');
  assert.equal(spec.triggers[0]?.metadata.lagThreshold, '2', 'the default lag threshold');
  assert.equal(spec.triggers[0]?.metadata.consumer, 'worker-transcription-gpu');
  for (const manifest of manifests) if (manifest.kind !== 'ScaledObject') await validateManifest(manifest);
});

test("worker settings reach every pool as plain strings; worker.env comes before a pool's env", async () => {
  const manifests = await render(
    await valuesFile({
      worker: {
        work: { ackWaitMs: 3600000, maxDeliver: 5 },
        env: [{ name: 'SHARED', value: 'all' }],
        pools: {
          cpu: { concurrency: 16, env: [{ name: 'ONLY_CPU', value: 'cpu-only' }] },
          gpu: { enabled: true, models: { existingClaim: 'w' } },
        },
      },
    }),
  );
  for (const pool of ['cpu', 'gpu']) {
    const worker = workerContainer(manifests, pool);
    assert.equal(envOf(worker, 'WORK_ACK_WAIT_MS').value, '3600000', 'never in exponent form');
    assert.equal(envOf(worker, 'WORK_MAX_DELIVER').value, '5');
    assert.equal(envOf(worker, 'SHARED').value, 'all');
  }
  const cpu = workerContainer(manifests, 'cpu');
  assert.equal(envOf(cpu, 'WORKER_CONCURRENCY').value, '16');
  const names = (cpu.env ?? []).map((variable) => variable.name);
  assert.ok(names.indexOf('SHARED') < names.indexOf('ONLY_CPU'));
  assert.ok(!(workerContainer(manifests, 'gpu').env ?? []).some((variable) => variable.name === 'ONLY_CPU'));
});

test('the gateway and the workers follow the jobs Service port', async () => {
  const manifests = await render(await valuesFile({ jobs: { service: { port: 6003 } } }));
  const service = find(manifests, 'Service', 'jobs');
  assert.equal(envOf(container(manifests, 'gateway'), 'JOBS_GRPC_ADDR').value, `${service.metadata.name}:6003`);
  assert.equal(envOf(workerContainer(manifests, 'cpu'), 'JOBS_GRPC_ADDR').value, `${service.metadata.name}:6003`);
  assert.equal((service.spec as { ports: Array<{ targetPort: string }> }).ports[0]?.targetPort, 'grpc');
  assert.equal(envOf(container(manifests, 'jobs'), 'GRPC_PORT').value, '50055', 'the container port stays');
});

test('with an existingSecret, jobs and the workers read it', async () => {
  const manifests = await render(await valuesFile({ secrets: { existingSecret: 'fleet-secrets' } }));
  assert.equal(envOf(container(manifests, 'jobs'), 'NATS_URL').valueFrom?.secretKeyRef?.name, 'fleet-secrets');
  assert.equal(envOf(workerContainer(manifests, 'cpu'), 'NATS_URL').valueFrom?.secretKeyRef?.name, 'fleet-secrets');
});
