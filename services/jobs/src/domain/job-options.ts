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
import type { DiarizationOptions, JobOptions } from '@tp/job-options';
import { checkCaptionBurnOptions } from './caption-burn.ts';
import type { JobType } from './job-rules.ts';

export interface AcceptedOptions {
  /** `auto` or a code the profile's engine transcribes. */
  language: string;
  /** The options as accepted (what the job stores and shows): a caption burn's block with every default filled in. */
  message: JobOptions;
}

/** Formats a product back end may ask a job's result in (POST /transcribe): shown, not processed here. */
export const OUTPUT_FORMATS = ['json', 'srt', 'txt'] as const;

/** The rules of the options' values (the gateway checked them already): validation_error. */
function checkValues(options: JobOptions, type: JobType): void {
  const language = options.language ?? 'auto';
  if (language !== 'auto' && !isLanguageCode(language))
    throw new AppError(
      'validation_error',
      `Unknown language code ${JSON.stringify(language.slice(0, 16))}: use auto or an ISO 639-1 code.`,
    );
  if (options.targetLanguage !== undefined && !isLanguageCode(options.targetLanguage))
    throw new AppError('validation_error', 'options.target_language must be null or an ISO 639-1 code.');
  if (options.diarization !== undefined) checkDiarization(options.diarization);
  if (options.channelSpeakerSeparation === true && options.diarization !== undefined)
    throw new AppError('validation_error', 'channel_speaker_separation cannot be combined with diarization.');
  if (type === 'transcription' && options.captionBurn !== undefined)
    throw new AppError('validation_error', 'options.caption_burn applies to caption_burn jobs only.');
  const format = options.outputFormat;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(format))
    throw new AppError(
      'validation_error',
      `options.output_format must be null or one of ${OUTPUT_FORMATS.join(', ')}.`,
      {
        option: 'output_format',
      },
    );
}

/** `{mode: 'regular', num_speakers: null | DIARIZATION_SPEAKERS, auto_speaker_names: boolean}`, each optional. */
function checkDiarization(d: DiarizationOptions): void {
  if ((d.mode ?? 'regular') !== 'regular')
    throw new AppError('validation_error', "options.diarization.mode must be 'regular'.");
  const { min, max } = DIARIZATION_SPEAKERS;
  if (d.numSpeakers !== undefined && (d.numSpeakers < min || d.numSpeakers > max))
    throw new AppError(
      'validation_error',
      `options.diarization.num_speakers must be null (estimate the count) or an integer from ${min} to ${max}.`,
    );
}

/** The stages a request asks for. */
function requestedStages(options: JobOptions, type: JobType): Stage[] {
  const asked: [Stage, boolean][] = [
    ['caption_burn', type === 'caption_burn'],
    ['diarization', options.diarization !== undefined],
    ['translation', options.targetLanguage !== undefined],
    ['channel_speaker_separation', options.channelSpeakerSeparation === true],
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
 * (`unsupported_option`), never ignored. Values out of range are validation errors. A request without
 * the message comes from a caller of an older release, which sent the options in a field this one no
 * longer reads (ADR 0033): refused, so that the job never runs on options it was not given.
 */
export function checkOptions(
  given: JobOptions | undefined,
  type: JobType,
  profile: TranscriptionProfile,
  deployment: Deployment,
): AcceptedOptions {
  if (given === undefined)
    throw new AppError(
      'service_unavailable',
      'The request reached jobs without its options (a caller of an older release, during an upgrade); retry.',
    );
  const options = given;
  checkValues(options, type);
  // A caption burn's block is kept with every default filled in (the worker renders what the job shows).
  const message =
    type === 'caption_burn'
      ? { ...options, captionBurn: checkCaptionBurnOptions(options), captionBurnNull: undefined }
      : options;
  const language = options.language ?? 'auto';
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
  const target = options.targetLanguage;
  if (target !== undefined) {
    const refusal = translationRefusal(profile, deployment, language, target);
    if (refusal !== undefined)
      throw new AppError('unsupported_option', refusal, {
        option: 'target_language',
        targets: [...profileCapabilities(profile, deployment).translationTargets],
      });
  }
  return { language, message };
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
