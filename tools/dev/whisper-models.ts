// Fetches whisper.cpp's official ggml weights (ggml-<model>.bin, the files a whisper worker pool's
// volume holds: docs/runbooks/deploy.md) on a machine that can reach Hugging Face, and checks each
// against the SHA-1 whisper.cpp publishes. A file lands whole or not at all: it is written to a
// temporary name in the same folder, hashed as it streams, and renamed once its checksum matches. A
// file already there with the right checksum is kept. Node's built-ins only, so any Node 24 runs it.
//
//   node tools/dev/whisper-models.ts [--base-url URL] DIR MODEL...   e.g. /mnt/weights small.en base.en
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';

/** Where whisper.cpp's own download script (models/download-ggml-model.sh) fetches them. */
export const WHISPER_MODELS_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/**
 * SHA-1 of each file, as whisper.cpp 1.9.1's models/README.md lists them (the sources
 * tools/dev/whisper-lib.ts builds: npm nodejs-whisper@0.3.1, cpp/whisper.cpp/models/README.md).
 * The .en models are the catalog's (packages/catalog PROFILES); the others are multilingual.
 */
export const WHISPER_MODEL_SHA1: Readonly<Record<string, string>> = {
  'tiny.en': 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  'base.en': '137c40403d78fd54d454da0f9bd998f78703390c',
  'small.en': 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022',
  'medium.en': '8c30f0e44ce9560643ebd10bbe50cd20eafd3723',
  tiny: 'bd577a113a864445d4c299885e0cb97d4ba92b5f',
  base: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  small: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
  medium: 'fd9727b6e1217c2f614f9b698455c4ffd82463b4',
  'large-v3': 'ad82bf6a9043ceed055076d0fd39f5f186ff8062',
};

export const modelFile = (model: string) => `ggml-${model}.bin`;

export interface FetchModels {
  dir: string;
  models: string[];
  /** Default WHISPER_MODELS_URL; a test serves files from a loopback server. */
  baseUrl?: string;
  /** Default WHISPER_MODEL_SHA1. */
  checksums?: Readonly<Record<string, string>>;
  log: (line: string) => void;
}

async function sha1Of(path: string): Promise<string | undefined> {
  try {
    if (!(await stat(path)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const hash = createHash('sha1');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Downloads one file to a temporary name beside its place, then renames it there if its SHA-1 matches. */
async function fetchOne(url: string, target: string, sha1: string): Promise<number> {
  const partial = `${target}.${process.pid}.partial`;
  try {
    const response = await fetch(url, { redirect: 'follow' });
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
    const hash = createHash('sha1');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as ReadableStream), tap, createWriteStream(partial));
    const digest = hash.digest('hex');
    if (digest !== sha1) throw new Error(`${url}: SHA-1 ${digest} is not the published ${sha1}; nothing written`);
    await rename(partial, target);
    return bytes;
  } finally {
    await rm(partial, { force: true });
  }
}

/** Fetches each model into dir unless it is there with the right checksum; returns the files' paths. */
export async function fetchWhisperModels(options: FetchModels): Promise<string[]> {
  const { dir, models, baseUrl = WHISPER_MODELS_URL, checksums = WHISPER_MODEL_SHA1, log } = options;
  // Every name checked before anything is fetched.
  const unknown = models.filter((model) => !Object.hasOwn(checksums, model));
  if (unknown.length)
    throw new Error(`unknown model ${unknown.join(', ')}: one of ${Object.keys(checksums).join(', ')}`);
  await mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const model of new Set(models)) {
    const sha1 = checksums[model] ?? '';
    const target = join(dir, modelFile(model));
    if ((await sha1Of(target)) === sha1) {
      log(`${target}: already there, SHA-1 ${sha1}`);
    } else {
      const url = `${baseUrl.replace(/\/$/, '')}/${modelFile(model)}`;
      log(`${model}: fetching ${url}`);
      const bytes = await fetchOne(url, target, sha1);
      log(`${target}: ${(bytes / 2 ** 20).toFixed(1)} MiB, SHA-1 ${sha1}`);
    }
    paths.push(target);
  }
  return paths;
}

const USAGE = `usage: node tools/dev/whisper-models.ts [--base-url URL] DIR MODEL...
  models: ${Object.keys(WHISPER_MODEL_SHA1).join(', ')}`;

/** The command line: the folder, the models, and --base-url. */
export function parseCommandLine(args: string[]): { dir: string; models: string[]; baseUrl?: string } {
  const { values, positionals } = parseArgs({
    args,
    options: { 'base-url': { type: 'string' } },
    allowPositionals: true,
  });
  const [dir, ...models] = positionals;
  if (!dir || models.length === 0) throw new Error('a folder and at least one model');
  return { dir, models, baseUrl: values['base-url'] };
}

if (import.meta.main) {
  let request: ReturnType<typeof parseCommandLine>;
  try {
    request = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`whisper-models: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    await fetchWhisperModels({ ...request, log: (line) => console.error(line) });
  } catch (error) {
    console.error(`whisper-models: ${(error as Error).message}`);
    process.exit(1);
  }
}
