// Issue 14: POST /transcribe's idempotency. The gateway asks FindIdempotentJob with the hash of
// its body (the request fingerprint) before it imports a remote file or subscribes a webhook, and
// gives CreateJob the same fingerprint, which the idempotency record stores instead of the hash
// of CreateJob's own fields.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '@tp/ids';
import { codeOf, createRequest, errorOf, ledgerOf, newUser, useHarness, userWithMedia } from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true });

const fingerprint = (n: number) => `${n}`.padStart(64, 'f');

describe('FindIdempotentJob', () => {
  it('answers the job stored under the key and fingerprint, which CreateJob replays with its first webhook_id', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const find = (idempotencyKey: string, requestFingerprint: string, user = userId) =>
      h.jobs.findIdempotentJob({ userId: user, idempotencyKey, requestFingerprint });
    assert.equal(await codeOf(find('tr-1', fingerprint(1))), 'not_found', 'nothing stored yet');

    const first = await h.jobs.createJob(
      createRequest(userId, [media[0]!.mediaId], {
        idempotencyKey: 'tr-1',
        requestFingerprint: fingerprint(1),
        webhookId: newId('whs'),
      }),
    );
    assert.equal(first.replayed, false);
    assert.equal(
      (await h.db.query('SELECT request_hash FROM idempotency_keys WHERE job_id = $1', [first.job!.jobId])).rows[0]
        .request_hash,
      fingerprint(1),
      'the record holds the fingerprint',
    );
    const found = await find('tr-1', fingerprint(1));
    assert.equal(found.replayed, true);
    assert.equal(found.job!.jobId, first.job!.jobId);
    assert.equal(found.job!.webhookId, first.job!.webhookId);
    assert.equal(found.job!.status, 'queued');
    assert.equal(found.job!.queuePosition, 1);

    // A retry that raced past FindIdempotentJob subscribed another webhook and names another
    // (imported) media: the fingerprint decides, and the first job comes back with its webhook.
    const raced = await h.jobs.createJob(
      createRequest(userId, [media[1]!.mediaId], {
        idempotencyKey: 'tr-1',
        requestFingerprint: fingerprint(1),
        webhookId: newId('whs'),
      }),
    );
    assert.equal(raced.replayed, true);
    assert.equal(raced.job!.jobId, first.job!.jobId);
    assert.equal(raced.job!.webhookId, first.job!.webhookId);
    assert.equal((await ledgerOf(h, userId, first.job!.jobId)).length, 1, 'one hold');

    // Another body under the same key.
    assert.equal(await codeOf(find('tr-1', fingerprint(2))), 'idempotency_conflict');
    assert.equal(
      await codeOf(
        h.jobs.createJob(
          createRequest(userId, [media[0]!.mediaId], { idempotencyKey: 'tr-1', requestFingerprint: fingerprint(2) }),
        ),
      ),
      'idempotency_conflict',
    );
    // A key taken by a request without a fingerprint (POST /api/v1/jobs) is another request too.
    await h.jobs.createJob(createRequest(userId, [media[1]!.mediaId], { idempotencyKey: 'api-1' }));
    assert.equal(await codeOf(find('api-1', fingerprint(1))), 'idempotency_conflict');

    // Another user's key is never seen; a key older than its lifetime is forgotten.
    assert.equal(await codeOf(find('tr-1', fingerprint(1), await newUser(h, '0'))), 'not_found');
    await h.service.reconcile(new Date(Date.now() + 25 * 60 * 60 * 1000));
    const expired = await errorOf(find('tr-1', fingerprint(1)));
    assert.equal(expired.code, 'not_found');
    assert.match(expired.message, /Idempotency-Key/);
  });

  it('answers not_found for a creation that was refused, and refuses malformed requests', async () => {
    const poor = await userWithMedia(h, '0.001');
    const request = createRequest(poor.userId, [poor.media[0]!.mediaId], {
      idempotencyKey: 'tr-poor',
      requestFingerprint: fingerprint(3),
    });
    assert.equal(await codeOf(h.jobs.createJob(request)), 'insufficient_credits');
    const find = (idempotencyKey: string, requestFingerprint: string) =>
      h.jobs.findIdempotentJob({ userId: poor.userId, idempotencyKey, requestFingerprint });
    assert.equal(await codeOf(find('tr-poor', fingerprint(3))), 'not_found', 'the key was forgotten with the creation');

    assert.equal(await codeOf(find('tr-poor', '')), 'validation_error', 'no fingerprint');
    assert.equal(await codeOf(find('tr-poor', 'two words')), 'validation_error');
    assert.equal(await codeOf(find('', fingerprint(3))), 'bad_request', 'no key');
    assert.equal(
      await codeOf(h.jobs.createJob({ ...request, requestFingerprint: 'x'.repeat(129) })),
      'validation_error',
    );
  });
});
