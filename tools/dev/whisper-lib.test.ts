// The whisper.cpp builds of whisper-lib.ts, without building: each variant's cmake options, which
// files make the library folder, the CUDA runtime found by ldd, the command line, and the cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  buildArgs,
  CUDA_ARCHITECTURES,
  cmakeOptions,
  cudaRuntimeFiles,
  ensureWhisperBuild,
  ensureWhisperLibrary,
  isBuilt,
  libraryFiles,
  nativeCache,
  parseCommandLine,
  unresolved,
  variantDir,
  WHISPER_SOURCES,
  whisperLibraryDir,
  whisperStamp,
} from './whisper-lib.ts';

/** The -D options as a map: name → value. */
function defines(variant: Parameters<typeof cmakeOptions>[0]): Map<string, string> {
  return new Map(
    cmakeOptions(variant).map((option) => {
      const [name = '', value = ''] = option.replace(/^-D/, '').split('=');
      return [name, value];
    }),
  );
}

test('every variant: shared libraries that find each other beside themselves, OpenMP, no examples', () => {
  for (const variant of ['native', 'portable', 'cuda'] as const) {
    const options = defines(variant);
    assert.equal(options.get('BUILD_SHARED_LIBS'), 'ON', variant);
    assert.equal(options.get('CMAKE_BUILD_TYPE'), 'Release', variant);
    assert.equal(options.get('CMAKE_INSTALL_RPATH'), '$ORIGIN', variant);
    assert.equal(options.get('CMAKE_BUILD_WITH_INSTALL_RPATH'), 'ON', variant);
    assert.equal(options.get('GGML_OPENMP'), 'ON', variant);
    for (const part of ['EXAMPLES', 'TESTS', 'SERVER']) assert.equal(options.get(`WHISPER_BUILD_${part}`), 'OFF');
  }
});

test("native: this machine's CPU, ggml's backends linked in; only the whisper target is built", () => {
  const options = defines('native');
  assert.equal(options.get('GGML_NATIVE'), 'ON');
  assert.equal(options.has('GGML_BACKEND_DL'), false);
  assert.equal(options.has('GGML_CUDA'), false);
  assert.deepEqual(buildArgs('native', '/b', 2), ['--build', '/b', '--target', 'whisper', '-j', '2']);
});

test('portable: no native code, every CPU variant as a module chosen at run time; the modules are built too', () => {
  const options = defines('portable');
  assert.equal(options.get('GGML_NATIVE'), 'OFF');
  assert.equal(options.get('GGML_BACKEND_DL'), 'ON');
  assert.equal(options.get('GGML_CPU_ALL_VARIANTS'), 'ON');
  assert.equal(options.has('GGML_CUDA'), false);
  // Nothing links a backend module: a build of the whisper target alone would leave them out.
  assert.deepEqual(buildArgs('portable', '/b', 2), ['--build', '/b', '-j', '2']);
});

test('cuda: the portable build plus the CUDA backend for Turing, Ampere, Ada and Hopper, without NCCL', () => {
  const options = defines('cuda');
  for (const [name, value] of defines('portable')) assert.equal(options.get(name), value, name);
  assert.equal(options.get('GGML_CUDA'), 'ON');
  assert.equal(options.get('GGML_CUDA_NCCL'), 'OFF');
  assert.equal(options.get('CMAKE_CUDA_ARCHITECTURES'), CUDA_ARCHITECTURES);
  const architectures = CUDA_ARCHITECTURES.split(';').map((entry) => entry.replace(/-(real|virtual)$/, ''));
  assert.deepEqual(architectures, ['75', '80', '86', '89', '90']);
  // The newest as PTX too (no -real suffix), which later GPUs compile at load.
  assert.ok(CUDA_ARCHITECTURES.split(';').includes('90'));
  assert.deepEqual(buildArgs('cuda', '/b', 2), ['--build', '/b', '-j', '2']);
});

