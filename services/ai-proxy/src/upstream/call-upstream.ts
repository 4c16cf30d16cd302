import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { ModelRoute, Upstream } from '../domain/routes.ts';

export interface UpstreamCall {
  route: ModelRoute;
  path: string;
  /** The body for an upstream under its model id. */
  bodyFor: (model: string) => string;
  timeoutMs: number;
  /** The caller's cancellation (the client went away). */
  signal: AbortSignal;
  log: Logger;
}

/** What was answered, with the signal that aborts the body (ours, or the caller's). */
export interface UpstreamAnswer {
  response: Response;
  /** Which provider answered, for the log. */
  provider: 'primary' | 'fallback';
}

/** A failure worth trying the fallback for: no connection, no answer in time, 429 or 5xx. */
class RetryableFailure extends Error {
  readonly code: 'upstream_error' | 'upstream_timeout';
  constructor(code: 'upstream_error' | 'upstream_timeout', message: string) {
    super(message);
    this.code = code;
  }
}

async function callOne(upstream: Upstream, model: string, call: UpstreamCall): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('timeout')), call.timeoutMs);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (upstream.apiKey) headers.authorization = `Bearer ${upstream.apiKey}`;
  try {
    const response = await fetch(`${upstream.baseUrl}${call.path}`, {
      method: 'POST',
      headers,
      body: call.bodyFor(model),
      signal: AbortSignal.any([call.signal, timeout.signal]),
    });
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetryableFailure('upstream_error', `answered ${response.status}`);
    }
    return response;
  } catch (err) {
    if (err instanceof RetryableFailure || call.signal.aborted) throw err;
    if (timeout.signal.aborted) throw new RetryableFailure('upstream_timeout', `no answer within ${call.timeoutMs} ms`);
    throw new RetryableFailure('upstream_error', `could not connect (${(err as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls the alias's primary provider, then its fallback (if any) when the primary refused the
 * connection, timed out before answering, or answered 429 or 5xx. The upstream's address and
 * words stay in the log; the caller gets upstream_error or upstream_timeout.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer> {
  const tries = [
    { provider: 'primary' as const, ...call.route.primary },
    ...(call.route.fallback ? [{ provider: 'fallback' as const, ...call.route.fallback }] : []),
  ];
  let last: RetryableFailure | undefined;
  for (const attempt of tries) {
    try {
      return { response: await callOne(attempt.upstream, attempt.model, call), provider: attempt.provider };
    } catch (err) {
      if (!(err instanceof RetryableFailure)) throw err;
      call.log.warn({ provider: attempt.provider, path: call.path, reason: err.message }, 'AI upstream failed');
      last = err;
    }
  }
  const failure = last!;
  throw new AppError(
    failure.code,
    failure.code === 'upstream_timeout'
      ? 'The AI provider did not answer in time; nothing was charged.'
      : 'The AI provider failed to answer; nothing was charged. Retry later.',
  );
}
