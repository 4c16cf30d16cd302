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

/**
 * A fetch that retries a request safe to repeat on 429, 503 and connection failures, with exponential
 * backoff and full jitter, waiting as Retry-After asks; the same request (its Idempotency-Key
 * included) is sent each time. A connection failure throws NetworkError; an abort, the signal's reason.
 */
export function retryingFetch(fetchImpl: Fetch, options: RetryOptions = {}): Fetch {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  return async (request) => {
    const attempts = isRetrySafe(request) ? maxAttempts : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A body is read once: each try but the last sends a copy.
      const outcome = await tryOnce(fetchImpl, last ? request : request.clone());
      const backoffMs = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      if (outcome.response) {
        const { response } = outcome;
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
        const retryAfter = retryAfterSecondsOf(response.headers.get('retry-after'));
        const delayMs = retryAfter === undefined ? backoffMs : retryAfter * 1000;
        if (delayMs > maxDelayMs) return response;
        await response.body?.cancel();
        await sleep(delayMs, request.signal);
      } else {
        if (last) throw outcome.error;
        await sleep(backoffMs, request.signal);
      }
    }
  };
}

async function tryOnce(fetchImpl: Fetch, request: Request): Promise<{ response?: Response; error?: unknown }> {
  try {
    return { response: await fetchImpl(request) };
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason;
    return { error: new NetworkError(`${request.method} ${request.url}: ${messageOf(error)}`, { cause: error }) };
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
