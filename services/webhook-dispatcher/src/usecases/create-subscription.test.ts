import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Resolver } from '@tp/egress';
import { createSubscription, MAX_SECRET_CHARS, MIN_SECRET_CHARS } from './create-subscription.ts';
import { USER, webhookWorld } from './testing/fakes.ts';

/** Every name resolves to this address. */
const resolvingTo =
  (address: string): Resolver =>
  async () => [{ address, family: 4 }];

function guarded(address = '93.184.216.34') {
  const world = webhookWorld();
  const deps = { ...world.deps, egress: { policy: { allowPrivateTargets: false }, resolver: resolvingTo(address) } };
  return { ...world, deps };
}

describe('createSubscription', () => {
  it('stores the target with its secret sealed under the subscription id', async () => {
    const { deps, rows, clock } = guarded();
    const secret = 's'.repeat(MIN_SECRET_CHARS);
    const made = await createSubscription(deps, { userId: USER, url: 'https://hooks.example.com/in', secret });
    assert.deepEqual([made.userId, made.url, made.createdAt], [USER, 'https://hooks.example.com/in', clock.now()]);
    assert.match(made.id, /^whs_/);
    assert.equal(deps.secrets.open(rows.subscriptions.get(made.id)!.secretSealed, made.id), secret);
    assert.throws(() => deps.secrets.open(made.secretSealed, 'whs_other'));
  });

  it('refuses a secret outside 16..512 characters with validation_error naming the field', async () => {
    const { deps, rows } = guarded();
    for (const secret of ['s'.repeat(MIN_SECRET_CHARS - 1), 's'.repeat(MAX_SECRET_CHARS + 1)])
      await assert.rejects(createSubscription(deps, { userId: USER, url: 'https://hooks.example.com/', secret }), {
        code: 'validation_error',
        details: { field: 'webhook_secret' },
      });
    assert.equal(rows.subscriptions.size, 0);
  });

  it('refuses private and non-http(s) targets, and a name that resolves to a private address', async () => {
    const secret = 's'.repeat(32);
    for (const url of ['http://10.0.0.1/hook', 'http://127.0.0.1:9/hook', 'http://[::1]/hook', 'ftp://example.com/x'])
      await assert.rejects(createSubscription(guarded().deps, { userId: USER, url, secret }), {
        code: 'url_not_allowed',
      });
    await assert.rejects(
      createSubscription(guarded('192.168.1.5').deps, { userId: USER, url: 'https://hooks.example.com/', secret }),
      { code: 'url_not_allowed', message: /webhook_url/ },
    );
  });
});
