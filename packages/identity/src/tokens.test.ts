import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { isAppError } from '@tp/errors';
import {
  createSigner,
  createVerifier,
  generateServiceKeyPair,
  generateServiceKeys,
  importPrivateKey,
  publicKeyOf,
  keyIdOf,
  importPublicKey,
} from './index.ts';

const keys = generateServiceKeys(['gateway', 'jobs', 'billing']);
const signerOf = (service: 'gateway' | 'jobs', now?: () => number) =>
  createSigner({ service, privateKey: keys.privateKeys[service]!, ...(now ? { now } : {}) });
const billing = (publicKeys = keys.publicKeys, now?: () => number) =>
  createVerifier({ audience: 'billing', publicKeys, ...(now ? { now } : {}) });

/** The reason a token is refused (the AppError's message), asserting it is caller_unauthenticated. */
async function refusal(verify: Promise<unknown>): Promise<string> {
  try {
    await verify;
  } catch (err) {
    assert.ok(isAppError(err) && err.code === 'caller_unauthenticated', String(err));
    return err.message;
  }
  assert.fail('the token was accepted');
}

describe('signing', () => {
  it('signs iss, aud, iat, exp ≤ 60 s later, a jti and the key id; sub only when acting for a user', async () => {
    const token = await signerOf('jobs').token('billing');
    const claims = decodeJwt(token);
    assert.equal(claims.iss, 'jobs');
    assert.equal(claims.aud, 'billing');
    assert.equal(claims.exp! - claims.iat!, 60);
    assert.match(String(claims.jti), /^[0-9a-f-]{36}$/);
    assert.equal(claims.sub, undefined);
    const header = decodeProtectedHeader(token);
    assert.equal(header.alg, 'EdDSA');
    assert.equal(header.kid, keyIdOf(importPublicKey(keys.publicKeys.jobs![0]!)));
    assert.equal(decodeJwt(await signerOf('gateway').token('billing', 'usr_1')).sub, 'usr_1');
  });

  it('reuses a token per callee and user until a third of its life is left, then signs a new one', async () => {
    let now = 1_000_000_000_000;
    const signer = signerOf('gateway', () => now);
    const first = await signer.token('billing', 'usr_1');
    assert.equal(await signer.token('billing', 'usr_1'), first);
    assert.notEqual(await signer.token('billing', 'usr_2'), first, 'another user, another token');
    assert.notEqual(await signer.token('jobs', 'usr_1'), first, 'another callee, another token');
    now += 39_000;
    assert.equal(await signer.token('billing', 'usr_1'), first);
    now += 2_000;
    const second = await signer.token('billing', 'usr_1');
    assert.notEqual(second, first);
    assert.ok(decodeJwt(second).exp! > decodeJwt(first).exp!);
  });

  it('refuses a lifetime over 60 s and a key that is not Ed25519', () => {
    assert.throws(() => createSigner({ service: 'jobs', privateKey: keys.privateKeys.jobs!, ttlSeconds: 61 }));
    assert.throws(() => createSigner({ service: 'jobs', privateKey: 'garbage' }));
  });
});

