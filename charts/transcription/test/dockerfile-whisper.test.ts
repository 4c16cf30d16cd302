// whisper.cpp in the worker image (ADR 0029): the Dockerfile's build stages of the library
// (tools/dev/whisper-lib.ts, portable or cuda), the one stage of the service image that copies it,
// chosen by WHISPER_BUILD, which only the worker takes. Read statically, as dockerfile.test.ts does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { dockerBuildArgs, IMAGES } from '../../../tools/dev/images.ts';
import { WHISPER_BUILD_NEEDS, whisperLibraryDir } from '../../../tools/dev/whisper-lib.ts';
import { dockerfile, stage, stages } from './support.ts';

const run = promisify(execFile);

/** The files tools/dev/whisper-lib.ts needs: itself and what it imports from its folder, transitively. */
async function scriptFiles(file = 'tools/dev/whisper-lib.ts', seen = new Set<string>()): Promise<Set<string>> {
  seen.add(file);
  const text = await readFile(join(repoRoot, file), 'utf8');
  for (const match of text.matchAll(/^import .* from '\.\/([^']+)';$/gm)) {
    const imported = `tools/dev/${match[1]}`;
    if (!seen.has(imported)) await scriptFiles(imported, seen);
  }
  return seen;
}

test('whisper.cpp is built by tools/dev/whisper-lib.ts in a stage of its own, from the files it needs only', async () => {
  const text = await dockerfile();
  const needed = [...(await scriptFiles())].sort();
  for (const [name, variant] of [
    ['whisper-portable', 'portable'],
    ['whisper-cuda', 'cuda'],
  ] as const) {
    const body = stage(text, name);
    // Into tools/dev/ under the stage's WORKDIR, as in the repository.
    assert.match(body, /^WORKDIR \/repo$/m);
    const copies = [...body.matchAll(/^COPY (?!--from)(.*) tools\/dev\/$/gm)];
    const copied = copies.flatMap((match) => (match[1] ?? '').split(/\s+/));
    assert.deepEqual(
      copied.sort(),
      needed,
      `${name} copies the script and its imports, nothing that would void its cache`,
    );
    assert.match(body, new RegExp(`^RUN node tools/dev/whisper-lib\\.ts --variant ${variant} --out /out$`, 'm'));
    const installed = /apt-get install -y --no-install-recommends (.*) \\$/m.exec(body)?.[1]?.split(/\s+/) ?? [];
    for (const pkg of WHISPER_BUILD_NEEDS.flatMap((need) => need.packages))
      assert.ok(installed.includes(pkg), `${name}: ${pkg}`);
  }
  assert.match(
    stage(text, 'whisper-portable'),
    /^FROM \$\{NODE_IMAGE\} AS whisper-portable$/m,
    "the runtime's own Debian",
  );
  // CUDA's devel image, on a glibc no newer than the runtime's (Ubuntu 22.04: 2.35; bookworm: 2.36), and Node.
  assert.match(text, /^ARG CUDA_DEVEL_IMAGE=nvidia\/cuda:12\.\d+\.\d+-devel-ubuntu22\.04$/m);
  const cuda = stage(text, 'whisper-cuda');
  assert.match(cuda, /^FROM \$\{CUDA_DEVEL_IMAGE\} AS whisper-cuda$/m);
  assert.match(cuda, /^COPY --from=node-binary \/usr\/local\/bin\/node \/usr\/local\/bin\/node$/m);
  assert.match(stage(text, 'node-binary'), /^FROM \$\{NODE_IMAGE\} AS node-binary$/m);
});

