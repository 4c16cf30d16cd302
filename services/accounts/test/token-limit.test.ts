import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type AccountsHarness, spec, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  h = await startAccounts();
});

after(async () => {
  await h?.stop();
});

describe('operator API', () => {
  it('caps active tokens per user', async () => {
    await h.operator.createUser({ email: 'many@example.com', password: '' }, { metadata: h.admin });
    const issue = () => h.operator.issueToken({ email: 'many@example.com', spec: spec() }, { metadata: h.admin });
    // Creations for one user queue on its row lock; waves of ten (the size of the service's
    // connection pool) keep that queue short however busy the machine is.
    for (let wave = 0; wave < 9; wave += 1) await Promise.all(Array.from({ length: 10 }, issue));
    // The last ten places, claimed by twenty at once: exactly ten get one, the rest are refused.
    const racing = await Promise.allSettled(Array.from({ length: 20 }, issue));
    assert.equal(racing.filter((r) => r.status === 'fulfilled').length, 10);
    for (const refused of racing.filter((r) => r.status === 'rejected')) {
      assert.equal(refused.reason.code, 'conflict');
      assert.match(refused.reason.message, /at most 100/);
    }
    await assert.rejects(issue(), { code: 'conflict', message: /at most 100/ });
    const { tokens } = await h.operator.listUserTokens(
      { email: 'many@example.com', limit: 200 },
      { metadata: h.admin },
    );
    assert.equal(tokens.length, 100);
  });
});
