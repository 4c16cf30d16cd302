import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { takeDownAccountShares } from './take-down-account-shares.ts';
import { STRANGER, sharesWorld, USER } from './testing/world.ts';

describe('takeDownAccountShares', () => {
  it('takes down every share of the deleted account, logs how many, and nothing more when told again', async () => {
    const { deps, fake, clock, lines, seedTranscript, seedShare } = sharesWorld();
    const first = seedShare(USER, seedTranscript()).share;
    const second = seedShare(USER, seedTranscript()).share;
    const kept = seedShare(STRANGER, seedTranscript(STRANGER)).share;
    assert.equal(await takeDownAccountShares(deps, { userId: USER }), 2);
    for (const share of [first, second])
      assert.deepEqual(
        [fake.rows.get(share.id)?.takenDownAt, fake.rows.get(share.id)?.takedownReason],
        [clock.now(), 'account_deleted'],
      );
    assert.equal(fake.rows.get(kept.id)?.takenDownAt, null);
    assert.deepEqual(
      lines.map((l) => [l.msg, l.userId, l.count]),
      [['shares of a deleted account taken down', USER, 2]],
    );
    assert.equal(await takeDownAccountShares(deps, { userId: USER }), 0);
    assert.equal(lines.length, 1, 'a take-down of nothing is not logged');
  });
});
