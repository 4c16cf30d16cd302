/** The message text of a chat completion's body; undefined when the body is not one. */
function messageContent(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The array of translations in a model's answer: a bare array, {"translations": [...]}, or an object's one array. */
function translationsIn(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.translations)) return record.translations;
  const arrays = Object.values(record).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * The translations in a chat completion's body, or undefined when it holds no array of exactly
 * `count` strings (code fences around the JSON are tolerated).
 */
export function parseChatTranslations(body: string, count: number): string[] | undefined {
  const content = messageContent(body)
    ?.trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (content === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return undefined;
  }
  const translations = translationsIn(parsed);
  if (!translations || translations.length !== count) return undefined;
  if (!translations.every((item) => typeof item === 'string')) return undefined;
  return translations as string[];
}
