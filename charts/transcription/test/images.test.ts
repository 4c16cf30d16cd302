// The images: one Dockerfile builds every service, tools/dev/images.ts names each image's build
// arguments, and the chart pulls them from the global registry by tag or digest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { IMAGES } from '../../../tools/dev/images.ts';
import { find, podTemplate, render, valuesFile } from './manifests.ts';
import { workerDeployment } from './support.ts';

test('images come from the global registry, tag or digest', async () => {
  const digest = `sha256:${'a'.repeat(64)}`;
  const manifests = await render(
    await valuesFile({
      global: { image: { registry: 'reg.example/tp', tag: '1.2.3' } },
      accounts: { image: { digest } },
      billing: { image: { tag: '1.2.5' } },
      media: { image: { tag: '1.2.4' } },
      artifacts: { image: { tag: '1.2.6' } },
      jobs: { image: { tag: '1.2.7' } },
      shares: { image: { tag: '1.2.9' } },
      worker: {
        image: { tag: '1.2.8' },
        pools: {
          gpu: {
            enabled: true,
            image: { repository: 'transcription-worker-cuda' },
            models: { existingClaim: 'weights' },
          },
        },
      },
    }),
  );
  const image = (component: string, kind = 'Deployment') =>
    podTemplate(find(manifests, kind, component)).spec.containers[0]?.image;
  assert.equal(image('gateway'), 'reg.example/tp/transcription-gateway:1.2.3');
  assert.equal(image('accounts'), `reg.example/tp/transcription-accounts@${digest}`);
  assert.equal(image('media'), 'reg.example/tp/transcription-media:1.2.4');
  assert.equal(image('billing'), 'reg.example/tp/transcription-billing:1.2.5');
  assert.equal(image('artifacts'), 'reg.example/tp/transcription-artifacts:1.2.6');
  assert.equal(image('jobs'), 'reg.example/tp/transcription-jobs:1.2.7');
  assert.equal(image('shares'), 'reg.example/tp/transcription-shares:1.2.9');
  // A pool's image takes what it leaves out from worker.image.
  const workerImage = (pool: string) => podTemplate(workerDeployment(manifests, pool)).spec.containers[0]?.image;
  assert.equal(workerImage('cpu'), 'reg.example/tp/transcription-worker:1.2.8');
  assert.equal(workerImage('gpu'), 'reg.example/tp/transcription-worker-cuda:1.2.8');
  assert.equal(image('migrations', 'Job'), 'reg.example/tp/transcription-migrations:1.2.3');
});

type Values = Record<
  string,
  { image?: { repository?: string }; pools?: Record<string, { image?: { repository?: string } }> }
>;

test('the chart pulls every image under the name tools/dev/images.ts builds it as; the gpu pool the CUDA worker', async () => {
  const values = parse(await readFile(join(repoRoot, 'charts/transcription/values.yaml'), 'utf8')) as Values;
  // The CPU pool runs worker.image, the gpu pool its own: the worker with whisper.cpp's CUDA build.
  const pool = (build: (typeof IMAGES)[number]) => (build.whisper === 'cuda' ? 'gpu' : 'cpu');
  for (const build of IMAGES) {
    const component = build.service ?? build.target ?? '';
    const repository =
      build.whisper === 'cuda'
        ? values.worker?.pools?.[pool(build)]?.image?.repository
        : values[component]?.image?.repository;
    assert.equal(repository, build.image, component);
  }
  const manifests = await render(
    await valuesFile({
      global: { image: { registry: 'reg.example/tp', tag: '9.9.9' } },
      worker: { pools: { gpu: { enabled: true, models: { existingClaim: 'weights' } } } },
    }),
  );
  for (const build of IMAGES) {
    const image =
      build.service === 'worker'
        ? podTemplate(workerDeployment(manifests, pool(build))).spec.containers[0]?.image
        : podTemplate(find(manifests, build.target ? 'Job' : 'Deployment', build.service ?? build.target ?? '')).spec
            .containers[0]?.image;
    assert.equal(image, `reg.example/tp/${build.image}:9.9.9`, build.image);
  }
});
