import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { releaseStaleUsageHolds } from './release-stale-usage-holds.ts';
import { billingWorld, HOUR_MS, NOW } from './testing/fakes.ts';

describe('releaseStaleUsageHolds', () => {
  it('releases, uncharged, the usage holds made before the stale age, and says how many', async () => {
    const { deps, stale, callsOf, lines } = billingWorld();
    stale.push('aic_1', 'aic_2');
    assert.equal(await releaseStaleUsageHolds(deps, NOW), 2);
    assert.deepEqual(callsOf('staleHolds'), [[new Date(NOW.getTime() - 2 * HOUR_MS), 500]]);
    assert.deepEqual(callsOf('release'), [
      ['aic_1', NOW],
      ['aic_2', NOW],
    ]);
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg, l.holds]),
      [['warn', 'released stale managed-AI holds', 2]],
    );
  });

  it('releases at most 500 a sweep', async () => {
    const { deps, stale, callsOf } = billingWorld();
    stale.push(...Array.from({ length: 501 }, (_, i) => `aic_${i}`));
    assert.equal(await releaseStaleUsageHolds(deps, NOW), 500);
    assert.equal(callsOf('release').length, 500);
  });

  it('does nothing and logs nothing when no hold is stale', async () => {
    const { deps, callsOf, lines } = billingWorld();
    assert.equal(await releaseStaleUsageHolds(deps, NOW), 0);
    assert.deepEqual([callsOf('release'), lines], [[], []]);
  });
});
