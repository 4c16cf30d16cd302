import assert from 'node:assert/strict';

/**
 * Runs `count` concurrent retries of a create whose secret is shown once (a token, a share's link):
 * exactly one creates, every other is refused as a replay naming it (ADR 0035). Answers the one created.
 */
export async function assertOneCreatedOfRetries<T>(
  count: number,
  retry: () => Promise<T>,
  replayDetails: (created: T) => Record<string, unknown>,
): Promise<T> {
  const results = await Promise.allSettled(Array.from({ length: count }, retry));
  const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  assert.equal(made.length, 1, JSON.stringify(results.map((r) => r.status === 'rejected' && r.reason.code)));
  for (const r of results)
    if (r.status === 'rejected')
      assert.deepEqual(
        [r.reason.code, r.reason.details],
        ['idempotency_replay_secret_unavailable', replayDetails(made[0]!)],
      );
  return made[0]!;
}
