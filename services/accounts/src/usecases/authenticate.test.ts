import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_SCOPES } from '@tp/scopes';
import { generateAccessToken } from '../domain/access-tokens.ts';
import { sessionKey, signAppSession } from '../domain/app-sessions.ts';
import { authenticate } from './authenticate.ts';
import { accountsWorld, DAY_MS } from './testing/world.ts';

const refused = { code: 'invalid_api_key' };

describe('authenticate: personal access tokens', () => {
  it('stand for their user with their scopes, expiry and the user’s features, and stamp their use', async () => {
    const { deps, fake, clock, seedUser, seedToken } = accountsWorld();
    const user = seedUser();
    fake.features.push({ userId: user.id, featureKey: 'profile.oracle-max', grantedAt: clock.now() });
    const expiresAt = new Date(clock.now().getTime() + DAY_MS);
    const { token, secret } = seedToken(user.id, { scopes: ['jobs:read', 'files:write'], expiresAt });
    assert.deepEqual(await authenticate(deps, { credential: secret }), {
      userId: user.id,
      kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN',
      scopes: ['jobs:read', 'files:write'],
      tokenId: token.id,
      deviceId: '',
      expiresAt,
      features: ['profile.oracle-max'],
    });
    assert.deepEqual(fake.tokens.get(token.id)?.lastUsedAt, clock.now());
  });

  it('answer no expiry for a token that never expires', async () => {
    const { deps, seedUser, seedToken } = accountsWorld();
    const { secret } = seedToken(seedUser().id);
    assert.equal((await authenticate(deps, { credential: secret })).expiresAt, undefined);
  });

  it('stamp their use at most once a minute by default, or as often as asked', async () => {
    const { deps, fake, clock, seedUser, seedToken } = accountsWorld();
    const { token, secret } = seedToken(seedUser().id, { lastUsedAt: clock.now() });
    const stamped = () => fake.tokens.get(token.id)?.lastUsedAt?.getTime();
    const first = stamped();
    clock.advance(59_999);
    await authenticate(deps, { credential: secret });
    assert.equal(stamped(), first, 'used within the minute: not stamped again');
    clock.advance(1);
    await authenticate(deps, { credential: secret });
    assert.equal(stamped(), clock.now().getTime());
    clock.advance(1_000);
    await authenticate({ ...deps, touchIntervalMs: 1_000 }, { credential: secret });
    assert.equal(stamped(), clock.now().getTime());
  });

  it('still authenticate when the stamp cannot be written', async () => {
    const { deps, fake, seedUser, seedToken } = accountsWorld();
    const { token, secret } = seedToken(seedUser().id);
    fake.failing.set('touchAccessToken', new Error('the database is down'));
    assert.equal((await authenticate(deps, { credential: secret })).tokenId, token.id);
  });

  it('refuse a token that is malformed, unknown, revoked or expired', async () => {
    const { deps, clock, seedUser, seedToken } = accountsWorld();
    const userId = seedUser().id;
    const { secret } = seedToken(userId);
    const typo = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    await assert.rejects(authenticate(deps, { credential: typo }), refused, 'a bad checksum');
    await assert.rejects(authenticate(deps, { credential: generateAccessToken().secret }), refused, 'unknown');
    const revoked = seedToken(userId, { revokedAt: clock.now() });
    await assert.rejects(authenticate(deps, { credential: revoked.secret }), refused, 'revoked');
    const expired = seedToken(userId, { expiresAt: clock.now() });
    await assert.rejects(authenticate(deps, { credential: expired.secret }), refused, 'expired at this instant');
  });
});

describe('authenticate: app sessions', () => {
  it('stand for the device’s user with every scope, the device and its expiry, and stamp it', async () => {
    const { deps, fake, clock, seedUser, seedDevice } = accountsWorld();
    const user = seedUser();
    fake.features.push({ userId: user.id, featureKey: 'live', grantedAt: clock.now() });
    const lastSeenAt = new Date(clock.now().getTime() - 60_000);
    const { device, sessionToken } = await seedDevice(user.id, { lastSeenAt });
    assert.deepEqual(await authenticate(deps, { credential: sessionToken }), {
      userId: user.id,
      kind: 'PRINCIPAL_KIND_APP_SESSION',
      scopes: ALL_SCOPES,
      tokenId: '',
      deviceId: device.id,
      expiresAt: device.expiresAt,
      features: ['live'],
    });
    assert.deepEqual(fake.sessions.get(device.id)?.lastSeenAt, clock.now());
  });

  it('are not stamped again within the minute, and still answer when stamping fails', async () => {
    const { deps, fake, clock, seedUser, seedDevice } = accountsWorld();
    const { device, sessionToken } = await seedDevice(seedUser().id);
    clock.advance(30_000);
    await authenticate(deps, { credential: sessionToken });
    assert.deepEqual(fake.sessions.get(device.id)?.lastSeenAt, device.createdAt);
    clock.advance(30_000);
    fake.failing.set('touchDeviceSession', new Error('the database is down'));
    assert.equal((await authenticate(deps, { credential: sessionToken })).deviceId, device.id);
  });

  it('refuse a token of another key, of a device that is unknown, another user’s, logged out or expired', async () => {
    const { deps, fake, clock, seedUser, seedDevice } = accountsWorld();
    const userId = seedUser().id;
    const other = seedUser('bob@example.com').id;
    const foreignKey = await signAppSession(
      { userId, deviceId: 'dev_1', expiresAt: new Date(clock.now().getTime() + DAY_MS) },
      sessionKey('another secret'),
    );
    await seedDevice(userId);
    await assert.rejects(authenticate(deps, { credential: foreignKey }), refused, 'signed with another key');
    const gone = await seedDevice(userId);
    fake.sessions.delete(gone.device.id);
    await assert.rejects(authenticate(deps, { credential: gone.sessionToken }), refused, 'unknown device');
    const stolen = await seedDevice(other, {}, userId);
    await assert.rejects(authenticate(deps, { credential: stolen.sessionToken }), refused, 'another user’s device');
    const loggedOut = await seedDevice(userId, { revokedAt: clock.now() });
    await assert.rejects(authenticate(deps, { credential: loggedOut.sessionToken }), refused, 'logged out');
    const expired = await seedDevice(userId, { expiresAt: clock.now() });
    await assert.rejects(authenticate(deps, { credential: expired.sessionToken }), refused, 'expired');
  });
});

describe('authenticate: anything else', () => {
  it('is refused', async () => {
    const { deps } = accountsWorld();
    for (const credential of ['', 'whatever', 'Bearer x', 'a.b', 'tsk_short'])
      await assert.rejects(authenticate(deps, { credential }), refused, credential);
  });
});
