import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { takeDownMediaShares } from './take-down-media-shares.ts';
import { sharesWorld, USER } from './testing/world.ts';

describe('takeDownMediaShares', () => {
  it('takes down every share of the deleted media, logs how many, and nothing more when told again', async () => {
    const { deps, fake, clock, lines, seedTranscript, seedShare } = sharesWorld();
    const transcript = seedTranscript();
    const following = seedShare(USER, transcript).share;
    const pinned = seedShare(USER, transcript, { targetVersionId: transcript.versionId }).share;
    const kept = seedShare(USER, seedTranscript()).share;
    assert.equal(await takeDownMediaShares(deps, { userId: USER, mediaId: transcript.mediaId }), 2);
    for (const share of [following, pinned])
      assert.deepEqual(
        [fake.rows.get(share.id)?.takenDownAt, fake.rows.get(share.id)?.takedownReason],
        [clock.now(), 'media_deleted'],
      );
    assert.equal(fake.rows.get(kept.id)?.takenDownAt, null);
    assert.deepEqual(
      lines.map((l) => [l.msg, l.mediaId, l.count]),
      [['shares of a deleted media taken down', transcript.mediaId, 2]],
    );
    assert.equal(await takeDownMediaShares(deps, { userId: USER, mediaId: transcript.mediaId }), 0);
    assert.equal(lines.length, 1, 'a take-down of nothing is not logged');
  });
});
