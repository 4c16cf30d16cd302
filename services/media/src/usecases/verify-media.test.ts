import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import { USER, verifyingWorld } from './testing/fixtures.ts';
import { VerificationDeferred, verifyMedia } from './verify-media.ts';

const WORK = { verification_id: 'vrf_1', media_id: 'med_1' };

describe('verifyMedia: the probe decides', () => {
  it('marks a playable file ready with its facts, announces it and wakes its waiters', async () => {
    const { deps, fake, probes, counts, notified, clock } = verifyingWorld();
    await verifyMedia(deps, WORK);
    const row = fake.get('med_1')!;
    assert.deepEqual(
      [row.status, row.durationSeconds, row.containerFormat, row.verification?.status, row.verification?.attempts],
      ['ready', 2, 'wav', 'succeeded', 1],
    );
    const [event] = fake.outbox;
    assert.equal(event?.subject, MEDIA_EVENTS.verified);
    assert.deepEqual(event?.payload, {
      media_id: 'med_1',
      user_id: USER,
      workspace_id: 'ws_1',
      content_type: 'audio/wav',
      size_bytes: 1000,
      duration_seconds: 2,
      container_format: 'wav',
      occurred_at: clock.now().toISOString(),
    });
    assert.deepEqual([counts.nudges, notified], [1, ['med_1']]);
    // ffprobe reads through a URL for the services, valid a minute beyond its own limit.
    assert.deepEqual(Object.fromEntries(new URL(probes[0]!).searchParams), { op: 'get', ttl: '70', for: 'services' });
  });

  it('fails a file that is not media, or has no audio, and removes its object', async () => {
    for (const [run, code] of [
      [{ kind: 'invalid', detail: 'Invalid data found' }, 'media_unplayable'],
      [{ kind: 'probed', output: '{"format":{"duration":"2"},"streams":[{"codec_type":"video"}]}' }, 'media_no_audio'],
    ] as const) {
      const { deps, fake, storage, probeAnswers, notified } = verifyingWorld();
      probeAnswers(run);
      await verifyMedia(deps, WORK);
      assert.deepEqual([fake.get('med_1')?.status, fake.get('med_1')?.failureCode], ['failed', code]);
      assert.deepEqual([storage.stored.size, notified], [0, ['med_1']]);
    }
  });

  it('defers a run that could not happen, with the code its retries would give up with', async () => {
    for (const [detail, code] of [
      ['ffprobe did not finish within 10000 ms', 'media_unplayable'],
      ['ffprobe could not be started: ENOENT', 'internal_error'],
      ['Server returned 503', 'storage_unavailable'],
    ]) {
      const { deps, fake, probeAnswers } = verifyingWorld();
      probeAnswers({ kind: 'transient', detail: detail! });
      await assert.rejects(verifyMedia(deps, WORK), (err) => err instanceof VerificationDeferred && err.code === code);
      assert.equal(fake.get('med_1')?.status, 'verifying');
    }
  });

  it('fails with upload_incomplete when the object disappeared before it was verified', async () => {
    const { deps, fake, storage, probes } = verifyingWorld();
    storage.stored.clear();
    await verifyMedia(deps, WORK);
    assert.deepEqual([fake.get('med_1')?.failureCode, probes], ['upload_incomplete', []]);
  });

  it('announces nothing when the media was deleted while it was probed', async () => {
    const { deps, fake, counts, notified } = verifyingWorld();
    const probe = deps.probe;
    deps.probe = async (url) => {
      await deps.store.markDeleted(USER, 'med_1', deps.now(), []);
      return probe(url);
    };
    await verifyMedia(deps, WORK);
    assert.deepEqual([fake.get('med_1')?.status, fake.outbox, counts.nudges], ['verifying', [], 0]);
    assert.deepEqual(notified, ['med_1']);
  });
});

describe('verifyMedia: a repeated or stale verification', () => {
  it('does nothing for an unknown verification but say so', async () => {
    const { deps, logged, probes } = verifyingWorld();
    await verifyMedia(deps, { verification_id: 'vrf_none', media_id: 'med_1' });
    await verifyMedia(deps, undefined);
    assert.deepEqual(
      [logged('warn'), probes],
      [['verification not found; nothing to do', 'verification not found; nothing to do'], []],
    );
  });

  it('removes the object a failed, expired or deleted media still holds, and probes nothing', async () => {
    for (const fields of [{ status: 'failed' }, { status: 'expired' }, { deletedAt: new Date() }]) {
      const { deps, fake, storage, probes } = verifyingWorld(fields);
      await verifyMedia(deps, WORK);
      assert.deepEqual([storage.stored.size, fake.get('med_1')?.liveKey, probes], [0, null, []]);
    }
  });

  it('leaves a ready media, and a settled one whose object is already gone, as they are', async () => {
    for (const fields of [{ status: 'ready' }, { status: 'failed', liveKey: null }]) {
      const { deps, storage, probes } = verifyingWorld(fields);
      await verifyMedia(deps, WORK);
      assert.deepEqual([storage.changes, probes], [[], []]);
    }
  });
});
