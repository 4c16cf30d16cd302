import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROFILES, availableProfiles, findProfile, priceForSeconds, toCredits } from './index.ts';

describe('profile catalog', () => {
  it('holds exactly the six codenames of the public API', () => {
    assert.deepEqual(PROFILES.map((p) => p.codename).sort(), [
      'base',
      'base-whisper',
      'oracle',
      'oracle-max',
      'oracle-mini',
      'oracle-pro',
    ]);
  });

  it('prices base at 0.40 credits per hour and makes it the cheapest', () => {
    const base = findProfile('base')!;
    assert.equal(toCredits(base.microCreditsPerHour), 0.4);
    for (const p of PROFILES) assert.ok(p.microCreditsPerHour >= base.microCreditsPerHour, p.codename);
  });

  it('bills per second with no minimum, rounding up to a micro-credit', () => {
    const base = findProfile('base')!;
    assert.equal(priceForSeconds(base, 3600), 400_000);
    assert.equal(priceForSeconds(base, 1), 112); // 400000/3600 = 111.1 → 112
    assert.equal(priceForSeconds(base, 0), 0);
    assert.throws(() => priceForSeconds(base, -1), RangeError);
  });

  it('gives cloud live routes to the models the fast path accepts, and a fallback for device routes', () => {
    const cloudLive = PROFILES.filter((p) => p.liveRoute === 'cloud')
      .map((p) => p.codename)
      .sort();
    assert.deepEqual(cloudLive, ['base-whisper', 'oracle', 'oracle-max', 'oracle-mini', 'oracle-pro']);
    for (const p of PROFILES.filter((p) => p.liveRoute === 'device')) {
      assert.equal(findProfile(p.cloudFallback!)?.liveRoute, 'cloud');
    }
  });

  it('shows internal profiles only with their feature', () => {
    const none = availableProfiles(new Set()).map((p) => p.codename);
    assert.ok(!none.includes('oracle-max'));
    assert.ok(none.includes('oracle'));
    const granted = availableProfiles(new Set(['profile.oracle-max'])).map((p) => p.codename);
    assert.ok(granted.includes('oracle-max'));
    assert.ok(!granted.includes('base-whisper'));
    for (const p of PROFILES) assert.equal(p.visibility === 'internal', p.featureKey !== null, p.codename);
  });
});

describe('features', async () => {
  const { FEATURES, isKnownFeature } = await import('./index.ts');
  it('include the feature of every internal profile', () => {
    for (const p of PROFILES.filter((p) => p.visibility === 'internal'))
      assert.ok(isKnownFeature(p.featureKey!), p.codename);
    assert.ok(!isKnownFeature('profile.oracle'));
    assert.ok(!isKnownFeature('hasOwnProperty'));
    assert.ok(Object.keys(FEATURES).length >= 2);
  });
});