describe('verifying', () => {
  it('answers the calling service and the user it acts for', async () => {
    const verifier = billing();
    const asJobs = await verifier.verify(await signerOf('jobs').token('billing'));
    assert.deepEqual({ service: asJobs.service, user: asJobs.user }, { service: 'jobs', user: null });
    const asGateway = await verifier.verify(await signerOf('gateway').token('billing', 'usr_7'));
    assert.deepEqual({ service: asGateway.service, user: asGateway.user }, { service: 'gateway', user: 'usr_7' });
  });

  it('refuses an expired token, one meant for another service and garbage, saying why', async () => {
    const verifier = billing();
    const past = await signerOf('jobs', () => Date.now() - 120_000).token('billing');
    assert.match(await refusal(verifier.verify(past)), /expired/);
    assert.match(await refusal(verifier.verify(await signerOf('jobs').token('media'))), /another service/);
    assert.match(await refusal(verifier.verify('not.a.token')), /malformed/);
    assert.match(await refusal(verifier.verify('')), /malformed/);
  });

  it('refuses a key nobody listed, a forged signature and a key that claims another service', async () => {
    const verifier = billing();
    const stranger = createSigner({ service: 'jobs', privateKey: generateServiceKeyPair().privateKey });
    assert.match(await refusal(verifier.verify(await stranger.token('billing'))), /does not trust/);
    const [head, body] = (await signerOf('jobs').token('billing')).split('.');
    const otherSignature = (await signerOf('jobs').token('jobs')).split('.')[2];
    assert.match(await refusal(verifier.verify(`${head}.${body}.${otherSignature}`)), /signature is invalid/);
    // The gateway's key, but a token that says it comes from jobs.
    const key = importPrivateKey(keys.privateKeys.gateway!);
    const kid = keyIdOf(importPublicKey(keys.publicKeys.gateway![0]!));
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer('jobs')
      .setAudience('billing')
      .setIssuedAt()
      .setExpirationTime('60s')
      .setJti('j1')
      .sign(key);
    assert.match(await refusal(verifier.verify(forged)), /another issuer/);
  });

  it('remembers a verified token until it expires, then refuses it as before', async () => {
    let now = 1_000_000_000_000;
    const verifier = billing(keys.publicKeys, () => now);
    const token = await signerOf('gateway', () => now).token('billing', 'usr_1');
    const first = await verifier.verify(token);
    assert.equal(await verifier.verify(token), first, 'the remembered caller, no second signature check');
    assert.throws(() => Object.assign(first, { user: 'usr_2' }), TypeError, 'the remembered caller cannot be changed');
    now += 59_000;
    assert.equal((await verifier.verify(token)).user, 'usr_1');
    now += 7_000; // past exp and the 5 s of clock tolerance
    assert.match(await refusal(verifier.verify(token)), /expired/);
    assert.match(await refusal(verifier.verify(token)), /expired/, 'and again: a refusal is not remembered');
    // Another audience's verifier checks its own audience, whatever billing's remembered.
    const fresh = await signerOf('gateway', () => now).token('billing', 'usr_1');
    await verifier.verify(fresh);
    const media = createVerifier({ audience: 'media', publicKeys: keys.publicKeys, now: () => now });
    assert.match(await refusal(media.verify(fresh)), /another service/);
  });

  it('refuses a token that lives longer than 60 s, even when it is still valid', async () => {
    const key = importPrivateKey(keys.privateKeys.jobs!);
    const kid = keyIdOf(importPublicKey(keys.publicKeys.jobs![0]!));
    const long = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer('jobs')
      .setAudience('billing')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('j2')
      .sign(key);
    assert.match(await refusal(billing().verify(long)), /longer than 60 s/);
  });
});

describe('key rotation', () => {
  it('accepts the previous key while it is listed beside the new one, and refuses it once removed', async () => {
    const previous = keys.privateKeys.jobs!;
    const next = generateServiceKeyPair();
    const oldSigner = createSigner({ service: 'jobs', privateKey: previous });
    const newSigner = createSigner({ service: 'jobs', privateKey: next.privateKey });

    const during = billing({ ...keys.publicKeys, jobs: [next.publicKey, publicKeyOf(previous)] });
    assert.equal((await during.verify(await oldSigner.token('billing'))).service, 'jobs');
    assert.equal((await during.verify(await newSigner.token('billing'))).service, 'jobs');

    const after = billing({ ...keys.publicKeys, jobs: [next.publicKey] });
    assert.equal((await after.verify(await newSigner.token('billing'))).service, 'jobs');
    assert.match(await refusal(after.verify(await oldSigner.token('billing'))), /does not trust/);
  });

  it('refuses one key listed for two services', () => {
    const shared = keys.publicKeys.jobs![0]!;
    assert.throws(() => billing({ jobs: [shared], gateway: [shared] }), /both jobs and gateway/);
  });
});
