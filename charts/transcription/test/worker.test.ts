// The worker pools: the default CPU pool, the GPU pool with its weights, and what each pod gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { ENGINE_KINDS } from '../../../packages/catalog/src/engines.ts';
import { byKind, find, podTemplate, render, validateManifest, valuesFile } from './manifests.ts';
import {
  bytes,
  container,
  envOf,
  POOL_LABEL,
  secretKeysOf,
  testRendered,
  workerContainer,
  workerDeployment,
  workerPools,
} from './support.ts';

testRendered({
  'worker: pool cpu, no Service, only the ops port 9106 on 0.0.0.0, probed on /healthz and /readyz': (manifests) => {
    assert.deepEqual(workerPools(manifests), ['cpu']);
    const deployment = workerDeployment(manifests, 'cpu');
    assert.equal(deployment.metadata.name, `${find(manifests, 'ServiceAccount', 'worker').metadata.name}-cpu`);
    const worker = workerContainer(manifests, 'cpu');
    assert.deepEqual(Object.fromEntries((worker.ports ?? []).map((port) => [port.name, port.containerPort])), {
      ops: 9106,
    });
    assert.equal(envOf(worker, 'OPS_HOST').value, '0.0.0.0');
    assert.equal(envOf(worker, 'OPS_PORT').value, '9106');
    assert.deepEqual(worker.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(worker.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.deepEqual(worker.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    // Long enough for a running job to be handed back after SIGTERM.
    assert.ok((podTemplate(deployment).spec.terminationGracePeriodSeconds ?? 0) >= 60);
  },

  'worker: its pool, engines and queue settings, NATS from the fleet Secret, the jobs, media and artifacts Services': (
    manifests,
  ) => {
    const worker = workerContainer(manifests, 'cpu');
    assert.equal(envOf(worker, 'WORKER_POOL').value, 'cpu');
    assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'pocketsphinx');
    assert.match(envOf(worker, 'WORKER_CONCURRENCY').value ?? '', /^[1-9]\d*$/);
    // Engine processes sized by the pool (a container sees the node's cores, not its CPU limit).
    assert.equal(envOf(worker, 'ENGINE_POOL_SIZE').value, '2');
    assert.equal(envOf(worker, 'WINDOW_TARGET_SECONDS').value, '30');
    assert.equal(envOf(worker, 'WINDOW_MAX_SECONDS').value, '60');
    assert.equal(envOf(worker, 'WINDOW_FANOUT_MIN_SECONDS').value, '300');
    assert.equal(envOf(worker, 'WORK_ACK_WAIT_MS').value, '30000');
    assert.equal(envOf(worker, 'WORK_MAX_DELIVER').value, '3');
    for (const [variable, component] of [
      ['JOBS_GRPC_ADDR', 'jobs'],
      ['MEDIA_GRPC_ADDR', 'media'],
      ['ARTIFACTS_GRPC_ADDR', 'artifacts'],
    ] as const) {
      const service = find(manifests, 'Service', component);
      assert.equal(
        envOf(worker, variable).value,
        `${service.metadata.name}:${(service.spec as { ports: Array<{ port: number }> }).ports[0]?.port}`,
        variable,
      );
    }
    assert.deepEqual(
      envOf(worker, 'NATS_URL').valueFrom?.secretKeyRef,
      envOf(container(manifests, 'jobs'), 'NATS_URL').valueFrom?.secretKeyRef,
    );
    assert.deepEqual(secretKeysOf(worker), ['NATS_URL'], 'no database, no other secret');
    assert.equal(envOf(worker, 'LOG_LEVEL').valueFrom?.configMapKeyRef?.key, 'LOG_LEVEL');
    assert.equal(envOf(worker, 'OTEL_EXPORTER_OTLP_ENDPOINT').valueFrom?.configMapKeyRef?.optional, true);
    const names = (worker.env ?? []).map((variable) => variable.name);
    assert.deepEqual(names, [...new Set(names)], 'no variable twice');
    assert.ok(!names.includes('WHISPER_MODEL_DIR'), 'no weights mounted for the CPU pool');
    assert.equal(byKind(manifests, 'ScaledObject').length, 0, 'KEDA is opt-in');
  },

  'worker: about a CPU and 512Mi requested per concurrent job, requests within limits, no GPU': (manifests) => {
    const worker = workerContainer(manifests, 'cpu');
    const concurrency = Number(envOf(worker, 'WORKER_CONCURRENCY').value);
    const cpu = (quantity: string | number | undefined) =>
      String(quantity).endsWith('m') ? Number.parseInt(String(quantity), 10) / 1000 : Number(quantity);
    assert.ok(
      cpu(worker.resources?.requests?.cpu) >= concurrency,
      `cpu request ${String(worker.resources?.requests?.cpu)} for ${concurrency} jobs`,
    );
    assert.ok(bytes(worker.resources?.requests?.memory) >= concurrency * 512 * 2 ** 20, 'memory request');
    assert.ok(bytes(worker.resources?.requests?.memory) <= bytes(worker.resources?.limits?.memory));
    assert.ok(cpu(worker.resources?.requests?.cpu) <= cpu(worker.resources?.limits?.cpu));
    assert.equal(worker.resources?.limits?.['nvidia.com/gpu'], undefined);
  },
});

const gpu = { worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'whisper-models' } } } } };

