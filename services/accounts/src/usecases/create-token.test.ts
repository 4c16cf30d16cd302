import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '@tp/errors';
import { PRESETS } from '@tp/scopes';
import { hashAccessToken, isWellFormedAccessToken } from '../domain/access-tokens.ts';
import { MAX_ACTIVE_TOKENS_PER_USER } from '../domain/token-policy.ts';
import { createToken } from './create-token.ts';
import { accountsWorld, DAY_MS } from './testing/world.ts';

const spec = (overrides: object = {}) => ({
  name: ' ci ',
  scopes: [],
  preset: 'read-only',
  expiresInDays: 0,
  expiresAt: undefined,
  ...overrides,
});

describe('createToken', () => {
  it('stores the hash of a new secret with the grant, and returns the secret once', async () => {
    const { deps, fake, clock, seedUser } = accountsWorld();
    const user = seedUser();
    const { token, secret } = await createToken(deps, { userId: user.id, spec: spec({ expiresInDays: 7 }) });
    assert.ok(isWellFormedAccessToken(secret));
    const stored = fake.tokens.get(token.id)!;
    assert.equal(stored.tokenHash, hashAccessToken(secret));
    assert.equal(stored.displayPrefix, secret.slice(0, 10));
    assert.deepEqual(
      [stored.userId, stored.name, stored.scopes, stored.expiresAt],
      [user.id, 'ci', PRESETS['read-only'], new Date(clock.now().getTime() + 7 * DAY_MS)],
    );
  });

  it('refuses a missing or invalid spec before it looks the user up', async () => {
    const { deps } = accountsWorld();
    await assert.rejects(createToken(deps, { userId: 'usr_nobody', spec: undefined }), {
      code: 'bad_request',
      message: 'The token spec is required.',
    });
    await assert.rejects(createToken(deps, { userId: 'usr_nobody', spec: spec({ preset: 'root' }) }), {
      code: 'bad_request',
      message: /Unknown preset "root"/,
    });
  });

  it('answers not_found for a user who does not exist', async () => {
    const { deps, fake } = accountsWorld();
    await assert.rejects(createToken(deps, { userId: 'usr_nobody', spec: spec() }), {
      code: 'not_found',
      message: 'The user was not found.',
    });
    assert.equal(fake.tokens.size, 0);
  });

  it(`is a conflict once the user has ${MAX_ACTIVE_TOKENS_PER_USER} active tokens`, async () => {
    const { deps, fake, clock, seedUser, seedToken } = accountsWorld();
    const userId = seedUser().id;
    for (let i = 1; i < MAX_ACTIVE_TOKENS_PER_USER; i += 1) seedToken(userId);
    seedToken(userId, { revokedAt: clock.now() });
    await createToken(deps, { userId, spec: spec() });
    await assert.rejects(createToken(deps, { userId, spec: spec() }), {
      code: 'conflict',
      message: `A user may have at most ${MAX_ACTIVE_TOKENS_PER_USER} active tokens; revoke one first.`,
    });
    assert.equal(fake.tokens.size, MAX_ACTIVE_TOKENS_PER_USER + 1);
  });
});

describe('createToken with an Idempotency-Key', () => {
  const keyed = (userId: string, overrides: object = {}, idempotencyKey = 'token-1') => ({
    userId,
    spec: spec(overrides),
    idempotencyKey,
  });

  it('creates one token; a replay names it without the secret, which is not kept', async () => {
    const { deps, fake, seedUser } = accountsWorld();
    const userId = seedUser().id;
    const { token } = await createToken(deps, keyed(userId));
    await assert.rejects(createToken(deps, keyed(userId)), {
      code: 'idempotency_replay_secret_unavailable',
      details: { token_id: token.id },
    });
    assert.equal(fake.tokens.size, 1);
  });

  it('is idempotency_conflict for another request with the key, bad_request for a malformed key', async () => {
    const { deps, fake, seedUser } = accountsWorld();
    const userId = seedUser().id;
    await createToken(deps, keyed(userId));
    await assert.rejects(createToken(deps, keyed(userId, { name: 'other' })), { code: 'idempotency_conflict' });
    await assert.rejects(createToken(deps, keyed(userId, {}, 'has space')), { code: 'bad_request' });
    await createToken(deps, keyed(seedUser().id));
    assert.equal(fake.tokens.size, 2, "another user's key is their own");
  });

  it('creates a new token with a key older than 24 hours', async () => {
    const { deps, fake, clock, seedUser } = accountsWorld();
    const userId = seedUser().id;
    await createToken(deps, keyed(userId));
    clock.advance(DAY_MS);
    const { token } = await createToken(deps, keyed(userId));
    assert.equal(fake.tokens.size, 2);
    assert.equal(fake.tokenKeys.get(`${userId}/token-1`)?.tokenId, token.id);
  });

  it('names the winner when a concurrent retry took the key first', async () => {
    const { deps, fake, seedUser } = accountsWorld();
    const userId = seedUser().id;
    let winner = '';
    // The retry reads no key, then the first request commits before the retry's own insert.
    const racing = {
      ...deps,
      tokens: {
        ...deps.tokens,
        findTokenKey: async (user: string, key: string) => {
          if (winner === '') {
            winner = (await createToken(deps, keyed(userId))).token.id;
            return null;
          }
          return deps.tokens.findTokenKey(user, key);
        },
      },
    };
    const refusal = (await createToken(racing, keyed(userId)).catch((err: unknown) => err)) as AppError;
    assert.deepEqual([refusal.code, refusal.details], ['idempotency_replay_secret_unavailable', { token_id: winner }]);
    assert.equal(fake.tokens.size, 1);
  });
});
