import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '@tp/logging';
import { createTestBusNamespace, eventually } from '@tp/testing';
import { type CounterStore, kvCounterStore } from './kv-counters.ts';
import { provisionCounterBucket } from './test-buckets.ts';
import { counterKey, createRateLimiter, type RateLimiterOptions } from './limiter.ts';

// Local counting (ADR 0025): each limiter claims blocks of slots from the shared store and hands
// them out itself; the claims together never pass the limit.

const namespace = createTestBusNamespace();
const bucket = `${namespace.prefix.toUpperCase()}_CLAIMS`;
const log = createLogger({ service: 'ratelimit-test', level: 'silent' });
/** Two connections, as two gateway replicas have. */
const connections: NatsConnection[] = [];

before(async () => {
  for (const _ of [1, 2]) connections.push(await connect(namespace.connectOptions()));
  await provisionCounterBucket(connections[0]!, bucket);
});

after(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await namespace.cleanup();
});

/** A KV store on `connection` that counts the calls made to it. */
function countedStore(connection: NatsConnection) {
  const store = kvCounterStore({ connection, bucket, timeoutMs: 10_000, maxWindowSeconds: 60 });
  const calls = { claim: 0, read: 0 };
  const counted: CounterStore = {
    increment: store.increment,
    claim: (...args) => {
      calls.claim += 1;
      return store.claim(...args);
    },
    read: (...args) => {
      calls.read += 1;
      return store.read(...args);
    },
  };
  return { store: counted, calls };
}

const limiterOn = (store: CounterStore, extra: Partial<RateLimiterOptions> = {}) =>
  createRateLimiter({ store, log, retryAfterFailureMs: 1_000, now: () => 600_000, ...extra });

describe('KV counters: claims', () => {
  it('grant up to the ceiling and nothing past it', async () => {
    const store = kvCounterStore({ connection: connections[0]!, bucket, timeoutMs: 10_000, maxWindowSeconds: 60 });
    assert.deepEqual(await store.claim('claim.ceiling', 3, 5, 7), { granted: 5, total: 5 });
    assert.equal(await store.increment('claim.ceiling', 3, 7), 6, 'single requests count after the claim');
    assert.deepEqual(await store.claim('claim.ceiling', 3, 5, 7), { granted: 1, total: 7 });
    assert.deepEqual(await store.claim('claim.ceiling', 3, 5, 7), { granted: 0, total: 7 });
    assert.equal(await store.read('claim.ceiling', 3), 7);
  });
});

describe('rate limiter: local counting', () => {
  it('two limiters on one busy subject: the limit is never passed, and blocks save store calls', async () => {
    const policy = { name: 'busy', limit: 1_000, windowSeconds: 60 };
    const a = countedStore(connections[0]!);
    const b = countedStore(connections[1]!);
    const limiters = [limiterOn(a.store), limiterOn(b.store)];
    const states = await Promise.all(
      Array.from({ length: 1_500 }, (_, i) => limiters[i % 2]!.consume(policy, 'tok_busy')),
    );
    const allowed = states.filter((s) => s?.allowed).length;
    assert.ok(allowed <= 1_000, `${allowed} allowed, the limit is 1000`);
    // At most a block (2% of the limit) left unused in the limiter that claimed last.
    assert.ok(allowed >= 980, `${allowed} allowed: no more than a block may go unused`);
    const stored = await a.store.read(counterKey(policy, 'tok_busy'), Math.floor(600_000 / 60_000));
    assert.ok(stored <= 1_000 && stored >= allowed, `the shared count ${stored}`);
    const claims = a.calls.claim + b.calls.claim;
    assert.ok(claims < 200, `${claims} store claims for 1500 requests`);
    for (const state of states.filter((s) => s?.allowed)) assert.ok(state!.remaining >= 0 && state!.remaining < 1_000);
  });

  it('a quiet subject is counted exactly, one slot per claim, and refusals at the limit cost no store call', async () => {
    const policy = { name: 'quiet', limit: 5, windowSeconds: 60 };
    const a = countedStore(connections[0]!);
    const b = countedStore(connections[1]!);
    const [one, two] = [limiterOn(a.store), limiterOn(b.store)];
    const remaining = [];
    for (let i = 0; i < 5; i += 1)
      remaining.push((await (i % 2 === 0 ? one : two).consume(policy, 'tok_q'))?.remaining);
    assert.deepEqual(remaining, [4, 3, 2, 1, 0]);
    assert.equal((await one.consume(policy, 'tok_q'))?.allowed, false);
    const calls = a.calls.claim;
    for (let i = 0; i < 10; i += 1) assert.equal((await one.consume(policy, 'tok_q'))?.allowed, false);
    assert.equal(a.calls.claim, calls, 'the window is spent: refused locally');
  });

  it('a peek trusts what it saw for peekFreshMs, then sees a limit reached through another limiter', async () => {
    const policy = { name: 'failures', limit: 3, windowSeconds: 60 };
    const a = countedStore(connections[0]!);
    const b = countedStore(connections[1]!);
    const counting = limiterOn(a.store);
    const watching = limiterOn(b.store, { peekFreshMs: 300 });
    assert.equal((await watching.peek(policy, '203.0.113.9'))?.allowed, true);
    assert.equal((await watching.peek(policy, '203.0.113.9'))?.allowed, true);
    assert.equal(b.calls.read, 1, 'the second peek used the count it had just read');
    for (let i = 0; i < 3; i += 1) await counting.consume(policy, '203.0.113.9');
    assert.equal((await counting.peek(policy, '203.0.113.9'))?.allowed, false, 'the counting limiter knows at once');
    await eventually(
      'the other limiter seeing the limit',
      async () => (await watching.peek(policy, '203.0.113.9'))?.allowed === false,
      10_000,
    );
  });
});
