/**
 * The response headers /openapi.json declares (ADR 0034): `required: true` only where every answer of that status
 * carries the header.
 */

export type HeaderObject =
  | { description: string; required?: boolean; schema: Record<string, unknown> }
  | { $ref: string };

const string = { type: 'string' as const };

/** Set on every answer of the API (app.ts), the caller's own when it sent a valid one. */
export const REQUEST_ID_HEADER: HeaderObject = { $ref: '#/components/headers/X-Request-Id' };

/** `components.headers`. */
export const HEADER_COMPONENTS = {
  'X-Request-Id': {
    description: "The request's id (the one sent in `X-Request-Id`, when valid); give it when reporting a problem.",
    required: true,
    schema: string,
  },
};

export const RETRY_AFTER = {
  description: 'Seconds until the request is worth repeating.',
  schema: { type: 'integer' as const },
};

const policyHeader = {
  description: 'The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012).',
  schema: string,
};
const stateHeader = {
  description: 'What is left of each: `"token";r=0;t=12` (remaining, seconds until reset).',
  schema: string,
};

/** The draft-ietf-httpapi-ratelimit-headers of a counted request, when rate limits are on (ADR 0012). */
export const RATE_LIMIT_HEADERS = {
  counted: { 'RateLimit-Policy': policyHeader, RateLimit: stateHeader },
  refused: {
    'Retry-After': { ...RETRY_AFTER, required: true },
    'RateLimit-Policy': { ...policyHeader, required: true },
    RateLimit: { ...stateHeader, required: true },
  },
} satisfies Record<string, Record<string, HeaderObject>>;
