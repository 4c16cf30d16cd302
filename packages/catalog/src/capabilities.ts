/**
 * What a profile can do in a deployment: the one answer `GET /api/v1/models` shows and job
 * creation enforces. It is the catalog (the profile's engine, the engine's languages, what the
 * profile's tier includes) narrowed by what runs: the engines of the deployment's worker pools,
 * and the stages the worker has built.
 */
import { ENGINES } from './engines.ts';
import type { EngineKind, ExecutionMode, TranscriptionProfile } from './profiles.ts';
import { type LanguagePair, targetsFrom } from './speakers-and-languages.ts';

/**
 * What a deployment runs: the engines of its worker pools (jobs' ENGINES, which the chart derives
 * from them) and the language pairs its workers translate (jobs' TRANSLATION_PAIRS).
 */
export interface Deployment {
  engines: ReadonlySet<EngineKind>;
  /**
   * Engines whose pools serve only the models named (the weights a whisper pool mounts); an engine
   * not here serves every model of its profiles (served-engines.ts).
   */
  models?: ReadonlyMap<EngineKind, ReadonlySet<string>>;
  translations: readonly LanguagePair[];
}

/** The optional stages after recognition a job may ask for. */
export const STAGES = ['diarization', 'translation', 'channel_speaker_separation', 'caption_burn'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The stages the worker runs: a stage joins this set with its implementation, and from then on
 * every profile whose tier includes it offers it, in `/models` and at creation.
 */
export const BUILT_STAGES: ReadonlySet<Stage> = new Set<Stage>([
  'diarization',
  'translation',
  'channel_speaker_separation',
  'caption_burn',
]);

/**
 * How jobs may run: `cloud` (a worker of the profile's pool) and `client_local` (the user's own
 * device runs the model and delivers the transcript; ADR 0023). A profile offers the modes of its
 * catalog entry that are built here.
 */
export const BUILT_EXECUTION_MODES: ReadonlySet<ExecutionMode> = new Set<ExecutionMode>(['cloud', 'client_local']);

export interface ProfileCapabilities {
  /** The deployment runs the profile's engine: jobs of the profile are accepted. */
  available: boolean;
  /** ISO 639-1 codes `options.language` may name besides `auto`; none when unavailable. */
  languages: readonly string[];
  /** The transcript has a start and end time for every word. */
  wordTimestamps: boolean;
  /** `language: 'auto'` detects the language; false: the engine's one language is assumed. */
  languageDetection: boolean;
  /** What `options.target_language` may name; none when translation is not offered. */
  translationTargets: readonly string[];
  stages: Readonly<Record<Stage, boolean>>;
  executionModes: readonly ExecutionMode[];
}

const STAGE_NAMES: Readonly<Record<Stage, string>> = {
  diarization: 'Speaker diarization',
  translation: 'Translation (target_language)',
  channel_speaker_separation: 'Channel speaker separation',
  caption_burn: 'Caption burn (type caption_burn)',
};

/** Whether the profile's tier includes a stage (diarization and translation are per tier, the others are not). */
function tierIncludes(profile: TranscriptionProfile, stage: Stage): boolean {
  if (stage === 'diarization') return profile.supportsDiarization;
  if (stage === 'translation') return profile.supportsTranslation;
  return true;
}

export function isProfileDeployed(profile: TranscriptionProfile, deployment: Deployment): boolean {
  if (!deployment.engines.has(profile.engine)) return false;
  const models = deployment.models?.get(profile.engine);
  return models === undefined || models.has(profile.model);
}

/** Why the deployment does not serve the profile, in its user's words; undefined when it does. */
export function deploymentRefusal(profile: TranscriptionProfile, deployment: Deployment): string | undefined {
  if (!deployment.engines.has(profile.engine))
    return `Profile ${profile.codename} runs on the ${profile.engine} engine, which this deployment does not run`;
  if (!isProfileDeployed(profile, deployment))
    return `Profile ${profile.codename} runs the ${profile.engine} model ${profile.model}, whose weights this deployment's workers do not have`;
  return undefined;
}

/** Why a job of this (deployed) profile cannot have the stage, in its user's words; undefined when it can. */
export function stageRefusal(profile: TranscriptionProfile, stage: Stage, deployment: Deployment): string | undefined {
  if (!isProfileDeployed(profile, deployment)) return `Profile ${profile.codename} is not served by this deployment.`;
  if (!tierIncludes(profile, stage)) return `${STAGE_NAMES[stage]} is not included in profile ${profile.codename}.`;
  if (!BUILT_STAGES.has(stage)) return `${STAGE_NAMES[stage]} is not available in this deployment.`;
  if (stage === 'translation' && translatableTargets(profile, deployment).length === 0)
    return `${STAGE_NAMES[stage]} is not available in this deployment: its workers translate from none of ${ENGINES[profile.engine].languages.join(', ')}.`;
  return undefined;
}

/** Targets the deployment translates to from a language the profile's engine transcribes. */
function translatableTargets(profile: TranscriptionProfile, deployment: Deployment): string[] {
  return targetsFrom(deployment.translations, ENGINES[profile.engine].languages);
}

/**
 * Why a job of the profile cannot translate from `source` (`auto` or a code) to `target`; undefined
 * when it can. With `auto`, any language the engine transcribes may turn out to be the source.
 */
export function translationRefusal(
  profile: TranscriptionProfile,
  deployment: Deployment,
  source: string,
  target: string,
): string | undefined {
  const stage = stageRefusal(profile, 'translation', deployment);
  if (stage !== undefined) return stage;
  const sources = source === 'auto' ? ENGINES[profile.engine].languages : [source];
  if (sources.length === 1 && sources[0] === target)
    return `The transcript is already in ${target}: target_language must differ from the spoken language.`;
  const targets = targetsFrom(deployment.translations, sources);
  if (!targets.includes(target))
    return `Profile ${profile.codename} translates ${sources.join(', ')} into ${targets.join(', ')} only; ${JSON.stringify(target)} is not supported.`;
  return undefined;
}

export function profileCapabilities(profile: TranscriptionProfile, deployment: Deployment): ProfileCapabilities {
  const available = isProfileDeployed(profile, deployment);
  const engine = ENGINES[profile.engine];
  const stages = Object.fromEntries(
    STAGES.map((stage) => [stage, stageRefusal(profile, stage, deployment) === undefined]),
  ) as Record<Stage, boolean>;
  return {
    available,
    languages: available ? [...engine.languages] : [],
    wordTimestamps: available && engine.wordTimestamps,
    languageDetection: available && engine.detectsLanguage,
    translationTargets: stages.translation ? translatableTargets(profile, deployment) : [],
    stages,
    executionModes: available ? profile.executionModes.filter((mode) => BUILT_EXECUTION_MODES.has(mode)) : [],
  };
}