test('the chart knows the engines of the profile catalog, and only those', async () => {
  const schema = JSON.parse(await readFile(join(repoRoot, 'charts/transcription/values.schema.json'), 'utf8')) as {
    definitions: { engine: { enum: string[] } };
  };
  assert.deepEqual([...schema.definitions.engine.enum].sort(), [...ENGINE_KINDS].sort());
});

test('defaults: one CPU pool of one pod, one job at a time, pocketsphinx only', async () => {
  const manifests = await render();
  assert.deepEqual(workerPools(manifests), ['cpu']);
  const deployment = workerDeployment(manifests, 'cpu');
  assert.equal(deployment.metadata.name, 'tp-transcription-worker-cpu');
  assert.equal((deployment.spec as { replicas?: number }).replicas, 1);
  const worker = workerContainer(manifests, 'cpu');
  assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'pocketsphinx');
  assert.equal(envOf(worker, 'WORKER_CONCURRENCY').value, '1');
  assert.deepEqual(worker.resources?.requests, { cpu: '1', memory: '512Mi' });
  assert.deepEqual(
    podTemplate(deployment).spec.volumes?.map((volume) => volume.name),
    ['tmp', 'grpc-tls', 'nats-credentials'],
  );
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx');
  assert.equal(envOf(container(manifests, 'gateway'), 'JOBS_GRPC_ADDR').value, 'tp-transcription-jobs:50055');
  const secret = byKind(manifests, 'Secret').find((s) => s.metadata.name === 'tp-transcription-db-jobs');
  assert.equal(
    Buffer.from((secret?.data as Record<string, string> | undefined)?.DATABASE_URL ?? '', 'base64').toString(),
    'postgresql://tp_jobs@postgresql:5432/transcription?schema=jobs',
  );
});

test('the gpu pool: a second Deployment with a GPU, its node placement and the weights mounted read-only; jobs accepts whisper', async () => {
  const manifests = await render(await valuesFile(gpu));
  for (const manifest of manifests) await validateManifest(manifest);
  assert.deepEqual(workerPools(manifests), ['cpu', 'gpu']);
  // whisper with the models the pool serves (models.served, small.en by default).
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx,whisper:small.en');
  assert.equal(envOf(workerContainer(manifests, 'cpu'), 'WORKER_ENGINES').value, 'pocketsphinx');

  const deployment = workerDeployment(manifests, 'gpu');
  assert.equal(deployment.metadata.name, 'tp-transcription-worker-gpu');
  const pod = podTemplate(deployment).spec;
  const worker = workerContainer(manifests, 'gpu');
  assert.equal(envOf(worker, 'WORKER_POOL').value, 'gpu');
  assert.equal(envOf(worker, 'WORKER_ENGINES').value, 'whisper');
  assert.equal(String(worker.resources?.limits?.['nvidia.com/gpu']), '1');
  assert.equal(worker.resources?.requests?.['nvidia.com/gpu'], undefined, 'a GPU request defaults to its limit');
  assert.deepEqual(pod.nodeSelector, { 'nvidia.com/gpu.present': 'true' });
  assert.deepEqual(pod.tolerations, [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
  assert.deepEqual(pod.volumes?.find((volume) => volume.name === 'models')?.persistentVolumeClaim, {
    claimName: 'whisper-models',
    readOnly: true,
  });
  assert.deepEqual(
    worker.volumeMounts?.find((mount) => mount.name === 'models'),
    { name: 'models', mountPath: '/models', readOnly: true },
  );
  assert.equal(envOf(worker, 'WHISPER_MODEL_DIR').value, '/models');
  assert.ok(
    worker.volumeMounts?.some((mount) => mount.name === 'tmp' && mount.mountPath === '/tmp'),
    'still a writable /tmp',
  );
  // No spare GPU for a surge pod: the rollout replaces pods one by one.
  assert.deepEqual((deployment.spec as { strategy: { rollingUpdate: unknown } }).strategy.rollingUpdate, {
    maxSurge: 0,
    maxUnavailable: 1,
  });

  // Each pool's Deployment and PodDisruptionBudget select its own pods only.
  for (const [pool, other] of [
    ['cpu', 'gpu'],
    ['gpu', 'cpu'],
  ] as const) {
    const selector = (workerDeployment(manifests, pool).spec as { selector: { matchLabels: Record<string, string> } })
      .selector.matchLabels;
    const otherLabels = podTemplate(workerDeployment(manifests, other)).metadata?.labels ?? {};
    assert.ok(
      !Object.entries(selector).every(([key, value]) => otherLabels[key] === value),
      `${pool} does not select ${other}`,
    );
    const pdb = byKind(manifests, 'PodDisruptionBudget').find(
      (candidate) => candidate.metadata.labels?.[POOL_LABEL] === pool,
    );
    assert.deepEqual(
      (pdb!.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
      selector,
    );
  }
});

test('the weights mount follows models.mountPath and subPath', async () => {
  const manifests = await render(
    await valuesFile({
      worker: {
        pools: {
          gpu: {
            enabled: true,
            models: { existingClaim: 'weights', mountPath: '/var/lib/whisper', subPath: 'ggml' },
          },
        },
      },
    }),
  );
  const worker = workerContainer(manifests, 'gpu');
  assert.deepEqual(
    worker.volumeMounts?.find((mount) => mount.name === 'models'),
    { name: 'models', mountPath: '/var/lib/whisper', subPath: 'ggml', readOnly: true },
  );
  assert.equal(envOf(worker, 'WHISPER_MODEL_DIR').value, '/var/lib/whisper');
});
