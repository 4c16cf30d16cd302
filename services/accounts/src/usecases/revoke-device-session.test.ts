import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_EVENTS } from '@tp/events';
import { revokeDeviceSession } from './revoke-device-session.ts';
import { accountsWorld } from './testing/world.ts';

describe('revokeDeviceSession', () => {
  it('logs the one device out, announces it and wakes the relay; again revokes nothing', async () => {
    const { deps, fake, clock, counts, seedUser, seedDevice } = accountsWorld();
    const userId = seedUser().id;
    const { device } = await seedDevice(userId);
    const { device: other } = await seedDevice(userId);
    assert.deepEqual(await revokeDeviceSession(deps, { userId, deviceId: device.id }), [device.id]);
    assert.deepEqual(fake.sessions.get(device.id)?.revokedAt, clock.now());
    assert.equal(fake.sessions.get(other.id)?.revokedAt, null, 'the other device stays signed in');
    assert.deepEqual(
      fake.outbox.map((m) => [m.subject, m.payload]),
      [
        [
          ACCOUNT_EVENTS.sessionRevoked,
          { user_id: userId, device_ids: [device.id], occurred_at: clock.now().toISOString() },
        ],
      ],
    );
    assert.equal(counts.nudges, 1);
    assert.deepEqual(await revokeDeviceSession(deps, { userId, deviceId: device.id }), []);
    assert.equal(fake.outbox.length, 1);
  });

  it('answers not_found for a device that is unknown or another user’s, and leaves it signed in', async () => {
    const { deps, fake, counts, seedUser, seedDevice } = accountsWorld();
    const { device } = await seedDevice(seedUser().id);
    const stranger = seedUser('eve@example.com').id;
    for (const deviceId of [device.id, 'dev_unknown'])
      await assert.rejects(revokeDeviceSession(deps, { userId: stranger, deviceId }), {
        code: 'not_found',
        message: 'The device session was not found.',
      });
    assert.equal(fake.sessions.get(device.id)?.revokedAt, null);
    assert.equal(counts.nudges, 0);
  });
});
