import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLIENT_LOCAL_FEATURE } from '@tp/catalog';
import { ACCOUNT_EVENTS } from '@tp/events';
import { grantFeature } from './grant-feature.ts';
import { accountsWorld } from './testing/world.ts';

describe('grantFeature', () => {
  it('enables the feature for the user with that email and announces the change once', async () => {
    const { deps, fake, clock, counts, seedUser } = accountsWorld();
    const user = seedUser();
    const feature = await grantFeature(deps, { email: 'ADA@example.com', featureKey: CLIENT_LOCAL_FEATURE });
    assert.deepEqual([feature.userId, feature.featureKey], [user.id, CLIENT_LOCAL_FEATURE]);
    assert.deepEqual(
      fake.outbox.map((m) => [m.subject, m.payload]),
      [[ACCOUNT_EVENTS.featuresChanged, { user_id: user.id, occurred_at: clock.now().toISOString() }]],
    );
    assert.equal(counts.nudges, 1);
    assert.deepEqual(await grantFeature(deps, { email: user.email, featureKey: CLIENT_LOCAL_FEATURE }), feature);
    assert.equal(fake.features.length, 1, 'granting again changes nothing');
    assert.equal(fake.outbox.length, 1, 'and announces nothing');
  });

  it('refuses an unknown feature, naming the known ones, before it looks the user up', async () => {
    const { deps, fake } = accountsWorld();
    await assert.rejects(grantFeature(deps, { email: 'nobody@example.com', featureKey: 'profile.nope' }), {
      code: 'bad_request',
      message: new RegExp(`^Unknown feature "profile.nope". Known features: .*${CLIENT_LOCAL_FEATURE}`),
    });
    assert.equal(fake.features.length, 0);
  });

  it('answers not_found, naming the email, for a user who does not exist', async () => {
    const { deps, counts } = accountsWorld();
    await assert.rejects(grantFeature(deps, { email: 'ghost@example.com', featureKey: CLIENT_LOCAL_FEATURE }), {
      code: 'not_found',
      message: 'No user with email ghost@example.com.',
    });
    assert.equal(counts.nudges, 0);
  });
});
