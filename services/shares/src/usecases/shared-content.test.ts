import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { NOT_SHARED_MESSAGE } from '../domain/share-rules.ts';
import { readShared } from './shared-content.ts';
import { sharesWorld, transcriptSaying, USER } from './testing/world.ts';

const notShared = { code: 'not_found', message: NOT_SHARED_MESSAGE };

describe('readShared', () => {
  it("reads a following share's current version, and a pinned share's own", async () => {
    const { deps, clock, backends, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript(USER, 'First take.');
    backends.addVersion(t.artifactId, transcriptSaying('Second take.'));
    const following = seedShare(USER, t).share;
    const pinned = seedShare(USER, t, { targetVersionId: t.versionId }).share;
    const shown = async (share: typeof following) =>
      (await readShared(deps, share, clock.now())).transcript.segments[0]?.text;
    assert.equal(await shown(following), 'Second take.');
    assert.equal(await shown(pinned), 'First take.');
    assert.equal((await readShared(deps, pinned, clock.now())).artifactTitle, 'Interview');
  });

  it('takes the share down for good when its artifact, pinned version or media is gone', async () => {
    const { deps, fake, clock, backends, lines, seedTranscript, seedShare } = sharesWorld();
    const cases = [
      ['artifact_gone', (t: ReturnType<typeof seedTranscript>) => backends.stored.delete(t.artifactId), {}],
      [
        'version_gone',
        (t: ReturnType<typeof seedTranscript>) => backends.stored.get(t.artifactId)!.versions.pop(),
        'pin',
      ],
      [
        'artifact_gone',
        (t: ReturnType<typeof seedTranscript>) => backends.stored.get(t.artifactId)!.versions.pop(),
        {},
      ],
      ['media_gone', (t: ReturnType<typeof seedTranscript>) => backends.mediaOwners.delete(t.mediaId), {}],
    ] as const;
    for (const [reason, remove, pin] of cases) {
      const t = seedTranscript();
      const { share } = seedShare(USER, t, pin === 'pin' ? { targetVersionId: t.versionId } : {});
      remove(t);
      await assert.rejects(readShared(deps, share, clock.now()), notShared, reason);
      assert.deepEqual(
        [fake.rows.get(share.id)?.takedownReason, fake.rows.get(share.id)?.takenDownAt],
        [reason, clock.now()],
      );
    }
    assert.deepEqual(
      lines.map((l) => [l.msg, l.reason]),
      cases.map(([reason]) => ['share taken down', reason]),
    );
  });

  it('logs a take-down only once, and a take-down it could not record (the next opening retries)', async () => {
    const { deps, fake, clock, failing, backends, lines, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript();
    const { share } = seedShare(USER, t);
    backends.mediaOwners.delete(t.mediaId);
    failing.set('takeDown', new Error('the database is down'));
    await assert.rejects(readShared(deps, share, clock.now()), notShared);
    assert.equal(fake.rows.get(share.id)?.takenDownAt, null);
    failing.delete('takeDown');
    await assert.rejects(readShared(deps, share, clock.now()), notShared);
    await assert.rejects(readShared(deps, share, clock.now()), notShared);
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg]),
      [
        ['error', 'could not record the take-down of a share'],
        ['info', 'share taken down'],
      ],
    );
  });
});

describe('readShared: failures', () => {
  it('lets any other failure of a backend through, taking nothing down', async () => {
    const { deps, fake, clock, failing, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    for (const method of ['getArtifact', 'getCurrentPayload', 'getMedia']) {
      failing.set(method, new AppError('service_unavailable'));
      await assert.rejects(readShared(deps, share, clock.now()), { code: 'service_unavailable' }, method);
      failing.delete(method);
    }
    assert.equal(fake.rows.get(share.id)?.takenDownAt, null);
  });

  it('shows nothing of an artifact that is not a transcript, or a payload that is unreadable or invalid', async () => {
    const { deps, clock, backends, lines, seedTranscript, seedShare } = sharesWorld();
    const video = seedShare(USER, seedTranscript(USER, '', { artifactType: 'media_export' })).share;
    await assert.rejects(readShared(deps, video, clock.now()), notShared);
    const t = seedTranscript();
    const unavailable = backends.addVersion(t.artifactId, transcriptSaying('x'), { payloadUnavailable: true });
    const empty = backends.addVersion(t.artifactId, '');
    const invalid = backends.addVersion(t.artifactId, '{"version":1}');
    for (const versionId of [unavailable, empty])
      await assert.rejects(readShared(deps, seedShare(USER, t, { targetVersionId: versionId }).share, clock.now()), {
        code: 'service_unavailable',
        message: 'The transcript cannot be read right now; try again later.',
      });
    await assert.rejects(readShared(deps, seedShare(USER, t, { targetVersionId: invalid }).share, clock.now()), {
      code: 'internal_error',
      message: 'The shared transcript cannot be read.',
    });
    assert.deepEqual(
      lines.map((l) => l.msg),
      [
        'a share points at an artifact that is not a transcript',
        'the payload of a shared transcript could not be read',
        'the payload of a shared transcript could not be read',
        'a shared transcript is not a valid transcript',
      ],
    );
  });
});
