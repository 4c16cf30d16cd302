import { NetworkError, retryAfterSecondsOf } from './errors.ts';

export interface RetryOptions {
  /** Tries in all, the first included (default 3); 1 never retries. */
  maxAttempts?: number;
  /** The backoff of the first retry, doubled for each next one, with full jitter (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait between two tries (default 30 s); a Retry-After beyond it is not waited for. */
  maxDelayMs?: number;
}

export type Fetch = (request: Request) => Promise<Response>;

const RETRIED_STATUSES = new Set([429, 503]);
// Methods whose repetition has no further effect (RFC 9110 §9.2.2). A DELETE retried after a lost
// answer may then say 404: what was asked is done.
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether sending the request twice is safe: an idempotent method, or a write the server deduplicates by its key. */
export function isRetrySafe(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method) || request.headers.has('idempotency-key');
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export function retryPolicy(options: RetryOptions | false = {}): RetryPolicy {
  if (options === false) return { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 };
  return {
    maxAttempts: Math.max(1, options.maxAttempts ?? 3),
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
  };
}

/**
 * A fetch that retries a request safe to repeat on 429, 503 and connection failures; the same request
 * (its Idempotency-Key included) is sent each time.
 */
export function retryingFetch(fetchImpl: Fetch, policy: RetryPolicy): Fetch {
  return (request) =>
    withRetries(
      // A body is read once: each try but the last sends a copy.
      (last) => fetchImpl(last ? request : request.clone()),
      isRetrySafe(request) ? policy : { ...policy, maxAttempts: 1 },
      { signal: request.signal, label: `${request.method} ${request.url}` },
    );
}

/**
 * Runs `attempt` until it answers something not worth retrying or the tries run out, with exponential
 * backoff and full jitter between tries, or as Retry-After asks (an answer asking longer than
 * maxDelayMs is returned). A connection failure throws NetworkError; an abort, the signal's reason.
 */
export async function withRetries(
  attempt: (last: boolean) => Promise<Response>,
  policy: RetryPolicy,
  context: { signal?: AbortSignal | null | undefined; label: string },
): Promise<Response> {
  const { signal } = context;
  for (let tries = 1; ; tries++) {
    const last = tries >= policy.maxAttempts;
    const backoffMs = Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tries - 1));
    let response: Response;
    try {
      response = await attempt(last);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (last) throw new NetworkError(`${context.label}: ${messageOf(error)}`, { cause: error });
      await sleep(backoffMs, signal);
      continue;
    }
    if (last || !RETRIED_STATUSES.has(response.status)) return response;
    const retryAfter = retryAfterSecondsOf(response.headers.get('retry-after'));
    const delayMs = retryAfter === undefined ? backoffMs : retryAfter * 1000;
    if (delayMs > policy.maxDelayMs) return response;
    await response.body?.cancel();
    await sleep(delayMs, signal);
  }
}

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

/** Waits `ms`, or throws the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
