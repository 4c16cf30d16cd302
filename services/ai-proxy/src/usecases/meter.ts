import { IMAGE_TOKENS_PER_IMAGE, type PreparedRequest } from '../domain/operations.ts';
import { generatedTextOf, type TokenUsage, usageOf } from '../domain/usage.ts';

/** What a call is charged: the upstream's usage, or our count of its tokens (estimated). */
export interface Metered extends TokenUsage {
  estimated: boolean;
}

/**
 * Watches an answer (whole, or event by event) for the usage the upstream reports, and keeps its
 * text so the tokens can be counted when no usage comes (an upstream without usage, a client
 * that went away mid-stream).
 */
export function createMeter(request: PreparedRequest, countTokens: (text: string) => number) {
  let reported: TokenUsage | null = null;
  let text = '';
  let images = 0;
  let seen = false;
  return {
    see(message: unknown) {
      seen = true;
      reported = usageOf(message) ?? reported;
      text += generatedTextOf(message);
      const data = (message as { data?: unknown } | null)?.data;
      if (request.operation === 'images.generations' && Array.isArray(data)) images += data.length;
    },
    /** Nothing of the answer was seen yet (a failure now charges nothing). */
    get empty() {
      return !seen;
    },
    result(): Metered {
      if (reported) return { ...reported, estimated: false };
      const body = request.body;
      const input = JSON.stringify(body.messages ?? body.input ?? body.prompt ?? '');
      return {
        inputTokens: countTokens(input),
        outputTokens: countTokens(text) + images * IMAGE_TOKENS_PER_IMAGE,
        estimated: true,
      };
    },
  };
}

export type Meter = ReturnType<typeof createMeter>;
