import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A service's key pair as its configuration carries it: PKCS8 and SPKI PEM. */
export interface ServiceKeyPair {
  privateKey: string;
  publicKey: string;
}

/** Keys of a whole fleet: each service's private key, and the public keys every verifier trusts. */
export interface ServiceKeySet {
  privateKeys: Record<string, string>;
  /** Service name → its public keys, the current one first (SERVICE_PUBLIC_KEYS). */
  publicKeys: Record<string, string[]>;
}

/** PEMs arrive through environment variables, where newlines are sometimes written as `\n`. */
const withNewlines = (pem: string): string => pem.replace(/\\n/g, '\n').trim();

function requireEd25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** An Ed25519 private key from its PKCS8 PEM. */
export function importPrivateKey(pem: string): KeyObject {
  return requireEd25519(createPrivateKey({ key: withNewlines(pem), format: 'pem' }), 'the private key');
}

/** An Ed25519 public key from its SPKI PEM. */
export function importPublicKey(pem: string): KeyObject {
  const text = withNewlines(pem);
  // createPublicKey would derive one from a private key: a private key must never sit in a public list.
  if (!text.startsWith('-----BEGIN PUBLIC KEY-----')) throw new Error('a public key is expected (SPKI PEM)');
  return requireEd25519(createPublicKey({ key: text, format: 'pem' }), 'the public key');
}

/** The SPKI PEM of a private key's public half (what the other services list). */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(importPrivateKey(privateKeyPem)).export({ format: 'pem', type: 'spki' }).toString();
}

/** The key id a token names (`kid`): the RFC 7638 thumbprint of the public key's JWK. */
export function keyIdOf(publicKey: KeyObject): string {
  const { x } = publicKey.export({ format: 'jwk' });
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
}

export function generateServiceKeyPair(): ServiceKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { format: 'pem', type: 'pkcs8' },
    publicKeyEncoding: { format: 'pem', type: 'spki' },
  });
  return { privateKey, publicKey };
}

/** A fresh key pair for each named service (local fleets and tests; production keys come from the chart). */
export function generateServiceKeys(names: readonly string[]): ServiceKeySet {
  const set: ServiceKeySet = { privateKeys: {}, publicKeys: {} };
  for (const name of names) {
    const pair = generateServiceKeyPair();
    set.privateKeys[name] = pair.privateKey;
    set.publicKeys[name] = [pair.publicKey];
  }
  return set;
}
