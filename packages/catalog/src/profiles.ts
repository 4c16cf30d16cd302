/**
 * The transcription profile catalog: the one place where a codename maps to its engine,
 * model, price, live route and visibility. Jobs, billing, the worker and the gateway all
 * read it from here.
 */

/** 1 credit = 1,000,000 micro-credits; money is never a float in storage. */
export const MICRO_CREDITS_PER_CREDIT = 1_000_000;

export type ProfileVisibility = 'public' | 'internal';
/** Where the low-latency ("live") route of a profile runs, if it has one. */
export type LiveRoute = 'cloud' | 'device';
export type EngineKind = 'pocketsphinx' | 'whisper';
export type ExecutionMode = 'cloud' | 'client_local';

export interface TranscriptionProfile {
  codename: string;
  displayName: string;
  description: string;
  engine: EngineKind;
  /** Engine model identifier; GPU models are weights the operator mounts. */
  model: string;
  /** Worker pool the job runs on. */
  pool: 'cpu' | 'gpu';
  /** Price per hour of audio, in micro-credits; billed per second with no minimum. */
  microCreditsPerHour: number;
  liveRoute: LiveRoute;
  /** Cloud model that serves live requests when this profile's live route runs on the device. */
  cloudFallback: string | null;
  visibility: ProfileVisibility;
  /** Feature a user needs to see and use an internal profile. */
  featureKey: string | null;
  supportsDiarization: boolean;
  supportsTranslation: boolean;
  executionModes: readonly ExecutionMode[];
}

const credits = (value: number): number => Math.round(value * MICRO_CREDITS_PER_CREDIT);

export const PROFILES: readonly TranscriptionProfile[] = [
  {
    codename: 'oracle',
    displayName: 'Oracle',
    description: 'Balanced accuracy and speed for most recordings.',
    engine: 'pocketsphinx',
    model: 'en-us',
    pool: 'cpu',
    microCreditsPerHour: credits(1.0),
    liveRoute: 'cloud',
    cloudFallback: null,
    visibility: 'public',
    featureKey: null,
    supportsDiarization: true,
    supportsTranslation: true,
    executionModes: ['cloud'],
  },
  {
    codename: 'oracle-mini',
    displayName: 'Oracle Mini',
    description: 'Fastest cloud profile, for short clips and drafts.',
    engine: 'pocketsphinx',
    model: 'en-us',
    pool: 'cpu',
    microCreditsPerHour: credits(0.6),
    liveRoute: 'cloud',
    cloudFallback: null,
    visibility: 'public',
    featureKey: null,
    supportsDiarization: true,
    supportsTranslation: true,
    executionModes: ['cloud'],
  },
  {
    codename: 'oracle-pro',
    displayName: 'Oracle Pro',
    description: 'Higher accuracy on difficult audio, on GPU pools.',
    engine: 'whisper',
    model: 'small.en',
    pool: 'gpu',
    microCreditsPerHour: credits(1.8),
    liveRoute: 'cloud',
    cloudFallback: null,
    visibility: 'public',
    featureKey: null,
    supportsDiarization: true,
    supportsTranslation: true,
    executionModes: ['cloud'],
  },
  {
    codename: 'oracle-max',
    displayName: 'Oracle Max',
    description: 'Largest model for the best accuracy; granted per account.',
    engine: 'whisper',
    model: 'medium.en',
    pool: 'gpu',
    microCreditsPerHour: credits(3.0),
    liveRoute: 'cloud',
    cloudFallback: null,
    visibility: 'internal',
    featureKey: 'profile.oracle-max',
    supportsDiarization: true,
    supportsTranslation: true,
    executionModes: ['cloud'],
  },
  {
    codename: 'base-whisper',
    displayName: 'Base Whisper',
    description: 'Whisper base model; granted per account.',
    engine: 'whisper',
    model: 'base.en',
    pool: 'gpu',
    microCreditsPerHour: credits(0.5),
    liveRoute: 'cloud',
    cloudFallback: null,
    visibility: 'internal',
    featureKey: 'profile.base-whisper',
    supportsDiarization: false,
    supportsTranslation: false,
    executionModes: ['cloud', 'client_local'],
  },
  {
    codename: 'base',
    displayName: 'Base',
    description: 'The cheapest tier; live transcription runs on the device.',
    engine: 'pocketsphinx',
    model: 'en-us',
    pool: 'cpu',
    microCreditsPerHour: credits(0.4),
    liveRoute: 'device',
    cloudFallback: 'base-whisper',
    visibility: 'public',
    featureKey: null,
    supportsDiarization: false,
    supportsTranslation: false,
    executionModes: ['cloud', 'client_local'],
  },
];

const BY_CODENAME = new Map(PROFILES.map((profile) => [profile.codename, profile]));

export function findProfile(codename: string): TranscriptionProfile | undefined {
  return BY_CODENAME.get(codename);
}

/** A profile is available to a user when it is public or the user has its feature. */
export function isProfileAvailable(profile: TranscriptionProfile, features: ReadonlySet<string>): boolean {
  return profile.visibility === 'public' || (profile.featureKey !== null && features.has(profile.featureKey));
}

export function availableProfiles(features: ReadonlySet<string>): TranscriptionProfile[] {
  return PROFILES.filter((profile) => isProfileAvailable(profile, features));
}

/** Price of `seconds` (of audio; of output for a caption burn) at a rate, in micro-credits, rounded up to the next micro-credit (per second, no minimum). */
export function priceForSeconds(profile: Pick<TranscriptionProfile, 'microCreditsPerHour'>, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
  return Math.ceil((profile.microCreditsPerHour * seconds) / 3600);
}

/** Micro-credits as the decimal number the API shows. */
export function toCredits(microCredits: number): number {
  return microCredits / MICRO_CREDITS_PER_CREDIT;
}
