import {
  env,
  grpcTlsSettings,
  runtimeSettings,
  serverSettings,
  signingKeySettings,
  trustedKeySettings,
  z,
} from '@tp/config';
import { engineToolSettings } from '@tp/engines';
import { translationToolSettings } from '@tp/translation';
import { ModelRoutesSchema, upstreamBaseUrl } from './domain/routes.ts';

export const AiProxyConfigSchema = z.object({
  ...serverSettings({ grpc: 50058, ops: 9110 }),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...signingKeySettings(),
  ...trustedKeySettings(),
  // Fast transcription's engine and decoder (ADR 0021; the same settings as the worker's).
  ...engineToolSettings(),
  // Its translation (target_language): apertium, as the worker's.
  ...translationToolSettings(),
  BILLING_GRPC_ADDR: env.address('127.0.0.1:50053'),
  /** Deadline of one call to billing (hold, settle, release). */
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The OpenAI-compatible provider: a base URL ending in /v1 (OpenAI, vLLM, Ollama, llama.cpp,
   * LiteLLM). Unset: the relayed endpoints answer 503 ai_upstream_not_configured.
   */
  AI_UPSTREAM_URL: z.preprocess((value) => (value === '' ? undefined : value), upstreamBaseUrl.optional()),
  /** Its key, sent as `Authorization: Bearer …`; never shown to users. Optional for a local server. */
  AI_UPSTREAM_API_KEY: z.string().optional(),
  /**
   * JSON: alias → { "model": upstream model id (default: the alias), "fallback": { "url": base URL
   * ending in /v1, "api_key_env": the variable holding its key, "model": its model id } }.
   */
  AI_MODEL_ROUTES: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        const parsed = ModelRoutesSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: z.prettifyError(parsed.error) });
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `not JSON: ${(err as Error).message}` });
      }
      return z.NEVER;
    }),
  /** No answer headers from the provider within this long: upstream_timeout, nothing charged. */
  AI_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** The output bound a request that names no max_tokens is held for. */
  AI_DEFAULT_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(1).max(1_000_000).default(4_096),
  /** Largest request body relayed (bytes); the gateway enforces the same bound first. */
  AI_MAX_REQUEST_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(32 * 1024 * 1024)
    .default(4 * 1024 * 1024),
});

export type AiProxyConfig = z.infer<typeof AiProxyConfigSchema>;
