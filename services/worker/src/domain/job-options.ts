/** What the worker reads from a job's options (options_json, normalized by the gateway). */
export interface TranscriptionOptions {
  /** `auto` or an ISO 639-1 code. */
  language: string;
}

/** Unknown or malformed options fall back to the defaults: the gateway validated them on the way in. */
export function parseJobOptions(optionsJson: string): TranscriptionOptions {
  let parsed: unknown;
  try {
    parsed = optionsJson ? JSON.parse(optionsJson) : {};
  } catch {
    parsed = {};
  }
  const language =
    typeof parsed === 'object' && parsed !== null ? (parsed as { language?: unknown }).language : undefined;
  return {
    language:
      typeof language === 'string' && /^(auto|[a-z]{2,3}(-[A-Za-z0-9]{1,8})*)$/.test(language) ? language : 'auto',
  };
}