test('the library folder takes libwhisper and every libggml, CPU variants with digits included, and nothing else', () => {
  const bin = [
    'libwhisper.so',
    'libwhisper.so.1',
    'libwhisper.so.1.9.1',
    'libggml.so',
    'libggml.so.0',
    'libggml-base.so.0.15.1',
    'libggml-cpu-x64.so',
    'libggml-cpu-sse42.so',
    'libggml-cpu-sapphirerapids.so',
    'libggml-cuda.so',
    'libparakeet.so',
    'libparakeet.so.1',
    'whisper-cli',
    'libggml-cpu-x64.so.tmp',
  ];
  assert.deepEqual(libraryFiles(bin), [
    'libggml-base.so.0.15.1',
    'libggml-cpu-sapphirerapids.so',
    'libggml-cpu-sse42.so',
    'libggml-cpu-x64.so',
    'libggml-cuda.so',
    'libggml.so',
    'libggml.so.0',
    'libwhisper.so',
    'libwhisper.so.1',
    'libwhisper.so.1.9.1',
  ]);
});

const LDD_CUDA = `	linux-vdso.so.1 (0x00007ffc5b9e7000)
	libggml-base.so.0 => /tmp/b/bin/libggml-base.so.0 (0x00007f0d1c000000)
	libcudart.so.12 => /usr/local/cuda/lib64/libcudart.so.12 (0x00007f0d1bc00000)
	libcublas.so.12 => /usr/local/cuda/lib64/libcublas.so.12 (0x00007f0d15000000)
	libcuda.so.1 => not found
	libcublasLt.so.12 => /usr/local/cuda/lib64/libcublasLt.so.12 (0x00007f0cf0000000)
	libstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f0cefc00000)
	libgomp.so.1 => /lib/x86_64-linux-gnu/libgomp.so.1 (0x00007f0cefb00000)
`;

test('the CUDA runtime and cuBLAS are copied from where ldd finds them; the driver is left to the node', () => {
  assert.deepEqual(cudaRuntimeFiles(LDD_CUDA), [
    { name: 'libcudart.so.12', path: '/usr/local/cuda/lib64/libcudart.so.12' },
    { name: 'libcublas.so.12', path: '/usr/local/cuda/lib64/libcublas.so.12' },
    { name: 'libcublasLt.so.12', path: '/usr/local/cuda/lib64/libcublasLt.so.12' },
  ]);
  assert.throws(
    () => cudaRuntimeFiles(LDD_CUDA.replace(/.*libcublasLt.*\n/, '')),
    /ldd did not resolve libcublasLt\.so/,
  );
  // libcuda.so.1 is the driver's, which the NVIDIA container runtime mounts: not missing.
  assert.deepEqual(unresolved(LDD_CUDA), []);
  assert.deepEqual(unresolved(`${LDD_CUDA}\tlibgomp.so.1 => not found\n`), ['libgomp.so.1']);
});

test("the command line: native into .tools/whisper/lib by default, another variant into a folder of its own or --out's", () => {
  assert.deepEqual(parseCommandLine([], '/repo'), { variant: 'native', out: '/repo/.tools/whisper/lib' });
  assert.equal(whisperLibraryDir('/repo'), '/repo/.tools/whisper/lib');
  assert.deepEqual(parseCommandLine(['--variant', 'portable'], '/repo'), {
    variant: 'portable',
    out: variantDir('portable', '/repo'),
  });
  assert.notEqual(variantDir('portable', '/repo'), variantDir('native', '/repo'));
  assert.deepEqual(parseCommandLine(['--variant', 'cuda', '--out', 'lib'], '/repo'), {
    variant: 'cuda',
    out: resolve('lib'),
  });
  assert.throws(() => parseCommandLine(['--variant', 'rocm']), /--variant rocm: one of native, portable, cuda/);
  assert.throws(() => parseCommandLine(['--varient', 'cuda']), /Unknown option/);
});

