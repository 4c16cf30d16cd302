import {
  audioChannels,
  type Deployment,
  DIARIZATION_SPEAKERS,
  isLanguageCode,
  profileCapabilities,
  type Stage,
  stageRefusal,
  type TranscriptionProfile,
  translationRefusal,
} from '@tp/catalog';
import { AppError } from '@tp/errors';
import { checkCaptionBurnOptions } from './caption-burn.ts';
import type { JobType } from './job-rules.ts';

export interface AcceptedOptions {
  /** `auto` or a code the profile's engine transcribes. */
  language: string;
  /** The options object as accepted (what the job shows and the request hash covers). */
  value: Record<string, unknown>;
  /** Its JSON text, stored and returned verbatim. */
  json: string;
}

const KNOWN_OPTIONS = new Set([
  'language',
  'target_language',
  'diarization',
  'channel_speaker_separation',
  'caption_burn',
  'output_format',
]);

/** Formats a product back end may ask a job's result in (POST /transcribe): shown, not processed here. */
export const OUTPUT_FORMATS = ['json', 'srt', 'txt'] as const;

function parseOptions(optionsJson: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = optionsJson.trim() === '' ? {} : JSON.parse(optionsJson);
  } catch {
    throw new AppError('validation_error', 'options_json is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new AppError('validation_error', 'options must be a JSON object.');
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((key) => !KNOWN_OPTIONS.has(key));
  if (unknown.length > 0)
    throw new AppError(
      'validation_error',
      `Unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}.`,
      { options: unknown.slice(0, 5) },
    );
  return options;
}

/** The shape rules of the options (the gateway checked them already): validation_error. */
function checkShapes(options: Record<string, unknown>, type: JobType): void {
  const language = options.language ?? 'auto';
  if (typeof language !== 'string')
    throw new AppError('validation_error', 'options.language must be a string: auto or a language code.');
  if (language !== 'auto' && !isLanguageCode(language))
    throw new AppError(
      'validation_error',
      `Unknown language code ${JSON.stringify(language.slice(0, 16))}: use auto or an ISO 639-1 code.`,
    );
  const target = options.target_language ?? null;
  if (target !== null && (typeof target !== 'string' || !isLanguageCode(target)))
    throw new AppError('validation_error', 'options.target_language must be null or an ISO 639-1 code.');
  const diarization = options.diarization ?? null;
  if (diarization !== null) checkDiarizationShape(diarization);
  const csp = options.channel_speaker_separation ?? false;
  if (typeof csp !== 'boolean')
    throw new AppError('validation_error', 'options.channel_speaker_separation must be a boolean.');
  if (csp && diarization !== null)
    throw new AppError('validation_error', 'channel_speaker_separation cannot be combined with diarization.');
  const captions = options.caption_burn ?? null;
  if (type === 'transcription' && captions !== null)
    throw new AppError('validation_error', 'options.caption_burn applies to caption_burn jobs only.');
  const format = options.output_format ?? null;
  if (format !== null && !(OUTPUT_FORMATS as readonly unknown[]).includes(format))
    throw new AppError(
      'validation_error',
      `options.output_format must be null or one of ${OUTPUT_FORMATS.join(', ')}.`,
      {
        option: 'output_format',
      },
    );
}

const DIARIZATION_KEYS = new Set(['mode', 'num_speakers', 'auto_speaker_names']);

/** `{mode: 'regular', num_speakers: null | DIARIZATION_SPEAKERS, auto_speaker_names: boolean}`, each optional. */
function checkDiarizationShape(value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('validation_error', 'options.diarization must be null or an object.');
  const d = value as Record<string, unknown>;
  const unknown = Object.keys(d).filter((key) => !DIARIZATION_KEYS.has(key));
  if (unknown.length > 0)
    throw new AppError('validation_error', `Unknown diarization option: ${unknown.slice(0, 5).join(', ')}.`);
  if ((d.mode ?? 'regular') !== 'regular')
    throw new AppError('validation_error', "options.diarization.mode must be 'regular'.");
  const count = d.num_speakers ?? null;
  const { min, max } = DIARIZATION_SPEAKERS;
  if (count !== null && (typeof count !== 'number' || !Number.isInteger(count) || count < min || count > max))
    throw new AppError(
      'validation_error',
      `options.diarization.num_speakers must be null (estimate the count) or an integer from ${min} to ${max}.`,
    );
  if (typeof (d.auto_speaker_names ?? false) !== 'boolean')
    throw new AppError('validation_error', 'options.diarization.auto_speaker_names must be a boolean.');
}

/** The stages a request asks for. */
function requestedStages(options: Record<string, unknown>, type: JobType): Stage[] {
  const asked: [Stage, boolean][] = [
    ['caption_burn', type === 'caption_burn'],
    ['diarization', (options.diarization ?? null) !== null],
    ['translation', (options.target_language ?? null) !== null],
    ['channel_speaker_separation', options.channel_speaker_separation === true],
  ];
  return asked.filter(([, wanted]) => wanted).map(([stage]) => stage);
}

const STAGE_OPTION: Readonly<Record<Stage, string>> = {
  caption_burn: 'type',
  diarization: 'diarization',
  translation: 'target_language',
  channel_speaker_separation: 'channel_speaker_separation',
};

/**
 * Checks the options against what the profile can do in this deployment (profileCapabilities of
 * @tp/catalog, which `GET /models` shows): a language or stage it cannot do is refused by name
 * (`unsupported_option`), never ignored. Malformed options are validation errors.
 */
export function checkOptions(
  optionsJson: string,
  type: JobType,
  profile: TranscriptionProfile,
  deployment: Deployment,
): AcceptedOptions {
  const options = parseOptions(optionsJson);
  checkShapes(options, type);
  // A caption burn's style block is kept with every default filled in (the worker renders what the job shows).
  if (type === 'caption_burn') options.caption_burn = checkCaptionBurnOptions(options);
  const language = (options.language as string | undefined) ?? 'auto';
  const { languages } = profileCapabilities(profile, deployment);
  if (language !== 'auto' && !languages.includes(language)) {
    throw new AppError(
      'unsupported_option',
      `Profile ${profile.codename} transcribes ${languages.join(', ')} only; ${JSON.stringify(language)} is not supported.`,
      { option: 'language', languages: [...languages] },
    );
  }
  for (const stage of requestedStages(options, type)) {
    const refusal = stageRefusal(profile, stage, deployment);
    if (refusal !== undefined) throw new AppError('unsupported_option', refusal, { option: STAGE_OPTION[stage] });
  }
  const target = (options.target_language as string | null | undefined) ?? null;
  if (target !== null) {
    const refusal = translationRefusal(profile, deployment, language, target);
    if (refusal !== undefined)
      throw new AppError('unsupported_option', refusal, {
        option: 'target_language',
        targets: [...profileCapabilities(profile, deployment).translationTargets],
      });
  }
  return { language, value: options, json: JSON.stringify(options) };
}

/** The most channels channel speaker separation transcribes (one engine run each). */
export const MAX_SEPARATED_CHANNELS = 8;

/**
 * Channel speaker separation transcribes each channel as its own speaker: a media with one channel
 * (or more than MAX_SEPARATED_CHANNELS) is refused by name, with why.
 */
export function checkSeparableChannels(media: {
  mediaId: string;
  streams: readonly { type: string; channels: number }[];
}): void {
  const channels = audioChannels(media.streams);
  if (channels >= 2 && channels <= MAX_SEPARATED_CHANNELS) return;
  const why =
    channels < 2
      ? `has ${channels === 1 ? 'one audio channel' : 'no audio channel'}: channel speaker separation transcribes each channel as its own speaker, so it needs a recording with one person per channel (for example a stereo call recording)`
      : `has ${channels} audio channels: channel speaker separation takes 2 to ${MAX_SEPARATED_CHANNELS}`;
  throw new AppError('unsupported_option', `The media ${media.mediaId} ${why}.`, {
    option: 'channel_speaker_separation',
    media_id: media.mediaId,
    channels,
  });
}
