import { MICRO_CREDITS_PER_CREDIT } from './profiles.ts';

/**
 * Managed-AI model aliases (the stable names `GET /api/v1/ai/compat/models` lists) and their
 * prices per million tokens. Usage is metered per request and charged to the micro-credit.
 */
export interface AiModelPrice {
  alias: string;
  kind: 'chat' | 'responses' | 'embeddings' | 'images' | 'transcription';
  description: string;
  /** Micro-credits per million input tokens. */
  inputPerMillion: number;
  /** Micro-credits per million output tokens. */
  outputPerMillion: number;
}

const credits = (value: number): number => Math.round(value * MICRO_CREDITS_PER_CREDIT);

export const AI_MODELS: readonly AiModelPrice[] = [
  {
    alias: 'svc-chat',
    kind: 'chat',
    description: 'General chat and responses model.',
    inputPerMillion: credits(2.5),
    outputPerMillion: credits(10),
  },
  {
    alias: 'svc-chat-mini',
    kind: 'chat',
    description: 'Fast, inexpensive chat model.',
    inputPerMillion: credits(0.15),
    outputPerMillion: credits(0.6),
  },
  {
    alias: 'svc-reason',
    kind: 'responses',
    description: 'Reasoning model for the responses endpoint.',
    inputPerMillion: credits(10),
    outputPerMillion: credits(40),
  },
  {
    alias: 'svc-embed',
    kind: 'embeddings',
    description: 'Text embeddings for the managed index.',
    inputPerMillion: credits(0.02),
    outputPerMillion: 0,
  },
  {
    alias: 'svc-image',
    kind: 'images',
    description: 'Image generation; output tokens are image tokens.',
    inputPerMillion: credits(5),
    outputPerMillion: credits(40),
  },
  {
    alias: 'svc-fast',
    kind: 'transcription',
    description: 'Fast transcription of short voice clips.',
    inputPerMillion: credits(2.5),
    outputPerMillion: credits(10),
  },
];

const BY_ALIAS = new Map(AI_MODELS.map((model) => [model.alias, model]));

export function findAiModel(alias: string): AiModelPrice | undefined {
  return BY_ALIAS.get(alias);
}

/** Price of one request's tokens in micro-credits, rounded up to the next micro-credit. */
export function priceForTokens(model: AiModelPrice, inputTokens: number, outputTokens: number): number {
  for (const n of [inputTokens, outputTokens]) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('token counts must be non-negative integers');
  }
  return Math.ceil((inputTokens * model.inputPerMillion + outputTokens * model.outputPerMillion) / 1_000_000);
}

/** 1 credit = US$1.20: the price of a credit in cents. */
export const CREDIT_PRICE_CENTS = 120;
export const CURRENCY = 'USD';

/**
 * Fast transcription (`POST /api/v1/ai/compat/audio/transcriptions`, ADR 0021): short clips only,
 * transcribed while the caller waits, charged in tokens at svc-fast's prices. Input tokens are the
 * audio's: `audioTokensPerSecond` per second of decoded audio, rounded up; output tokens are the
 * answer's text counted with gpt-tokenizer (o200k_base). The hold covers the input tokens and
 * `maxOutputTokensPerSecond` per second (more than any speech rate yields) plus `outputTokensFloor`.
 */
export const FAST_TRANSCRIPTION = Object.freeze({
  alias: 'svc-fast',
  maxBytes: 25 * 1024 * 1024,
  maxSeconds: 120,
  audioTokensPerSecond: 10,
  maxOutputTokensPerSecond: 20,
  outputTokensFloor: 16,
} as const);

/** Input (audio) tokens of a clip of `seconds`: `audioTokensPerSecond` per second, rounded up. */
export function audioTokensFor(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) * FAST_TRANSCRIPTION.audioTokensPerSecond);
}
