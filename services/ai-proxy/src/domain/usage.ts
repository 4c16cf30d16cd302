/** Tokens one request used, as the upstream reported them or as we counted them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

function fromUsage(usage: unknown): TokenUsage | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const u = usage as Record<string, unknown>;
  const input = count(u.prompt_tokens) ?? count(u.input_tokens);
  if (input === undefined) return null;
  return { inputTokens: input, outputTokens: count(u.completion_tokens) ?? count(u.output_tokens) ?? 0 };
}

/**
 * The usage an answer (or one streamed event) reports, wherever the contract puts it: `usage` of a
 * chat completion, an embeddings or images answer or a chat chunk (the usage chunk, or a last
 * chunk that still has choices); `response.usage` of a responses answer or its completed event.
 */
export function usageOf(message: unknown): TokenUsage | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  return fromUsage(m.usage) ?? fromUsage((m.response as Record<string, unknown> | undefined)?.usage);
}

/** The generated text of an answer or a streamed event, for counting when no usage comes. */
export function generatedTextOf(message: unknown): string {
  if (typeof message !== 'object' || message === null) return '';
  const m = message as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof m.delta === 'string') parts.push(m.delta); // responses: response.output_text.delta
  if (typeof m.output_text === 'string') parts.push(m.output_text);
  for (const choice of Array.isArray(m.choices) ? m.choices : []) {
    const c = choice as { message?: { content?: unknown }; delta?: { content?: unknown }; text?: unknown };
    for (const text of [c.message?.content, c.delta?.content, c.text]) if (typeof text === 'string') parts.push(text);
  }
  return parts.join('');
}

/** The answer with the alias in place of the upstream's model id (the user never sees the latter). */
export function withAlias(message: unknown, alias: string): unknown {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return message;
  const m = message as Record<string, unknown>;
  const out: Record<string, unknown> = typeof m.model === 'string' ? { ...m, model: alias } : { ...m };
  if (
    typeof m.response === 'object' &&
    m.response !== null &&
    typeof (m.response as { model?: unknown }).model === 'string'
  )
    out.response = { ...(m.response as object), model: alias };
  return out;
}

/** A streamed chat chunk that only carries usage: empty `choices`, which breaks clients that did not ask for it. */
export function isUsageOnlyChunk(message: unknown): boolean {
  const m = message as { choices?: unknown; usage?: unknown } | null;
  return Array.isArray(m?.choices) && m.choices.length === 0 && m.usage != null;
}
