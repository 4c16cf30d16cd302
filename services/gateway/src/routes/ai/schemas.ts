import { AI_MODELS, type AiModelPrice } from '@tp/catalog';
import { z } from 'zod';

/** The aliases a route's `model` may name: those of its kinds. */
function aliasOf(kinds: AiModelPrice['kind'][]) {
  const aliases = AI_MODELS.filter((m) => kinds.includes(m.kind)).map((m) => m.alias) as [string, ...string[]];
  return z.enum(aliases).meta({ description: `A managed-AI alias: ${aliases.join(', ')}.` });
}

/**
 * A compat request: checked enough to be safe (a JSON object, an alias this route serves, bounded
 * sizes) and otherwise passed through, so new fields of the contract keep working.
 */
function compatBody(kinds: AiModelPrice['kind'][], fields: z.ZodRawShape, id: string) {
  return z
    .looseObject({
      model: aliasOf(kinds),
      stream: z.boolean().optional().meta({ description: 'Answer as server-sent events, relayed as they come.' }),
      ...fields,
    })
    .meta({ id, description: 'The OpenAI-compatible request body; fields not listed are passed through.' });
}

const maxTokens = z.number().int().min(1).max(1_000_000).optional();

export const ChatCompletionBodySchema = compatBody(
  ['chat'],
  {
    messages: z
      .array(z.looseObject({ role: z.string().min(1).max(64) }))
      .min(1)
      .max(10_000),
    max_tokens: maxTokens,
    max_completion_tokens: maxTokens,
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  },
  'CompatChatCompletionRequest',
);

export const ResponsesBodySchema = compatBody(
  ['responses', 'chat'],
  { input: z.unknown(), max_output_tokens: maxTokens },
  'CompatResponsesRequest',
);

export const EmbeddingsBodySchema = compatBody(
  ['embeddings'],
  {
    input: z.union([
      z.string(),
      z.array(z.string()).max(2_048),
      z.array(z.number().int()),
      z.array(z.array(z.number().int())),
    ]),
  },
  'CompatEmbeddingsRequest',
);

export const ImageGenerationBodySchema = compatBody(
  ['images'],
  { prompt: z.string().min(1).max(32_000), n: z.number().int().min(1).max(10).optional() },
  'CompatImageGenerationRequest',
);

export const CompatModelSchema = z
  .object({
    id: z.string().meta({ description: 'The stable public alias.' }),
    object: z.literal('model'),
    created: z.number().int(),
    owned_by: z.string(),
    kind: z.enum(['chat', 'responses', 'embeddings', 'images', 'transcription']),
    description: z.string(),
    input_credits_per_million_tokens: z.number(),
    output_credits_per_million_tokens: z.number(),
  })
  .meta({ id: 'CompatModel' });
