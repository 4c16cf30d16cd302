// The images of a release, every one built from the Dockerfile at the repository root: one per
// service (--build-arg SERVICE, the folder in services/; --build-arg SERVICE_PACKAGES, the Debian
// packages it runs), the worker's CUDA variant (--build-arg WHISPER_BUILD) and the migration image
// (--target migrations). The chart's tests check this table against the chart, the Dockerfile and
// services/.
//
//   node tools/dev/images.ts REGISTRY TAG   prints the docker build and push commands of a release
import { repoRoot } from './layout.ts';
import { WHISPER_RUNTIME_PACKAGES, type WhisperVariant } from './whisper-lib.ts';

export interface ImageBuild {
  /** The repository name in the registry; the chart's `<component>.image.repository`. */
  image: string;
  /** The Dockerfile stage; the default (last) stage is the service image. */
  target?: 'migrations';
  /** --build-arg SERVICE: the folder services/<service>, whose package is @tp/<service>. */
  service?: string;
  /** --build-arg SERVICE_PACKAGES: Debian packages the service runs, installed into its image. */
  packages: string[];
  /** --build-arg WHISPER_BUILD: the whisper.cpp build the worker image ships (tools/dev/whisper-lib.ts). */
  whisper?: Exclude<WhisperVariant, 'native'>;
}

/** The decoder and the CPU engine with its US English model. */
const SPEECH_PACKAGES = ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us'];
/** Offline translation: apertium and its English pairs (Spanish, Catalan, Galician, Esperanto). */
const APERTIUM_PACKAGES = ['apertium', 'apertium-eng-spa', 'apertium-eng-cat', 'apertium-en-gl', 'apertium-eo-en'];
/**
 * The fonts caption burns render with: CAPTION_FONT_PACKAGES of @tp/captions, repeated here because
 * tools/dev imports no package (the chart's dockerfile test checks the two agree).
 */
const CAPTION_FONT_PACKAGES = ['fonts-dejavu-core'];
/**
 * The worker decodes with ffmpeg and runs PocketSphinx with its US English model, and whisper.cpp
 * (OpenMP's runtime); whisper's weights are mounted into its pool, never part of the image. It
 * translates transcripts offline with apertium and its English pairs (Spanish, Catalan, Galician,
 * Esperanto), and burns captions with ffmpeg's libass in the DejaVu fonts.
 */
const WORKER_PACKAGES = [
  ...SPEECH_PACKAGES,
  ...APERTIUM_PACKAGES,
  ...CAPTION_FONT_PACKAGES,
  ...WHISPER_RUNTIME_PACKAGES,
];

export const IMAGES: readonly ImageBuild[] = [
  { image: 'transcription-gateway', service: 'gateway', packages: [] },
  { image: 'transcription-accounts', service: 'accounts', packages: [] },
  { image: 'transcription-billing', service: 'billing', packages: [] },
  { image: 'transcription-artifacts', service: 'artifacts', packages: [] },
  // media verifies every upload with ffprobe.
  { image: 'transcription-media', service: 'media', packages: ['ffmpeg'] },
  { image: 'transcription-jobs', service: 'jobs', packages: [] },
  { image: 'transcription-shares', service: 'shares', packages: [] },
  { image: 'transcription-webhook-dispatcher', service: 'webhook-dispatcher', packages: [] },
  // The web app's server, with the app Vite builds into services/web/dist (the Dockerfile's web-app stage).
  { image: 'transcription-web', service: 'web', packages: [] },
  // ai-proxy runs fast transcription itself (ADR 0021): the same decoder, CPU engine and
  // translator as the worker.
  {
    image: 'transcription-ai-proxy',
    service: 'ai-proxy',
    packages: [...SPEECH_PACKAGES, ...APERTIUM_PACKAGES],
  },
  // The worker with whisper.cpp for any x86-64 CPU, and with its CUDA backend too (the chart's gpu pool).
  { image: 'transcription-worker', service: 'worker', packages: WORKER_PACKAGES, whisper: 'portable' },
  { image: 'transcription-worker-cuda', service: 'worker', packages: WORKER_PACKAGES, whisper: 'cuda' },
  { image: 'transcription-migrations', target: 'migrations', packages: [] },
];

/** The arguments of `docker build` for one image, run from the repository root. */
export function dockerBuildArgs(build: ImageBuild, reference: string): string[] {
  return [
    'build',
    ...(build.target ? ['--target', build.target] : []),
    ...(build.service ? ['--build-arg', `SERVICE=${build.service}`] : []),
    // One argument however many packages: the Dockerfile splits the list itself.
    ...(build.packages.length ? ['--build-arg', `SERVICE_PACKAGES=${build.packages.join(' ')}`] : []),
    ...(build.whisper ? ['--build-arg', `WHISPER_BUILD=${build.whisper}`] : []),
    '-t',
    reference,
    '.',
  ];
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The shell commands that build and push every image of a release. */
export function releaseCommands(registry: string, tag: string): string[] {
  const reference = (build: ImageBuild) => `${registry}/${build.image}:${tag}`;
  return [
    `cd ${shellQuote(repoRoot)}`,
    ...IMAGES.map((build) => ['docker', ...dockerBuildArgs(build, reference(build))].map(shellQuote).join(' ')),
    ...IMAGES.map((build) => `docker push ${shellQuote(reference(build))}`),
  ];
}

if (import.meta.main) {
  const [registry, tag] = process.argv.slice(2);
  if (!registry || !tag) {
    console.error('usage: node tools/dev/images.ts REGISTRY TAG   (e.g. registry.example.com/transcription 1.4.0)');
    process.exit(2);
  }
  console.log(releaseCommands(registry.replace(/\/$/, ''), tag).join('\n'));
}
