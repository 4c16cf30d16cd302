export interface CallOptions {
  token?: string;
  apiKey?: string;
  body?: unknown;
  /** Sent as-is with Content-Type: application/json (for malformed JSON). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // Response bodies are checked field by field in tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
}

/** One call to the gateway, the way a client makes it. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/**
 * How long a test waits for what the platform does in well under a second (a revocation reaching
 * the gateway, a log line written, an aborted upload cleaned up): a bound that only ends a test
 * that would otherwise hang, never what decides it on a busy machine. The README's latency
 * figures come from the benchmarks (tools/bench), not from these tests.
 */
export const SETTLED_WITHIN_MS = 30_000;

/**
 * The gateway's longest credential cache (AUTH_CACHE_TTL_MS): for fleets whose tests wait for a
 * revocation, so a credential refused within SETTLED_WITHIN_MS was evicted by the account event,
 * not by the cache entry running out.
 */
export const LONGEST_AUTH_CACHE = { AUTH_CACHE_TTL_MS: '300000' };

const unreached = { limit: 100_000_000, window_seconds: 60 };
/**
 * The gateway's limits per address (RATE_LIMIT_IP) counted as in production, at limits no test
 * reaches: a file whose modules share a fleet signs in and presents refused credentials from one
 * address far more often than a person would (the limiter has its own tests).
 */
export const UNREACHED_IP_LIMITS = {
  RATE_LIMIT_IP: JSON.stringify({
    sign_in: unreached,
    credential_failure: unreached,
    share_page: unreached,
    anonymous: unreached,
  }),
};
