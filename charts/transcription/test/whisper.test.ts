// The whisper pool: the models it serves (WHISPER_MODELS, and whisper:<model> in jobs' ENGINES), its
// engine settings (WHISPER_THREADS, WHISPER_USE_GPU), the CUDA image, and whisper on CPU nodes as
// values.yaml documents it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { PROFILES } from '../../../packages/catalog/src/profiles.ts';
import { podTemplate, render, validateManifest, valuesFile } from './manifests.ts';
import { container, envOf, workerContainer, workerDeployment } from './support.ts';

const WHISPER_ENV = ['WHISPER_MODELS', 'WHISPER_THREADS', 'WHISPER_USE_GPU'];
const valuesYaml = () => readFile(join(repoRoot, 'charts/transcription/values.yaml'), 'utf8');

function whisperEnv(manifests: Awaited<ReturnType<typeof render>>, pool: string): Record<string, string | undefined> {
  const worker = workerContainer(manifests, pool);
  return Object.fromEntries(
    (worker.env ?? []).filter((variable) => WHISPER_ENV.includes(variable.name)).map((v) => [v.name, v.value]),
  );
}

test("the whisper models the chart accepts are the profile catalog's; the example pool serves oracle-pro's", async () => {
  const schema = JSON.parse(await readFile(join(repoRoot, 'charts/transcription/values.schema.json'), 'utf8')) as {
    definitions: { whisperModel: { enum: string[] } };
  };
  const catalog = [...new Set(PROFILES.filter((p) => p.engine === 'whisper').map((p) => p.model))].sort();
  assert.deepEqual([...schema.definitions.whisperModel.enum].sort(), catalog);
  const values = parse(await valuesYaml()) as {
    worker: { pools: { gpu: { models: { served: string[] } } } };
  };
  const publicWhisper = PROFILES.filter((p) => p.engine === 'whisper' && p.visibility === 'public');
  assert.deepEqual(
    values.worker.pools.gpu.models.served,
    publicWhisper.map((p) => p.model),
  );
});

test('the example gpu pool: the CUDA worker image, small.en, on the GPU with 2 threads; jobs takes whisper:small.en', async () => {
  const manifests = await render(
    await valuesFile({ worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'w' } } } } }),
  );
  assert.deepEqual(whisperEnv(manifests, 'gpu'), {
    WHISPER_MODELS: 'small.en',
    WHISPER_THREADS: '2',
    WHISPER_USE_GPU: 'true',
  });
  assert.match(
    podTemplate(workerDeployment(manifests, 'gpu')).spec.containers[0]?.image ?? '',
    /\/transcription-worker-cuda:/,
  );
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx,whisper:small.en');
  // The CPU pool runs no whisper: none of its settings.
  assert.deepEqual(whisperEnv(manifests, 'cpu'), {});
});

test('every served model reaches the pool (in its order) and jobs (sorted, whisper:<model> each); settings as given', async () => {
  const manifests = await render(
    await valuesFile({
      worker: {
        pools: {
          gpu: {
            enabled: true,
            models: { existingClaim: 'w', served: ['small.en', 'base.en', 'medium.en'] },
            whisper: { threads: 3, useGpu: false },
          },
        },
      },
    }),
  );
  for (const manifest of manifests) await validateManifest(manifest);
  assert.deepEqual(whisperEnv(manifests, 'gpu'), {
    WHISPER_MODELS: 'small.en,base.en,medium.en',
    WHISPER_THREADS: '3',
    WHISPER_USE_GPU: 'false',
  });
  assert.equal(envOf(workerContainer(manifests, 'gpu'), 'WHISPER_MODEL_DIR').value, '/models');
  assert.equal(
    envOf(container(manifests, 'jobs'), 'ENGINES').value,
    'pocketsphinx,whisper:base.en,whisper:medium.en,whisper:small.en',
  );
});

test("without the whisper settings the engine's defaults are rendered: one thread, no GPU", async () => {
  const manifests = await render(
    await valuesFile({
      worker: { pools: { cpu: null, gpu: { enabled: true, models: { existingClaim: 'w' }, whisper: null } } },
    }),
  );
  assert.deepEqual(whisperEnv(manifests, 'gpu'), {
    WHISPER_MODELS: 'small.en',
    WHISPER_THREADS: '1',
    WHISPER_USE_GPU: 'false',
  });
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'whisper:small.en');
});

test('a disabled whisper pool adds nothing to jobs', async () => {
  const manifests = await render();
  assert.equal(envOf(container(manifests, 'jobs'), 'ENGINES').value, 'pocketsphinx');
});

/** The values.yaml comment block "Whisper on CPU nodes", uncommented. */
async function cpuExample(): Promise<Record<string, unknown>> {
  const lines = (await valuesYaml()).split('\n');
  const start = lines.findIndex((line) => /^\s*# Whisper on CPU nodes/.test(line));
  assert.ok(start > 0, 'values.yaml documents whisper on CPU nodes');
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\s*# {3}(.*)$/.exec(line);
    if (!match) break;
    block.push(match[1] ?? '');
  }
  return parse(block.join('\n')) as Record<string, unknown>;
}

test('whisper on CPU nodes, as values.yaml documents it: the CPU image, no GPU limit, placement or GPU decoding', async () => {
  const example = await cpuExample();
  assert.ok(example.gpu, 'the example overrides the gpu pool');
  const manifests = await render(await valuesFile({ worker: { pools: example } }));
  for (const manifest of manifests) await validateManifest(manifest);
  const pod = podTemplate(workerDeployment(manifests, 'gpu')).spec;
  const worker = workerContainer(manifests, 'gpu');
  assert.match(worker.image ?? '', /\/transcription-worker:/, 'the CPU worker image');
  assert.equal(worker.resources?.limits?.['nvidia.com/gpu'], undefined);
  assert.equal(worker.resources?.requests?.['nvidia.com/gpu'], undefined);
  assert.deepEqual(pod.nodeSelector ?? {}, {});
  assert.deepEqual(pod.tolerations ?? [], []);
  const env = whisperEnv(manifests, 'gpu');
  assert.equal(env.WHISPER_USE_GPU, 'false');
  // No more threads than the CPUs of the pod.
  const threads = Number(env.WHISPER_THREADS);
  const engines = Number(envOf(worker, 'ENGINE_POOL_SIZE').value);
  assert.ok(threads * engines <= Number(worker.resources?.limits?.cpu), `${threads} threads × ${engines} engines`);
  // The models practical on CPU.
  for (const model of (env.WHISPER_MODELS ?? '').split(',')) assert.ok(['base.en', 'small.en'].includes(model), model);
  assert.match(envOf(container(manifests, 'jobs'), 'ENGINES').value ?? '', /^pocketsphinx,whisper:base\.en/);
});
