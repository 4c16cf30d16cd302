/**
 * The services that may hold a key of their own: a token's `iss` and `aud`, and the callers an
 * allow-list names. `ai-proxy` charges managed-AI usage (ADR 0020);
 * `webhook-dispatcher` reads the jobs it delivers webhooks for (issue 14).
 */
export const SERVICE_NAMES = [
  'gateway',
  'accounts',
  'media',
  'billing',
  'artifacts',
  'jobs',
  'shares',
  'worker',
  'ai-proxy',
  'webhook-dispatcher',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];
