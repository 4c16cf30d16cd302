import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createTestBusNamespace } from '@tp/testing';
import { kvCounterStore } from './kv-counters.ts';
import { provisionCounterBucket } from './test-buckets.ts';

const namespace = createTestBusNamespace();
const bucket = `${namespace.prefix.toUpperCase()}_RATE_LIMITS`;
let first: NatsConnection;
let second: NatsConnection;

before(async () => {
  first = await connect(namespace.connectOptions());
  second = await connect(namespace.connectOptions());
  await provisionCounterBucket(first, bucket);
});

after(async () => {
  await first.close();
  await second.close();
  await namespace.cleanup();
});

const storeOn = (connection: NatsConnection) =>
  kvCounterStore({ connection, bucket, timeoutMs: 10_000, maxWindowSeconds: 60 });

describe('KV counters', () => {
  it('two stores on two connections count one key together, losing no request to a race', async () => {
    const a = storeOn(first);
    const b = storeOn(second);
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).increment('token.shared', 7, 1_000)),
    );
    // Every request got its own count: compare-and-set serialised them.
    assert.deepEqual(
      counts.sort((x, y) => x - y),
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    assert.equal(await a.read('token.shared', 7), 30);
    assert.equal(await b.read('token.shared', 7), 30);
  });

  it('stop writing at the ceiling, and start again from one in a new window', async () => {
    const store = storeOn(first);
    for (let i = 1; i <= 3; i += 1) assert.equal(await store.increment('token.ceiling', 1, 3), i);
    assert.equal(await store.increment('token.ceiling', 1, 3), 4);
    assert.equal(await store.increment('token.ceiling', 1, 3), 4, 'a refused request is not written');
    assert.equal(await store.read('token.ceiling', 1), 3);
    assert.equal(await store.read('token.ceiling', 2), 0, 'the next window has counted nothing');
    assert.equal(await store.increment('token.ceiling', 2, 3), 1);
    assert.equal(await store.read('other.key', 1), 0);
  });

  it('refuse a bucket that forgets counters before the longest window ends, naming the provisioning setting', async () => {
    const long = kvCounterStore({ connection: first, bucket, timeoutMs: 10_000, maxWindowSeconds: 600 });
    await assert.rejects(
      long.increment('k', 1, 10),
      /keeps counters 120 s, and windows of 600 s need 1200 s: provision the bus with RATE_LIMIT_MAX_WINDOW_SECONDS of at least 600/,
    );
  });

  it('refuse a bucket the provisioning has not made (the gateway may not make one)', async () => {
    const missing = kvCounterStore({
      connection: first,
      bucket: `${bucket}_NONE`,
      timeoutMs: 10_000,
      maxWindowSeconds: 60,
    });
    await assert.rejects(missing.increment('k', 1, 10), /does not exist: provision the bus first/);
  });
});
