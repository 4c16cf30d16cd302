// OS packages, installed through apt only when something is missing (these machines reach
// Debian's repositories and nothing else). `apt-get update` runs only before an install.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface OsNeed {
  /** Satisfied when every one of these commands is found (PATH or PostgreSQL's bin folder). */
  commands: string[];
  /** And every one of these files exists (data packages, e.g. a speech model). */
  files?: string[];
  packages: string[];
}

/** Debian's pocketsphinx-testdata: read speech with transcripts (a file that proves it is installed). */
export const RECORDED_SPEECH_FILEIDS = '/usr/share/pocketsphinx/test/data/librivox/fileids';

/** What the platform itself needs, whatever the services: PostgreSQL, NATS, ffmpeg. */
export const PLATFORM_NEEDS: OsNeed[] = [
  { commands: ['psql', 'pg_isready', 'initdb', 'postgres'], packages: ['postgresql'] },
  { commands: ['nats-server'], packages: ['nats-server'] },
  { commands: ['ffmpeg', 'ffprobe'], packages: ['ffmpeg'] },
];

/** What the README's walkthroughs use beyond a bare Debian and curl: jq to read the answers. */
export const WALKTHROUGH_NEEDS: OsNeed[] = [{ commands: ['jq'], packages: ['jq'] }];

/** Debian's English data for tesseract (a file that proves tesseract-ocr-eng is installed). */
export const TESSERACT_ENGLISH = '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata';
/** Debian's fonts-dejavu-core, the fonts captions are burnt in (`CAPTION_FONTS` of @tp/captions). */
export const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * What only the tests and benchmarks need: a speech synthesizer for known sentences, real recorded
 * speech (LibriVox utterances, for the speech guard), a real browser for the share page, and OCR to
 * read burnt-in captions off video frames (in the fonts they are burnt in).
 */
export const TEST_NEEDS: OsNeed[] = [
  { commands: ['flite'], packages: ['flite'] },
  { commands: [], files: [RECORDED_SPEECH_FILEIDS], packages: ['pocketsphinx-testdata'] },
  { commands: ['chromium'], packages: ['chromium'] },
  { commands: ['tesseract'], files: [TESSERACT_ENGLISH], packages: ['tesseract-ocr', 'tesseract-ocr-eng'] },
  { commands: [], files: [DEJAVU_SANS], packages: ['fonts-dejavu-core'] },
];

/** Debian keeps the server programs in /usr/lib/postgresql/<major>/bin, off the PATH. */
export function postgresBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((major) => /^\d+$/.test(major))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(root, major, 'bin'));
}

export function findCommand(command: string, extraDirs: string[] = postgresBinDirs()): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...extraDirs];
  for (const dir of dirs) {
    const candidate = join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function missingPackages(needs: OsNeed[]): string[] {
  const missing = new Set<string>();
  for (const need of needs) {
    const absent =
      need.commands.some((command) => !findCommand(command)) || (need.files ?? []).some((file) => !existsSync(file));
    if (absent) for (const pkg of need.packages) missing.add(pkg);
  }
  return [...missing];
}

function aptGet(args: string[], log: (line: string) => void): void {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !findCommand('sudo', [])) {
    throw new Error(`apt-get needs root; run as root or install these packages yourself: apt-get ${args.join(' ')}`);
  }
  const command = asRoot ? 'apt-get' : 'sudo';
  const fullArgs = [...(asRoot ? [] : ['-n', 'apt-get']), '-o', 'DPkg::Lock::Timeout=600', ...args];
  log(`$ ${asRoot ? '' : 'sudo '}apt-get ${args.join(' ')}`);
  const result = spawnSync(command, fullArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Debian's postgresql package creates and starts a "main" cluster on 5432 with password auth,
 * which would take the port our own trust-auth cluster needs. Ask it not to, before installing.
 */
function skipDebianMainCluster(): void {
  const dir = '/etc/postgresql-common/createcluster.d';
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'transcription-no-main-cluster.conf'), 'create_main_cluster = false\n');
}

/** Installs the packages behind any unmet need; returns what it installed. */
export function ensureOsPackages(needs: OsNeed[], log: (line: string) => void): string[] {
  const missing = missingPackages(needs);
  if (!missing.length) return [];
  log(`installing OS packages: ${missing.join(' ')}`);
  if (missing.includes('postgresql') && !existsSync('/etc/postgresql-common') && process.getuid?.() === 0)
    skipDebianMainCluster();
  aptGet(['update', '-qq'], log);
  aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing], log);
  const stillMissing = missingPackages(needs);
  if (stillMissing.length) throw new Error(`still missing after apt-get install: ${stillMissing.join(' ')}`);
  return missing;
}
