import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findIdempotentJob } from './find-idempotent-job.ts';
import { fakeIdempotency } from './testing/idempotency.ts';
import { AT, aJob, jobsWorld } from './testing/world.ts';

const fingerprint = (n: number) => `${n}`.padStart(64, 'f');

/** FindIdempotentJob's deps with the key `tr-1` of usr_1 taken under fingerprint 1 for a queued job. */
function findDeps() {
  const job = aJob({ webhookId: 'whs_1' });
  const world = jobsWorld(job);
  world.places.set(job.id, { position: 1, heldBack: false });
  const idempotency = fakeIdempotency();
  idempotency.take('usr_1', 'tr-1', fingerprint(1), job.id);
  const deps = { ...world.deps, idempotency: idempotency.store, now: () => AT, idempotencyTtlMs: 86_400_000 };
  return { deps, job };
}

const find = (idempotencyKey: string, requestFingerprint: string, userId = 'usr_1') => ({
  userId,
  idempotencyKey,
  requestFingerprint,
  deadline: undefined,
});

describe('findIdempotentJob', () => {
  it('answers the job stored under the key and fingerprint, with its place', async () => {
    const { deps, job } = findDeps();
    const found = await findIdempotentJob(deps, find('tr-1', fingerprint(1)));
    assert.deepEqual([found.job, found.position, found.queueReason], [job, 1, 'waiting_for_worker']);
  });

  it('answers not_found for a key nothing was stored under, or another user’s', async () => {
    const { deps } = findDeps();
    for (const input of [find('tr-2', fingerprint(1)), find('tr-1', fingerprint(1), 'usr_2')])
      await assert.rejects(findIdempotentJob(deps, input), {
        code: 'not_found',
        message: 'No job was created with this Idempotency-Key.',
      });
  });

  it('refuses another fingerprint under the key (idempotency_conflict)', async () => {
    const { deps } = findDeps();
    await assert.rejects(findIdempotentJob(deps, find('tr-1', fingerprint(2))), { code: 'idempotency_conflict' });
  });

  it('refuses a missing or malformed fingerprint (validation_error), a missing key and a malformed user (bad_request)', async () => {
    const { deps } = findDeps();
    for (const [input, code] of [
      [find('tr-1', ''), 'validation_error'],
      [find('tr-1', 'two words'), 'validation_error'],
      [find('tr-1', 'x'.repeat(129)), 'validation_error'],
      [find('', fingerprint(1)), 'bad_request'],
      [find('tr-1', fingerprint(1), ''), 'bad_request'],
    ] as const)
      await assert.rejects(findIdempotentJob(deps, input), { code }, JSON.stringify(input));
  });
});