test('a folder built from the same sources and variant is kept; the native stamp is the one before variants', async () => {
  assert.equal(whisperStamp('native'), `${WHISPER_SOURCES.whisperCpp} ${WHISPER_SOURCES.integrity}`);
  assert.equal(whisperStamp('cuda'), `${WHISPER_SOURCES.whisperCpp} ${WHISPER_SOURCES.integrity} cuda`);
  const dir = mkdtempSync(join(tmpdir(), 'whisper-lib-test-'));
  try {
    const out = join(dir, 'lib');
    mkdirSync(out);
    writeFileSync(join(out, 'libwhisper.so'), '');
    writeFileSync(join(out, 'version.txt'), `${whisperStamp('portable')}\n`);
    const lines: string[] = [];
    // No fetch, no build: it answers at once.
    assert.equal(
      await ensureWhisperBuild({ variant: 'portable', out, log: (line) => lines.push(line) }),
      join(out, 'libwhisper.so'),
    );
    assert.deepEqual(lines, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A library folder as a build leaves it: libwhisper.so a link to its versioned file, and version.txt. */
function fakeLibrary(dir: string, stamp = whisperStamp('native')): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'libwhisper.so.1'), 'built');
  symlinkSync('libwhisper.so.1', join(dir, 'libwhisper.so'));
  writeFileSync(join(dir, 'version.txt'), `${stamp}\n`);
}

test("the machine's cache of the native build is named for its sources, CPU and compiler, and can be turned off", () => {
  const env = { XDG_CACHE_HOME: '/cache' };
  const here = nativeCache(env, 'x64\nsome CPU\nfpu avx2\ng++ 12');
  assert.match(here ?? '', /^\/cache\/transcription-platform\/whisper\/[0-9a-f]{16}$/);
  assert.equal(nativeCache(env, 'x64\nsome CPU\nfpu avx2\ng++ 12'), here, 'the same machine, the same folder');
  assert.notEqual(nativeCache(env, 'x64\nsome CPU\nfpu avx2 avx512f\ng++ 12'), here, 'another instruction set');
  assert.notEqual(nativeCache(env, 'x64\nsome CPU\nfpu avx2\ng++ 14'), here, 'another compiler');
  assert.equal(nativeCache({ ...env, WHISPER_CACHE: 'off' }, 'x64'), undefined);
});

test("a fresh clone takes the machine's cached build without building; a built clone fills an empty cache", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'whisper-lib-test-'));
  try {
    const cache = join(dir, 'cache', 'key');
    fakeLibrary(cache);
    const lines: string[] = [];
    const library = await ensureWhisperLibrary((line) => lines.push(line), join(dir, 'clone'), cache);
    assert.equal(library, join(whisperLibraryDir(join(dir, 'clone')), 'libwhisper.so'));
    assert.equal(readlinkSync(library), 'libwhisper.so.1', 'links stay links');
    assert.equal(readFileSync(library, 'utf8'), 'built');
    assert.match(lines.join('\n'), /the native library this machine built before/);
    assert.ok(!lines.some((line) => /fetching|building/.test(line)), lines.join('\n'));

    const empty = join(dir, 'cache', 'other');
    fakeLibrary(whisperLibraryDir(join(dir, 'built')));
    await ensureWhisperLibrary(() => {}, join(dir, 'built'), empty);
    assert.ok(isBuilt(empty, 'native'), 'the clone left its build in the cache');

    const stale = join(dir, 'cache', 'stale');
    fakeLibrary(stale, whisperStamp('portable'));
    fakeLibrary(whisperLibraryDir(join(dir, 'third')));
    await ensureWhisperLibrary(() => {}, join(dir, 'third'), stale);
    assert.ok(isBuilt(stale, 'native'), 'a cache from other sources is replaced');
    assert.ok(!existsSync(`${stale}.partial-${process.pid}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
