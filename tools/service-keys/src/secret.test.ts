// The key set in a Secret: one private key entry per service, the public keys every pod reads,
// the state; read back exactly; a hand-written Secret adopted; anything untrustworthy refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateEd25519 } from './keys.ts';
import { EMPTY_KEY_SET, reconcile } from './keyset.ts';
import { decodeSecretData, encodeSecretData, KEYSET_ENTRY, privateKeyEntry, PUBLIC_KEYS_ENTRY } from './secret.ts';

const NOW = new Date('2026-11-01T00:00:00Z');
const SERVICES = ['gateway', 'jobs', 'worker'];
const text = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString('utf8');

function keySet(rotationId = '', promote = false) {
  const first = reconcile(
    EMPTY_KEY_SET,
    { services: SERVICES, rotationId: '', promote: false, immediate: false, retiredTtlMs: 1000 },
    generateEd25519,
    NOW,
  ).set;
  return reconcile(
    first,
    { services: SERVICES, rotationId, promote, immediate: true, retiredTtlMs: 60_000 },
    generateEd25519,
    NOW,
  ).set;
}

test('each service has its own private key entry; public-keys.json lists every service current key first', () => {
  const set = keySet('r1');
  const data = encodeSecretData(set, NOW);
  assert.deepEqual(Object.keys(data).sort(), [
    'gateway-private-key.pem',
    'jobs-private-key.pem',
    KEYSET_ENTRY,
    PUBLIC_KEYS_ENTRY,
    'worker-private-key.pem',
  ]);
  for (const service of SERVICES)
    assert.equal(text(data[privateKeyEntry(service)]), set.services[service]?.current.privateKey);
  const published = JSON.parse(text(data[PUBLIC_KEYS_ENTRY])) as Record<string, string[]>;
  assert.deepEqual(Object.keys(published), ['gateway', 'jobs', 'worker']);
  for (const service of SERVICES) {
    const keys = set.services[service]!;
    assert.deepEqual(published[service], [keys.current.publicKey, keys.next?.publicKey]);
  }
  assert.ok(!text(data[PUBLIC_KEYS_ENTRY]).includes('PRIVATE KEY'), 'no private key among the public ones');
});

test('decode gives back what encode wrote, and encoding it again gives the same bytes', () => {
  const set = keySet('r1', true);
  const data = encodeSecretData(set, NOW);
  const decoded = decodeSecretData(data, NOW);
  assert.deepEqual(decoded, set);
  assert.deepEqual(encodeSecretData(decoded, NOW), data);
  assert.deepEqual(decodeSecretData(undefined, NOW), EMPTY_KEY_SET);
});

test('a Secret with private keys only (written by hand) is adopted: its keys stay current', () => {
  const pair = generateEd25519();
  const data = { [privateKeyEntry('gateway')]: Buffer.from(pair.privateKey).toString('base64'), other: 'eA==' };
  const set = decodeSecretData(data, NOW);
  assert.deepEqual(set.services, {
    gateway: { current: { ...pair, createdAt: NOW.toISOString() }, retired: [] },
  });
  const kept = reconcile(
    set,
    { services: ['gateway', 'jobs'], rotationId: '', promote: false, immediate: false, retiredTtlMs: 0 },
    generateEd25519,
    NOW,
  ).set;
  assert.equal(kept.services.gateway?.current.privateKey, pair.privateKey);
});

test('refuses a key set it cannot trust, saying why', () => {
  const data = encodeSecretData(keySet(), NOW);
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  assert.throws(() => decodeSecretData({ ...data, [KEYSET_ENTRY]: b64('{') }, NOW), /keyset.json is not JSON/);
  assert.throws(() => decodeSecretData({ ...data, [KEYSET_ENTRY]: b64('{"version":2}') }, NOW), /not a key set/);
  const set = JSON.parse(text(data[KEYSET_ENTRY]));
  set.services.jobs.current.publicKey = generateEd25519().publicKey;
  assert.throws(
    () => decodeSecretData({ ...data, [KEYSET_ENTRY]: b64(JSON.stringify(set)) }, NOW),
    /current public key of jobs does not match its private key/,
  );
  assert.throws(
    () => decodeSecretData({ [privateKeyEntry('gateway')]: b64('not a key') }, NOW),
    /gateway-private-key.pem is not an Ed25519 private key/,
  );
  assert.throws(() => privateKeyEntry('Bad_Name'), /invalid service name/);
});
