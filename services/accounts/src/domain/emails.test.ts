import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeEmail } from './emails.ts';

describe('emails', () => {
  it('are trimmed and lower-cased', () => assert.equal(normalizeEmail('  Ada@Example.COM '), 'ada@example.com'));
  it('must look like an address', () => {
    for (const bad of ['', 'ada', 'ada@', '@x.io', 'a b@x.io', `${'a'.repeat(320)}@x.io`]) {
      assert.throws(() => normalizeEmail(bad), { code: 'bad_request' }, bad);
    }
  });
});
