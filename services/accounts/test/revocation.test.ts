import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_EVENTS } from '@tp/events';
import { eventually } from '@tp/testing';
import { type AccountsHarness, spec, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  // The relay polls once an hour here: only the nudge after a commit can publish within the test.
  h = await startAccounts({ outboxPollIntervalMs: 3_600_000 });
});

after(async () => {
  await h?.stop();
});

const outboxCount = async (subject: string): Promise<number> =>
  (await h.db.query('SELECT count(*)::int AS n FROM accounts.outbox WHERE subject = $1', [subject])).rows[0].n;

describe('revocation', () => {
  it('publishes token_revoked through the outbox with the outbox id as message id', async () => {
    await h.operator.createUser({ email: 'rev@example.com', password: '' }, { metadata: h.admin });
    const { token, secret } = await h.operator.issueToken(
      { email: 'rev@example.com', spec: spec() },
      { metadata: h.admin },
    );
    const principal = (await h.accounts.authenticate({ credential: secret })).principal!;
    assert.equal(principal.kind, 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN');
    assert.deepEqual(principal.scopes, [
      'files:read',
      'jobs:read',
      'transcripts:read',
      'shares:read',
      'devices:read',
      'account:read',
      'billing:read',
    ]);

    const received: { subject: string; data: { token_id?: string; user_id: string } }[] = [];
    const sub = await h.bus.subscribeEvents<{ token_id?: string; user_id: string }>({
      filterSubject: 'events.account.>',
      handler: (e) => void received.push(e),
    });
    await h.operator.revokeUserToken({ email: 'rev@example.com', tokenId: token!.tokenId }, { metadata: h.admin });
    // The relay is nudged, not left to its poll: with an hourly poll, the event arrives all the same.
    await eventually('the token_revoked event', () => received.length > 0, 30_000);
    await sub.stop();
    assert.equal(received[0]?.subject, ACCOUNT_EVENTS.tokenRevoked);
    assert.equal(received[0]?.data.token_id, token!.tokenId);

    // The relay marks the row after the stream acknowledged it, so the event may arrive first.
    const published = async () =>
      (
        await h.db.query('SELECT id, published_at FROM accounts.outbox WHERE subject = $1', [
          ACCOUNT_EVENTS.tokenRevoked,
        ])
      ).rows;
    await eventually(
      'the outbox row marked published',
      async () => (await published())[0]?.published_at != null,
      30_000,
    );
    const rows = await published();
    assert.equal(rows.length, 1);
    assert.ok(rows[0].published_at, 'the outbox row is marked published');
    await assert.rejects(h.accounts.authenticate({ credential: secret }), { code: 'invalid_api_key' });

    // Revoking twice is harmless and announces nothing new.
    await h.operator.revokeUserToken({ email: 'rev@example.com', tokenId: token!.tokenId }, { metadata: h.admin });
    assert.equal(await outboxCount(ACCOUNT_EVENTS.tokenRevoked), 1);
  });
});
