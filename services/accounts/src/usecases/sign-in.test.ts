import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyAppSession } from '../domain/app-sessions.ts';
import { hashPassword } from '../domain/passwords.ts';
import { signIn } from './sign-in.ts';
import { accountsWorld } from './testing/world.ts';

const PASSWORD = 'a long password';
const refused = { code: 'invalid_credentials' };

async function world() {
  const w = accountsWorld();
  const user = w.seedUser('ada@example.com', await hashPassword(PASSWORD));
  return { ...w, user };
}

describe('signIn', () => {
  it('opens a device session for the email and password, and signs its token until the session ends', async () => {
    const { deps, fake, clock, user } = await world();
    const { sessionToken, device } = await signIn(deps, {
      email: ' ADA@example.com',
      password: PASSWORD,
      deviceName: '  Ada’s phone ',
      userAgent: 'x'.repeat(600),
    });
    const expiresAt = new Date(clock.now().getTime() + deps.sessionTtlMs);
    assert.deepEqual(
      [device.userId, device.deviceName, device.userAgent.length, device.expiresAt],
      [user.id, 'Ada’s phone', 500, expiresAt],
    );
    assert.ok(fake.sessions.has(device.id));
    assert.deepEqual(await verifyAppSession(sessionToken, deps.sessionKey), {
      userId: user.id,
      deviceId: device.id,
      expiresAt,
    });
  });

  it('names a device without a name "Unnamed device"', async () => {
    const { deps } = await world();
    const { device } = await signIn(deps, {
      email: 'ada@example.com',
      password: PASSWORD,
      deviceName: ' ',
      userAgent: '',
    });
    assert.equal(device.deviceName, 'Unnamed device');
  });

  it('answers invalid_credentials alike for a malformed or unknown email, a wrong password and no password', async () => {
    const { deps, fake, seedUser } = await world();
    seedUser('nopass@example.com', null);
    for (const [email, password] of [
      ['not an email', PASSWORD],
      ['bob@example.com', PASSWORD],
      ['ada@example.com', 'the wrong password'],
      ['nopass@example.com', 'anything long'],
    ])
      await assert.rejects(
        signIn(deps, { email: email!, password: password!, deviceName: '', userAgent: '' }),
        refused,
      );
    assert.equal(fake.sessions.size, 0);
  });
});
