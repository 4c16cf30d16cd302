import { AI_MODELS, type AiModelPrice, findAiModel } from '@tp/catalog';
import { AppError } from '@tp/errors';

/** The compat operations relayed to an upstream, by the name the gateway sends. */
export const OPERATIONS = {
  'chat.completions': { path: '/chat/completions', kinds: ['chat'] },
  responses: { path: '/responses', kinds: ['responses', 'chat'] },
  embeddings: { path: '/embeddings', kinds: ['embeddings'] },
  'images.generations': { path: '/images/generations', kinds: ['images'] },
} as const satisfies Record<string, { path: string; kinds: readonly AiModelPrice['kind'][] }>;

export type Operation = keyof typeof OPERATIONS;

/** Image tokens held per requested image when the request names no bound (the largest image's). */
export const IMAGE_TOKENS_PER_IMAGE = 8_192;
/** Most images one request may ask for. */
export const MAX_IMAGES = 10;

/** A request ready for the upstream: its alias, the bounds its hold covers and how it streams. */
export interface PreparedRequest {
  operation: Operation;
  alias: string;
  /** The client's body, model aside (set per upstream by `bodyFor`). */
  body: Record<string, unknown>;
  stream: boolean;
  /** The client asked for the usage chunk (`stream_options.include_usage`). */
  clientWantsUsage: boolean;
  maxInputTokens: number;
  maxOutputTokens: number;
}

export function isOperation(value: string): value is Operation {
  return Object.hasOwn(OPERATIONS, value);
}

const positiveInt = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** The output bound of a request: what it asks for, or the default cap (ADR 0020). */
function outputBound(operation: Operation, body: Record<string, unknown>, defaultMaxOutputTokens: number): number {
  if (operation === 'embeddings') return 0;
  if (operation === 'images.generations') {
    const n = positiveInt(body.n) ?? 1;
    if (n > MAX_IMAGES) throw new AppError('bad_request', `n must be at most ${MAX_IMAGES}.`);
    return n * IMAGE_TOKENS_PER_IMAGE;
  }
  return (
    positiveInt(body.max_completion_tokens) ??
    positiveInt(body.max_tokens) ??
    positiveInt(body.max_output_tokens) ??
    defaultMaxOutputTokens
  );
}

/**
 * Reads a relayed request: a JSON object whose `model` is an alias of the operation's kind. The
 * input bound is the body's size in bytes (a token is at least one byte of the JSON carrying it).
 */
export function prepareRequest(
  operation: Operation,
  raw: Buffer,
  defaults: { defaultMaxOutputTokens: number },
): PreparedRequest {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The request body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('bad_request', 'The request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  const kinds: readonly string[] = OPERATIONS[operation].kinds;
  const alias = typeof fields.model === 'string' ? fields.model : '';
  const model = findAiModel(alias);
  if (!model || !kinds.includes(model.kind)) {
    const usable = AI_MODELS.filter((m) => kinds.includes(m.kind)).map((m) => m.alias);
    throw new AppError('bad_request', `model must be one of ${usable.join(', ')}.`, { param: 'model' });
  }
  const stream = fields.stream === true;
  const options = fields.stream_options as { include_usage?: unknown } | undefined;
  return {
    operation,
    alias,
    body: fields,
    stream,
    clientWantsUsage: stream && options?.include_usage === true,
    maxInputTokens: raw.length,
    maxOutputTokens: outputBound(operation, fields, defaults.defaultMaxOutputTokens),
  };
}

/**
 * The body sent to one upstream: the client's, under that upstream's model id, and for a streamed
 * chat completion with `stream_options.include_usage` so the upstream reports what to charge.
 */
export function bodyFor(request: PreparedRequest, upstreamModel: string): string {
  const body: Record<string, unknown> = { ...request.body, model: upstreamModel };
  if (request.stream && request.operation === 'chat.completions') {
    const options = typeof body.stream_options === 'object' && body.stream_options !== null ? body.stream_options : {};
    body.stream_options = { ...options, include_usage: true };
  }
  return JSON.stringify(body);
}
