import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import { type AccountsHarness, spec, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  h = await startAccounts();
});

after(async () => {
  await h?.stop();
});

describe('secrets at rest', () => {
  it('keeps only a SHA-256 of a token and a scrypt hash of a password', async () => {
    await h.operator.createUser(
      { email: 'Hash@Example.com', password: 'a very secret password' },
      { metadata: h.admin },
    );
    const { secret, token } = await h.operator.issueToken(
      { email: 'hash@example.com', spec: spec() },
      { metadata: h.admin },
    );
    const tokens = await h.db.query('SELECT * FROM accounts.access_tokens WHERE id = $1', [token!.tokenId]);
    const row = tokens.rows[0];
    assert.equal(row.token_hash, createHash('sha256').update(secret).digest('hex'));
    assert.ok(!JSON.stringify(tokens.rows).includes(secret.slice(4)), 'the secret is not stored');
    const users = await h.db.query('SELECT email, password_hash FROM accounts.users');
    assert.equal(users.rows[0].email, 'hash@example.com');
    assert.match(users.rows[0].password_hash, /^scrypt\$/);
    assert.ok(!users.rows[0].password_hash.includes('secret'));
  });
});

describe('operator API', () => {
  it('refuses calls without the admin key or with a wrong one', async () => {
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'nope');
    for (const metadata of [new Metadata(), wrong]) {
      await assert.rejects(h.operator.createUser({ email: 'x@example.com', password: '' }, { metadata }), {
        code: 'admin_required',
      });
    }
    await assert.rejects(h.accounts.authenticate({ credential: 'whatever' }), { code: 'invalid_api_key' });
  });

  it('reports duplicates, unknown users and unknown features clearly', async () => {
    await h.operator.createUser({ email: 'dup@example.com', password: '' }, { metadata: h.admin });
    await assert.rejects(h.operator.createUser({ email: 'DUP@example.com', password: '' }, { metadata: h.admin }), {
      code: 'conflict',
    });
    await assert.rejects(h.operator.issueToken({ email: 'ghost@example.com', spec: spec() }, { metadata: h.admin }), {
      code: 'not_found',
      message: /ghost@example.com/,
    });
    await assert.rejects(
      h.operator.grantFeature({ email: 'dup@example.com', featureKey: 'profile.nope' }, { metadata: h.admin }),
      { code: 'bad_request', message: /Known features/ },
    );
    await assert.rejects(
      h.operator.createUser({ email: 'weak@example.com', password: 'short' }, { metadata: h.admin }),
      {
        code: 'bad_request',
      },
    );
    await assert.rejects(h.operator.createUser({ email: 'not-an-email', password: '' }, { metadata: h.admin }), {
      code: 'bad_request',
    });
  });

  it('looks users up by email, case-insensitively', async () => {
    const { userId } = await h.operator.createUser(
      { email: 'lookup@example.com', password: '' },
      { metadata: h.admin },
    );
    assert.deepEqual(await h.operator.lookupUser({ email: ' LookUp@Example.com ' }, { metadata: h.admin }), {
      userId,
      email: 'lookup@example.com',
    });
    await assert.rejects(h.operator.lookupUser({ email: 'nobody@example.com' }, { metadata: h.admin }), {
      code: 'not_found',
    });
    await assert.rejects(h.operator.lookupUser({ email: 'lookup@example.com' }, { metadata: new Metadata() }), {
      code: 'admin_required',
    });
  });
});
