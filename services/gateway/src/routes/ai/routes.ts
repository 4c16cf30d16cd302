import { createHash } from 'node:crypto';
import { AI_MODELS } from '@tp/catalog';
import type { z } from 'zod';
import type { ErrorCode } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { COMPAT_PREFIX } from './compat-errors.ts';
import { relayToClient, usageReference } from './relay.ts';
import { transcriptionRoute } from './transcription-route.ts';
import {
  ChatCompletionBodySchema,
  CompatModelSchema,
  EmbeddingsBodySchema,
  ImageGenerationBodySchema,
  ResponsesBodySchema,
} from './schemas.ts';

const RELAY_ERRORS: ErrorCode[] = [
  'bad_request',
  'insufficient_credits',
  'conflict',
  'upstream_error',
  'ai_upstream_not_configured',
  'upstream_timeout',
];

/** Largest compat request body (the fast path's multipart files have their own limit). */
export const COMPAT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 48);

/** One relayed operation: the body checked by `body`, answered by ai-proxy as it comes. */
function relayRoute(
  { aiProxy }: GatewayClients,
  spec: { path: string; operation: string; operationId: string; summary: string; body: z.ZodType; streams: boolean },
): AnyRoute {
  return defineRoute({
    method: 'post',
    path: `${COMPAT_PREFIX}${spec.path}`,
    operationId: spec.operationId,
    summary: spec.summary,
    description:
      'OpenAI-compatible; point the `openai` client at `{base_url}/api/v1/ai/compat`. Spends credits: the bound of ' +
      'the request is held first (402 insufficient_credits, and no upstream call, when short), the tokens used are ' +
      'charged at the alias price (ADR 0020). An `Idempotency-Key` header makes a retry of a completed call a 409.',
    tag: 'Managed AI',
    access: { kind: 'scope', scope: 'ai:use' },
    body: spec.body,
    status: 200,
    maxBodyBytes: COMPAT_MAX_BODY_BYTES,
    fileResponse: {
      contentTypes: spec.streams ? ['application/json', 'text/event-stream'] : ['application/json'],
      description: spec.streams
        ? 'The contract answer; with `stream: true`, server-sent events ending with `data: [DONE]` (chat).'
        : 'The contract answer.',
    },
    errors: RELAY_ERRORS,
    handler: async ({ body, principal, requestId, req, res }) => {
      const idempotencyKey = req.get('idempotency-key')?.slice(0, 256);
      const reference = usageReference(principal.userId, idempotencyKey, requestId, sha256);
      await relayToClient(aiProxy, { userId: principal.userId, operation: spec.operation, reference, body }, req, res);
    },
  });
}

export function aiRoutes(clients: GatewayClients): AnyRoute[] {
  return [
    relayRoute(clients, {
      path: '/chat/completions',
      operation: 'chat.completions',
      operationId: 'createCompatChatCompletion',
      summary: 'Chat completion (OpenAI-compatible)',
      body: ChatCompletionBodySchema,
      streams: true,
    }),
    relayRoute(clients, {
      path: '/responses',
      operation: 'responses',
      operationId: 'createCompatResponse',
      summary: 'Response (OpenAI-compatible responses API)',
      body: ResponsesBodySchema,
      streams: true,
    }),
    relayRoute(clients, {
      path: '/embeddings',
      operation: 'embeddings',
      operationId: 'createCompatEmbeddings',
      summary: 'Embeddings (OpenAI-compatible)',
      body: EmbeddingsBodySchema,
      streams: false,
    }),
    relayRoute(clients, {
      path: '/images/generations',
      operation: 'images.generations',
      operationId: 'createCompatImage',
      summary: 'Image generation (OpenAI-compatible)',
      body: ImageGenerationBodySchema,
      streams: false,
    }),
    transcriptionRoute(clients),
    defineRoute({
      method: 'get',
      path: `${COMPAT_PREFIX}/models`,
      operationId: 'listCompatModels',
      summary: 'Managed-AI model aliases',
      description: "The stable public aliases and their prices; the `openai` client's `models.list()` reads them.",
      tag: 'Managed AI',
      access: { kind: 'scope', scope: 'ai:use' },
      status: 200,
      response: CompatModelSchema.array(),
      handler: async () =>
        AI_MODELS.map((m) => ({
          id: m.alias,
          object: 'model' as const,
          created: 1_764_000_000,
          owned_by: 'platform',
          kind: m.kind,
          description: m.description,
          input_credits_per_million_tokens: m.inputPerMillion / 1_000_000,
          output_credits_per_million_tokens: m.outputPerMillion / 1_000_000,
        })),
    }),
  ];
}
