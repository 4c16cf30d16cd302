import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
