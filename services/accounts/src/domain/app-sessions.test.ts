import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { looksLikeJwt, sessionKey, signAppSession, verifyAppSession } from './app-sessions.ts';

const key = sessionKey('k'.repeat(40));

describe('app sessions', () => {
  it('round-trip user and device', async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const token = await signAppSession({ userId: 'usr_1', deviceId: 'dev_1', expiresAt }, key);
    assert.ok(looksLikeJwt(token));
    const claims = await verifyAppSession(token, key);
    assert.equal(claims?.userId, 'usr_1');
    assert.equal(claims?.deviceId, 'dev_1');
    assert.equal(claims?.expiresAt.getTime(), Math.floor(expiresAt.getTime() / 1000) * 1000);
  });

  it('refuse another key, expiry, tampering and foreign tokens', async () => {
    const token = await signAppSession(
      { userId: 'usr_1', deviceId: 'dev_1', expiresAt: new Date(Date.now() + 3600_000) },
      key,
    );
    assert.equal(await verifyAppSession(token, sessionKey('x'.repeat(40))), null);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'usr_2' }),
    ).toString('base64url');
    assert.equal(await verifyAppSession(`${h}.${forged}.${s}`, key), null);
    const expired = await signAppSession({ userId: 'u', deviceId: 'd', expiresAt: new Date(Date.now() - 1000) }, key);
    assert.equal(await verifyAppSession(expired, key), null);
    const otherType = await new SignJWT({ sid: 'd', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('transcription/accounts')
      .setAudience('transcription/app')
      .setExpirationTime('1h')
      .sign(key);
    assert.equal(await verifyAppSession(otherType, key), null);
    assert.equal(await verifyAppSession('not.a.jwt', key), null);
  });
});
