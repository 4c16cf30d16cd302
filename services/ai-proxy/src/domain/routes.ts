import { AI_MODELS, findAiModel } from '@tp/catalog';
import { z } from 'zod';

/** One OpenAI-compatible provider: a base URL ending in /v1 and its key (none for a local server). */
export interface Upstream {
  baseUrl: string;
  apiKey: string | undefined;
}

/** Where an alias goes: the primary provider and model id, and an optional fallback (ADR 0020). */
export interface ModelRoute {
  primary: { upstream: Upstream; model: string };
  fallback?: { upstream: Upstream; model: string };
}

const baseUrl = z
  .url()
  .refine(
    (url) => /^https?:\/\//.test(url) && url.replace(/\/+$/, '').endsWith('/v1'),
    'must be an http(s) URL ending in /v1',
  )
  .transform((url) => url.replace(/\/+$/, ''));

/** The JSON of AI_MODEL_ROUTES: alias → { model?, fallback?: { url, api_key_env?, model? } }. */
export const ModelRoutesSchema = z.record(
  z.string().refine((alias) => findAiModel(alias) !== undefined, {
    message: `unknown alias; known: ${AI_MODELS.map((m) => m.alias).join(', ')}`,
  }),
  z
    .object({
      model: z.string().min(1).max(200).optional(),
      fallback: z
        .object({
          url: baseUrl,
          api_key_env: z
            .string()
            .regex(/^[A-Z_][A-Z0-9_]*$/)
            .optional(),
          model: z.string().min(1).max(200).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
);

export type ModelRoutesSetting = z.infer<typeof ModelRoutesSchema>;

export { baseUrl as upstreamBaseUrl };

/**
 * The route of an alias: to the primary upstream under the model id the setting names (the alias
 * itself by default), with the fallback provider when one is configured. `keyOf` reads the
 * fallback's key from the environment variable the setting names. Null: no upstream configured.
 */
export function routeFor(
  alias: string,
  primary: Upstream | null,
  routes: ModelRoutesSetting,
  keyOf: (envName: string) => string | undefined,
): ModelRoute | null {
  if (!primary) return null;
  const setting = routes[alias];
  const route: ModelRoute = { primary: { upstream: primary, model: setting?.model ?? alias } };
  const fallback = setting?.fallback;
  if (fallback) {
    route.fallback = {
      upstream: { baseUrl: fallback.url, apiKey: fallback.api_key_env ? keyOf(fallback.api_key_env) : undefined },
      model: fallback.model ?? setting?.model ?? alias,
    };
  }
  return route;
}
