// Translation through an OpenAI-compatible chat completions endpoint (the platform's AI upstream):
// texts go in batches as a JSON array, the model answers a JSON object of translations, whose
// count is checked; a batch that fails in a way a second try may fix is tried once more.
import { parseChatTranslations } from './chat-answer.ts';
import type { LanguagePair, TranslateOptions, Translator } from './translator.ts';
import { TranslationError } from './translator.ts';

export interface ChatTranslatorOptions {
  /** The endpoint's base, ending where /chat/completions follows (e.g. https://api.openai.com/v1). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Texts per request (default 50). */
  batchSize?: number;
  /** The pairs to offer (default every pair of CHAT_LANGUAGES). */
  pairs?: readonly LanguagePair[];
}

/** Languages a general chat model translates well enough to offer by default. */
export const CHAT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ca', 'gl', 'eo', 'pl', 'sv', 'uk', 'ru'];

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_BATCH_SIZE = 50;
const MAX_LOGGED_CHARS = 4_096;

type Attempt = { translations: string[] } | { error: TranslationError; retry: boolean };

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string) => languageNames.of(code) ?? code;

export function chatSystemPrompt(from: string, to: string): string {
  return [
    `You translate transcript segments from ${languageName(from)} (${from}) to ${languageName(to)} (${to}).`,
    'The user sends a JSON object {"texts": [...]}. Answer with a JSON object {"translations": [...]}',
    'holding exactly one translation per text, in the same order. Translate faithfully; keep numbers,',
    'names and line breaks; do not add notes. An untranslatable text is returned as it is.',
  ].join(' ');
}

function everyPair(languages: readonly string[]): LanguagePair[] {
  return languages.flatMap((from) => languages.filter((to) => to !== from).map((to) => ({ from, to })));
}

interface ChatContext {
  url: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

async function postBatch(ctx: ChatContext, texts: readonly string[], options: TranslateOptions): Promise<Attempt> {
  const body = {
    model: ctx.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: chatSystemPrompt(options.from, options.to) },
      { role: 'user', content: JSON.stringify({ texts }) },
    ],
  };
  let response: Response;
  let text: string;
  try {
    response = await ctx.fetch(ctx.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(ctx.timeoutMs)]),
    });
    text = await response.text();
  } catch (error) {
    options.signal.throwIfAborted();
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? 'the translation service did not answer in time'
      : 'the translation service is unreachable';
    return { error: new TranslationError(message, String(error)), retry: true };
  }
  const logged = text.slice(0, MAX_LOGGED_CHARS);
  if (!response.ok) {
    const retry = response.status === 429 || response.status >= 500;
    return { error: new TranslationError(`the translation service refused (HTTP ${response.status})`, logged), retry };
  }
  const translations = parseChatTranslations(text, texts.length);
  if (!translations)
    return { error: new TranslationError('the translation service gave a bad answer', logged), retry: true };
  return { translations };
}

async function translateBatch(
  ctx: ChatContext,
  texts: readonly string[],
  options: TranslateOptions,
): Promise<string[]> {
  let attempt = await postBatch(ctx, texts, options);
  if ('error' in attempt && attempt.retry) attempt = await postBatch(ctx, texts, options);
  if ('error' in attempt) throw attempt.error;
  return attempt.translations;
}

/** Translation through an OpenAI-compatible chat completions endpoint (the platform's AI upstream). */
export function createChatTranslator(options: ChatTranslatorOptions): Translator {
  const ctx: ChatContext = {
    url: `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    apiKey: options.apiKey,
    model: options.model,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? fetch,
  };
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const pairs = options.pairs ?? everyPair(CHAT_LANGUAGES);
  return {
    kind: 'chat',
    pairs: () => pairs,
    async translate(texts: readonly string[], translateOptions: TranslateOptions): Promise<string[]> {
      translateOptions.signal.throwIfAborted();
      const outputs = texts.map(() => '');
      const indexes = texts.flatMap((text, index) => (text.trim() ? [index] : []));
      for (let start = 0; start < indexes.length; start += batchSize) {
        const slice = indexes.slice(start, start + batchSize);
        const translated = await translateBatch(
          ctx,
          slice.map((index) => texts[index]!),
          translateOptions,
        );
        slice.forEach((index, i) => {
          outputs[index] = translated[i]!;
        });
      }
      return outputs;
    },
  };
}
