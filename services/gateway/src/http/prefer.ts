import type { IncomingHttpHeaders } from 'node:http';

/**
 * `Prefer: wait=<seconds>` (RFC 7240): how long the client is willing to wait for an answer
 * before it gets a 202 and polls. Returns milliseconds for the backend, where 0 means "the
 * service default"; so an explicit wait=0 becomes 1 ms.
 */
export function preferredWaitMs(headers: IncomingHttpHeaders): number {
  const prefer = headers.prefer;
  if (typeof prefer !== 'string') return 0;
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?/i.exec(prefer);
  if (!match) return 0;
  return Math.max(1, Math.min(Number(match[1]) * 1000, 60_000));
}

/** `Prefer: respond-async` (RFC 7240): the client takes a 202 and polls rather than wait for the end. */
export function prefersRespondAsync(headers: IncomingHttpHeaders): boolean {
  const prefer = headers.prefer;
  return typeof prefer === 'string' && /(?:^|[,;\s])respond-async(?:$|[,;\s])/i.test(prefer);
}

/** What `Preference-Applied` says of an answer that took `Prefer: respond-async` (its 202). */
export const RESPOND_ASYNC_APPLIED = { 'Preference-Applied': 'respond-async' } as const;

/**
 * How long register and upload wait for verification without `respond-async` (ADR 0034): longer than any
 * ordinary file takes, and short of media's own bound (30 s) so that the answer is the gateway's.
 */
export const SYNC_VERIFICATION_WAIT_MS = 25_000;

/**
 * The verification wait of register and upload: with `respond-async`, as `Prefer: wait` says (0 = media's
 * default, a few seconds) before a 202; without it, as `Prefer: wait` says or `SYNC_VERIFICATION_WAIT_MS`.
 */
export function verificationWait(headers: IncomingHttpHeaders): { respondAsync: boolean; waitMs: number } {
  const respondAsync = prefersRespondAsync(headers);
  const waitMs = preferredWaitMs(headers);
  return { respondAsync, waitMs: respondAsync || waitMs > 0 ? waitMs : SYNC_VERIFICATION_WAIT_MS };
}

/** Deadline of a backend call that may wait `waitMs` for verification (0 = its default, a few seconds). */
export function deadlineForWait(waitMs: number): number {
  return (waitMs === 0 ? 25_000 : waitMs) + 5_000;
}
