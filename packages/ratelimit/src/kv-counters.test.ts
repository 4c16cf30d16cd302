import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createTestBusNamespace } from '@tp/testing';
import { kvCounterStore } from './kv-counters.ts';

const namespace = createTestBusNamespace();
const bucket = `${namespace.prefix.toUpperCase()}_RATE_LIMITS`;
let first: NatsConnection;
let second: NatsConnection;

before(async () => {
  first = await connect({ servers: namespace.natsUrl });
  second = await connect({ servers: namespace.natsUrl });
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

  it('widen the max age of a bucket opened before with a shorter window', async () => {
    const short = kvCounterStore({ connection: first, bucket: `${bucket}_W`, timeoutMs: 10_000, maxWindowSeconds: 60 });
    await short.increment('k', 1, 10);
    const long = kvCounterStore({ connection: first, bucket: `${bucket}_W`, timeoutMs: 10_000, maxWindowSeconds: 600 });
    assert.equal(await long.increment('k', 1, 10), 2, 'the counts survive');
    const info = await (await jetstreamManager(first)).streams.info(`KV_${bucket}_W`);
    assert.equal(info.config.max_age, 1_200 * 1e9);
  });
});
