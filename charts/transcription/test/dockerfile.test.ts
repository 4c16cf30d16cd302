// The one Dockerfile at the repository root and the build arguments of each image
// (tools/dev/images.ts). No Docker engine runs the tests: they read the Dockerfile the way the
// builder does (stages, ARG scopes, what is copied before what) and check the build commands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { repoRoot } from '../../../tools/dev/helm.ts';
import { ENGINE_OS_PACKAGES } from '../../../packages/engines/src/settings.ts';
import { APERTIUM_OS_PACKAGES } from '../../../packages/translation/src/os-packages.ts';
import { CAPTION_FONT_PACKAGES } from '../../../packages/captions/src/style.ts';
import { dockerBuildArgs, IMAGES, releaseCommands } from '../../../tools/dev/images.ts';
import { WHISPER_RUNTIME_PACKAGES } from '../../../tools/dev/whisper-lib.ts';
import { dockerfile, imagedServices, presentServices, stage, stages } from './support.ts';

const run = promisify(execFile);

test('one file at the repository root builds every service; no service keeps one of its own', async () => {
  const folders = (await readdir(join(repoRoot, 'services'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, 'services', entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual(presentServices(), folders, 'an image for every service in services/, and only those');
  assert.deepEqual(imagedServices(), presentServices(), 'no image without its folder');
  for (const service of folders) {
    assert.ok(!existsSync(join(repoRoot, 'services', service, 'Dockerfile')), `services/${service}/Dockerfile`);
    // The build selects the workspace package @tp/<SERVICE>.
    const manifest = JSON.parse(await readFile(join(repoRoot, 'services', service, 'package.json'), 'utf8')) as {
      name: string;
    };
    assert.equal(manifest.name, `@tp/${service}`);
  }
  const text = await dockerfile();
  assert.match(text, /^ARG SERVICE$/m, 'SERVICE has no default: every service image names its own');
  const files = stage(text, 'service-files');
  assert.match(files, /^ARG SERVICE$/m, 'the stage brings SERVICE into scope');
  assert.match(files, /if \[ -z "\$\{SERVICE\}" \]; then[\s\S]*SERVICE is not set[\s\S]*exit 1/);
  assert.match(files, /stage-prod "@tp\/\$\{SERVICE\}" \/out/);
  assert.match(stage(text, 'service-base'), /^WORKDIR \/app\/services\/\$\{SERVICE\}$/m);
});

test('the web image has the app Vite builds: a stage of its own, for SERVICE=web alone, copied beside its server', async () => {
  const text = await dockerfile();
  const app = stage(text, 'web-app');
  assert.match(app, /^FROM build AS web-app$/m, 'with the workspace installed, dev dependencies (Vite) included');
  assert.match(app, /^ARG SERVICE$/m);
  assert.match(
    app,
    /if \[ "\$\{SERVICE\}" = "web" \]; then[\s\S]*pnpm --filter @tp\/web build[\s\S]*cp -a services\/web\/dist \/out\/dist/,
  );
  assert.match(app, /^RUN mkdir -p \/out /m, 'every other service: an empty folder');
  const files = stage(text, 'service-files');
  // After stage-prod, which keeps production dependencies only: the app lands at services/web/dist.
  assert.ok(files.indexOf('stage-prod') < files.indexOf('COPY --from=web-app'));
  assert.match(files, /^COPY --from=web-app \/out\/ \/out\/services\/\$\{SERVICE\}\/$/m);
  const names = [...stages(text).keys()];
  assert.ok(names.indexOf('web-app') < names.indexOf('service-files'));
  assert.deepEqual(
    IMAGES.find((build) => build.service === 'web'),
    {
      image: 'transcription-web',
      service: 'web',
      packages: [],
    },
  );
});

test('the default target is the service image; --target migrations is the migration image, without SERVICE', async () => {
  const text = await dockerfile();
  const names = [...stages(text).keys()];
  assert.equal(names.at(-1), 'service', 'the last stage is what a build without --target makes');
  const migrations = stage(text, 'migrations');
  assert.match(migrations, /^FROM runtime-base AS migrations$/m);
  assert.match(migrations, /^COPY --from=migration-files \/out\/ \/app\/$/m);
  assert.match(migrations, /^CMD \["node", "packages\/db\/src\/cli\.ts", "deploy", "--all"\]$/m);
  // The chart's service key Job runs tools/service-keys from this image too (identity.test.ts), and
  // its `helm test` Pod tsctl and the smoke test (smoke-test.test.ts).
  assert.match(
    stage(text, 'migration-files'),
    /stage-prod "@tp\/db" "@tp\/service-keys" "@tp\/tsctl" "@tp\/smoke" \/out/,
  );
  // BuildKit builds only the stages a target needs: none of those of the migration image reads SERVICE.
  for (const name of ['base', 'build', 'migration-files', 'runtime-base', 'migrations'])
    assert.doesNotMatch(stage(text, name), /SERVICE/, name);
  const build = IMAGES.find((image) => image.target === 'migrations');
  assert.deepEqual(build && dockerBuildArgs(build, 'r/transcription-migrations:1'), [
    'build',
    '--target',
    'migrations',
    '-t',
    'r/transcription-migrations:1',
    '.',
  ]);
});

test('install the OS packages each service runs: ffprobe for media, ffmpeg, the CPU engine and apertium for the worker and ai-proxy, the caption fonts for the worker, nothing for the others', async () => {
  const services = imagedServices();
  for (const service of ['accounts', 'gateway', 'media', 'shares', 'worker'])
    assert.ok(services.includes(service), service);
  // The only services with OS packages, named here; every other one (billing, jobs, shares, …) installs
  // nothing beyond the base image. The worker decodes with ffmpeg and runs PocketSphinx with its
  // US English model and whisper.cpp, which needs OpenMP's runtime (whisper's weights are mounted,
  // never in the image); both worker images install the same. ai-proxy runs the
  // same engine for fast transcription (ADR 0021). Both translate offline with apertium and its
  // English pairs (@tp/translation; ADR 0022).
  const packages: Record<string, string[]> = {
    media: ['ffmpeg'],
    worker: [
      'ffmpeg',
      'pocketsphinx',
      'pocketsphinx-en-us',
      ...APERTIUM_OS_PACKAGES,
      ...CAPTION_FONT_PACKAGES,
      ...WHISPER_RUNTIME_PACKAGES,
    ],
    'ai-proxy': ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', ...APERTIUM_OS_PACKAGES],
  };
  for (const build of IMAGES) assert.deepEqual(build.packages, packages[build.service ?? ''] ?? [], build.image);
  const text = await dockerfile();
  assert.match(text, /^ARG SERVICE_PACKAGES=$/m, 'none unless the build names them');
  const service = stage(text, 'service-base');
  assert.match(service, /^ARG SERVICE_PACKAGES$/m);
  assert.match(service, /apt-get install -y --no-install-recommends \$\{SERVICE_PACKAGES\}/);
});

/** The dependencies in services/<service>/package.json. */
async function serviceDependencies(service: string): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(join(repoRoot, 'services', service, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return manifest.dependencies ?? {};
}

test('a service that runs @tp/engines installs the decoder and engines they run', async () => {
  let users = 0;
  for (const build of IMAGES.filter((b) => b.service)) {
    if (!(await serviceDependencies(build.service!))['@tp/engines']) continue;
    users += 1;
    for (const needed of ENGINE_OS_PACKAGES) assert.ok(build.packages.includes(needed), `${build.image}: ${needed}`);
  }
  assert.ok(users >= 1, 'the worker at least');
});

test('a service that translates with @tp/translation installs apertium and its language pairs', async () => {
  for (const build of IMAGES.filter((b) => b.service)) {
    if (!(await serviceDependencies(build.service!))['@tp/translation'] && build.service !== 'worker') continue;
    for (const needed of APERTIUM_OS_PACKAGES) assert.ok(build.packages.includes(needed), `${build.image}: ${needed}`);
  }
});

test('several OS packages are one build argument, one shell word in the printed commands', async () => {
  const worker = IMAGES.find((build) => build.service === 'worker');
  assert.ok(worker);
  const args = dockerBuildArgs(worker, 'r/transcription-worker:1');
  assert.deepEqual(
    args.filter((arg) => arg.startsWith('SERVICE_PACKAGES=')),
    [
      `SERVICE_PACKAGES=ffmpeg pocketsphinx pocketsphinx-en-us ${[...APERTIUM_OS_PACKAGES, ...CAPTION_FONT_PACKAGES, ...WHISPER_RUNTIME_PACKAGES].join(' ')}`,
    ],
  );
  // What a shell makes of each printed build command is exactly the arguments of its image.
  const builds = releaseCommands('reg.example/tp', '1.2.3').filter((line) => line.startsWith('docker build'));
  assert.equal(builds.length, IMAGES.length);
  for (const [index, line] of builds.entries()) {
    const { stdout } = await run('bash', ['-c', `printf '%s\\0' ${line.slice('docker '.length)}`]);
    const build = IMAGES[index]!;
    assert.deepEqual(
      stdout.split('\0').slice(0, -1),
      dockerBuildArgs(build, `reg.example/tp/${build.image}:1.2.3`),
      build.image,
    );
  }
});

test('build the way the platform runs: Node 24 slim, pinned pnpm, codegen, non-root numeric user', async () => {
  const text = await dockerfile();
  const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string };
  assert.match(text, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
  assert.ok(text.includes(manifest.packageManager), `installs ${manifest.packageManager}`);
  assert.match(text, /pnpm install --frozen-lockfile/);
  assert.match(text, /buf generate proto --template proto\/buf\.gen\.yaml/);
  assert.match(text, /node packages\/db\/src\/cli\.ts generate --all/);
  assert.match(text, /^ENV NODE_ENV=production$/m);
  const users = [...text.matchAll(/^USER (.*)$/gm)].map((match) => match[1]);
  assert.ok(
    users.length >= 2 && users.every((user) => /^[1-9]\d*:[1-9]\d*$/.test(user ?? '')),
    `numeric users: ${users.join(', ')}`,
  );
  assert.match(text, /^CMD \["node", "src\/main\.ts"\]$/m);
  // The chart's pods run as the user the image was built for.
  const values = parse(await readFile(join(repoRoot, 'charts/transcription/values.yaml'), 'utf8')) as {
    podSecurityContext: { runAsUser: number; runAsGroup: number };
  };
  assert.ok(users.includes(`${values.podSecurityContext.runAsUser}:${values.podSecurityContext.runAsGroup}`));
});

test('copy everything pnpm fetch needs before running it', async () => {
  const text = await dockerfile();
  const beforeFetch = text.slice(0, text.indexOf('RUN pnpm fetch'));
  assert.ok(beforeFetch.length > 0 && beforeFetch.length < text.length);
  const workspace = parse(await readFile(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as {
    patchedDependencies?: Record<string, string>;
  };
  const needed = [
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...Object.values(workspace.patchedDependencies ?? {}).map((path) => `${path.split('/')[0]}/`),
  ];
  const copied = [...beforeFetch.matchAll(/^COPY (.*)$/gm)].flatMap((match) => (match[1] ?? '').split(/\s+/));
  for (const path of needed) assert.ok(copied.includes(path), `COPY ${path} before pnpm fetch`);
});

test('.dockerignore keeps local installs and generated code out of the build context', async () => {
  const ignored = (await readFile(join(repoRoot, '.dockerignore'), 'utf8')).split('\n').map((line) => line.trim());
  for (const pattern of ['**/node_modules', '**/src/generated', '.git', '.tools'])
    assert.ok(ignored.includes(pattern), pattern);
  for (const needed of ['patches', 'proto', 'packages', 'services', 'pnpm-lock.yaml'])
    assert.ok(!ignored.includes(needed), needed);
});
