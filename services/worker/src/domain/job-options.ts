/** What the worker reads from a job's options (options_json, normalized by the gateway, checked by jobs). */
export interface TranscriptionOptions {
  /** `auto` or an ISO 639-1 code. */
  language: string;
  /** Who spoke when; null: no diarization. */
  diarization: { numSpeakers: number | null; autoSpeakerNames: boolean } | null;
  /** Translate the transcript into this ISO 639-1 language; null: no translation. */
  targetLanguage: string | null;
  /** Transcribe each audio channel as its own speaker. */
  channelSeparation: boolean;
}

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function diarizationOf(value: unknown): TranscriptionOptions['diarization'] {
  const d = record(value);
  if (d === null) return null;
  const count = d.num_speakers;
  return {
    numSpeakers: typeof count === 'number' && Number.isInteger(count) && count >= 1 ? count : null,
    autoSpeakerNames: d.auto_speaker_names === true,
  };
}

/** Unknown or malformed options fall back to the defaults: jobs validated them on the way in. */
export function parseJobOptions(optionsJson: string): TranscriptionOptions {
  let parsed: unknown;
  try {
    parsed = optionsJson ? JSON.parse(optionsJson) : {};
  } catch {
    parsed = {};
  }
  const options = record(parsed) ?? {};
  const { language, target_language: target } = options;
  return {
    language: typeof language === 'string' && (language === 'auto' || LANGUAGE.test(language)) ? language : 'auto',
    diarization: diarizationOf(options.diarization),
    targetLanguage: typeof target === 'string' && LANGUAGE.test(target) ? target : null,
    channelSeparation: options.channel_speaker_separation === true,
  };
}
