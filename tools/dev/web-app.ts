// The web app's build (services/web: vite build into services/web/dist), redone only when its
// sources changed: a hash of the app's files, the package they import and the lockfile is written
// into the dist folder, and a build whose hash matches is kept.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './layout.ts';
import { pinnedPath } from './workspace.ts';

const webDir = join(repoRoot, 'services/web');
export const WEB_DIST_DIR = join(webDir, 'dist');
export const BUILD_HASH_FILE = '.build-hash';

/** What the built app depends on: its sources, the workspace packages it bundles (the SDK with its document), the lockfile. */
const SOURCES = [
  'services/web/app',
  'services/web/package.json',
  'packages/scopes/src',
  'packages/sdk/src',
  'packages/sdk/openapi.json',
  'pnpm-lock.yaml',
];

/** The file itself, or every file under the folder (node_modules left out). */
function filesAt(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export function webSourceHash(root = repoRoot): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((source) => filesAt(join(root, source))).sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Builds the app unless `outDir` already holds a build of these sources; says whether it built. */
export function buildWebApp(log: (line: string) => void, outDir = WEB_DIST_DIR): boolean {
  const hash = webSourceHash();
  const stamp = join(outDir, BUILD_HASH_FILE);
  if (existsSync(join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    return false;
  }
  log('building the web app (vite build, services/web/dist)');
  const vite = join(webDir, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'app/vite.config.ts', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, PATH: pinnedPath(), WEB_BUILD_OUT_DIR: outDir },
  });
  if (result.status !== 0) {
    throw new Error(`vite build of services/web failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
  writeFileSync(stamp, `${hash}\n`);
  return true;
}

// `node tools/dev/web-app.ts` (make bench, before the web-app bench): the build, when its sources changed.
if (import.meta.main) buildWebApp((line) => console.log(`web-app: ${line}`));
