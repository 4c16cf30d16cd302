import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { generateServiceKeys, importPrivateKey, importPublicKey, keyIdOf, publicKeyOf } from './index.ts';

describe('service keys', () => {
  it('generates one Ed25519 pair per service, and derives the public half from the private key', () => {
    const set = generateServiceKeys(['jobs', 'billing']);
    assert.deepEqual(Object.keys(set.privateKeys), ['jobs', 'billing']);
    assert.match(set.privateKeys.jobs!, /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(set.publicKeys.jobs![0]!, /^-----BEGIN PUBLIC KEY-----\n/);
    assert.equal(publicKeyOf(set.privateKeys.jobs!), set.publicKeys.jobs![0]);
    assert.notEqual(set.publicKeys.jobs![0], set.publicKeys.billing![0]);
  });

  it('reads PEMs whose newlines an environment file wrote as \\n', () => {
    const { privateKeys, publicKeys } = generateServiceKeys(['jobs']);
    const key = importPrivateKey(privateKeys.jobs!.replace(/\n/g, '\\n'));
    assert.equal(key.asymmetricKeyType, 'ed25519');
    assert.equal(importPublicKey(publicKeys.jobs![0]!.replace(/\n/g, '\\n')).type, 'public');
  });

  it('refuses keys of another type, and a private key where a public one belongs', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { format: 'pem', type: 'pkcs8' },
      publicKeyEncoding: { format: 'pem', type: 'spki' },
    });
    assert.throws(() => importPrivateKey(rsa.privateKey), /not Ed25519/);
    assert.throws(() => importPublicKey(rsa.publicKey), /not Ed25519/);
    const { privateKeys } = generateServiceKeys(['jobs']);
    assert.throws(() => importPublicKey(privateKeys.jobs!), /public key is expected/);
    assert.throws(() => importPrivateKey('not a key'));
  });

  it('names a key by its RFC 7638 thumbprint, as jose computes it', async () => {
    const { publicKeys } = generateServiceKeys(['jobs']);
    const key = importPublicKey(publicKeys.jobs![0]!);
    assert.equal(keyIdOf(key), await calculateJwkThumbprint(await exportJWK(key)));
  });
});
