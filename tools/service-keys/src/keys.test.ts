// The keys are what the services read: Ed25519, the private key PKCS8 PEM and the public key SPKI
// PEM, usable with jose (EdDSA JWTs) as the services use them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, importSPKI, jwtVerify, SignJWT } from 'jose';
import { generateEd25519, isPairOf, publicKeyOf } from './keys.ts';

test('a generated pair signs a JWT with jose that its public key verifies and another does not', async () => {
  const pair = generateEd25519();
  assert.match(pair.privateKey, /^-----BEGIN PRIVATE KEY-----\n/);
  assert.match(pair.publicKey, /^-----BEGIN PUBLIC KEY-----\n/);
  const token = await new SignJWT({ svc: 'gateway' })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(await importPKCS8(pair.privateKey, 'EdDSA'));
  const { payload } = await jwtVerify(token, await importSPKI(pair.publicKey, 'EdDSA'));
  assert.equal(payload.svc, 'gateway');
  const other = generateEd25519();
  await assert.rejects(jwtVerify(token, await importSPKI(other.publicKey, 'EdDSA')), /signature verification failed/);
});

test('publicKeyOf derives the pair of a private key; isPairOf tells pairs apart', () => {
  const pair = generateEd25519();
  assert.equal(publicKeyOf(pair.privateKey), pair.publicKey);
  assert.ok(isPairOf(pair.privateKey, pair.publicKey));
  assert.ok(!isPairOf(pair.privateKey, generateEd25519().publicKey));
});

test('publicKeyOf refuses a key of another type and text that is no key', () => {
  const { privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  assert.throws(() => publicKeyOf(privateKey), /is a ec key, not Ed25519/);
  assert.throws(() => publicKeyOf('not a key'));
});