test('the service image copies the library folder where the engine looks by default, only with a whisper build', async () => {
  const text = await dockerfile();
  assert.match(text, /^ARG WHISPER_BUILD=none$/m, 'no whisper.cpp unless the build asks');
  const names = [...stages(text).keys()];
  assert.equal(names.at(-1), 'service');
  assert.match(stage(text, 'service'), /^FROM service-whisper-\$\{WHISPER_BUILD\} AS service$/m);
  // <repository root>/.tools/whisper/lib in the image's workspace layout at /app.
  const folder = `${whisperLibraryDir('/app')}/`;
  assert.equal(folder, '/app/.tools/whisper/lib/');
  for (const build of ['none', 'portable', 'cuda']) {
    const body = stage(text, `service-whisper-${build}`);
    assert.match(body, new RegExp(`^FROM service-base AS service-whisper-${build}$`, 'm'));
    const copies = [...body.matchAll(/^COPY .*$/gm)].map((match) => match[0]);
    assert.deepEqual(copies, build === 'none' ? [] : [`COPY --from=whisper-${build} /out/ ${folder}`], build);
  }
  // Nothing else reaches the whisper stages: the migration image and a service without it never build them.
  const users = [...text.matchAll(/^COPY --from=(whisper-\S+)/gm)].map((match) => match[1]);
  assert.deepEqual(users.sort(), ['whisper-cuda', 'whisper-portable']);
  for (const name of ['base', 'build', 'migration-files', 'runtime-base', 'migrations', 'service-files'])
    assert.doesNotMatch(stage(text, name).replace(/^#.*$/gm, ''), /whisper/i, name);
});

/** The guard of service-base, run with the build arguments as the builder gives them (environment). */
async function guard(service: string, whisper: string): Promise<{ ok: boolean; stderr: string }> {
  const body = stage(await dockerfile(), 'service-base');
  const command = /^RUN (case [\s\S]*?esac)$/m.exec(body.replaceAll('\\\n', '\n'))?.[1];
  assert.ok(command, 'service-base checks SERVICE against WHISPER_BUILD');
  try {
    await run('sh', ['-c', command], { env: { PATH: process.env.PATH, SERVICE: service, WHISPER_BUILD: whisper } });
    return { ok: true, stderr: '' };
  } catch (error) {
    return { ok: false, stderr: (error as { stderr?: string }).stderr ?? '' };
  }
}

test('only the worker takes a whisper build, and the worker needs one', async () => {
  for (const [service, whisper] of [
    ['worker', 'portable'],
    ['worker', 'cuda'],
    ['gateway', 'none'],
    ['media', 'none'],
  ])
    assert.deepEqual(await guard(service, whisper), { ok: true, stderr: '' }, `${service} ${whisper}`);
  const worker = await guard('worker', 'none');
  assert.equal(worker.ok, false);
  assert.match(worker.stderr, /the worker ships whisper\.cpp: --build-arg WHISPER_BUILD=portable \(CPU\) or cuda/);
  for (const [service, whisper] of [
    ['gateway', 'portable'],
    ['media', 'cuda'],
    ['worker', 'rocm'],
  ]) {
    const refused = await guard(service, whisper);
    assert.equal(refused.ok, false, `${service} ${whisper}`);
    assert.match(refused.stderr, new RegExp(`WHISPER_BUILD=${whisper}: only the worker image takes one`));
  }
});

test('the worker images name their whisper build: portable for transcription-worker, cuda for -cuda; no other image has one', async () => {
  const text = await dockerfile();
  for (const build of IMAGES) {
    const args = dockerBuildArgs(build, `r/${build.image}:1`);
    const whisper = args.filter((arg) => arg.startsWith('WHISPER_BUILD='));
    if (build.service !== 'worker') {
      assert.deepEqual(whisper, [], build.image);
      continue;
    }
    assert.deepEqual(whisper, [`WHISPER_BUILD=${build.whisper}`], build.image);
    assert.ok(stages(text).has(`service-whisper-${build.whisper}`), build.image);
  }
  const workers = Object.fromEntries(
    IMAGES.filter((build) => build.service === 'worker').map((build) => [build.image, build.whisper]),
  );
  assert.deepEqual(workers, { 'transcription-worker': 'portable', 'transcription-worker-cuda': 'cuda' });
  const [cpu, gpu] = IMAGES.filter((build) => build.service === 'worker');
  assert.deepEqual(cpu?.packages, gpu?.packages, 'the same OS packages in both');
});
