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

/** Deadline of a backend call that may wait `waitMs` for verification (0 = its default, a few seconds). */
export function deadlineForWait(waitMs: number): number {
  return (waitMs === 0 ? 25_000 : waitMs) + 5_000;
}
