// Scratch space for tests that run native tools: a temporary folder, and stand-in executables
// (a crashing engine, a stuck ffmpeg) written as shell scripts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

export async function tempDir(prefix = 'tp-test-'): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Writes an executable shell script (a stand-in engine or ffmpeg); returns its path. */
export async function writeScript(dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return path;
}
