import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { connect } from '@nats-io/transport-node';
import { captureLogger as capture } from '@tp/logging';
import { createTestBusNamespace, eventually, startPrivateNats, testNatsConnectOptions } from '@tp/testing';
import { kvCounterStore } from './kv-counters.ts';
import { createRateLimiter } from './limiter.ts';
import { provisionCounterBucket } from './test-buckets.ts';

const namespace = createTestBusNamespace();
after(() => namespace.cleanup());

const captureLogger = () => capture('ratelimit-test');

const policy = { name: 'token', limit: 3, windowSeconds: 60 };

describe('rate limiter', () => {
  it('counts per subject and window on the shared store, and peeks without counting', async () => {
    const connection = await connect(namespace.connectOptions());
    try {
      await provisionCounterBucket(connection, `${namespace.prefix.toUpperCase()}_LIMITER`);
      let clock = 120_000;
      const limiter = createRateLimiter({
        store: kvCounterStore({
          connection,
          bucket: `${namespace.prefix.toUpperCase()}_LIMITER`,
          timeoutMs: 10_000,
          maxWindowSeconds: 60,
        }),
        log: captureLogger().log,
        now: () => clock,
        retryAfterFailureMs: 1_000,
      });
      const states = [];
      for (let i = 0; i < 4; i += 1) states.push(await limiter.consume(policy, 'tok_a'));
      assert.deepEqual(
        states.map((s) => [s?.allowed, s?.remaining, s?.resetSeconds]),
        [
          [true, 2, 60],
          [true, 1, 60],
          [true, 0, 60],
          [false, 0, 60],
        ],
      );
      assert.equal((await limiter.peek(policy, 'tok_a'))?.allowed, false);
      assert.deepEqual((await limiter.consume(policy, 'tok_b'))?.remaining, 2, 'another subject has its own count');
      clock += 45_000;
      assert.equal((await limiter.peek(policy, 'tok_a'))?.resetSeconds, 15);
      clock += 15_000;
      const next = await limiter.peek(policy, 'tok_a');
      assert.deepEqual([next?.allowed, next?.remaining, next?.resetSeconds], [true, 3, 60], 'a new window');
    } finally {
      await connection.close();
    }
  });

  it('fails open when the store is unreachable: null answers, one warning, and counting again once it is back', async () => {
    const nats = await startPrivateNats();
    const connection = await connect({
      ...testNatsConnectOptions(nats.url),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 100,
    });
    await provisionCounterBucket(connection, 'LIMITER');
    const { log, lines } = captureLogger();
    const limiter = createRateLimiter({
      store: kvCounterStore({ connection, bucket: 'LIMITER', timeoutMs: 500, maxWindowSeconds: 60 }),
      log,
      retryAfterFailureMs: 200,
    });
    try {
      assert.equal((await limiter.consume(policy, 'tok_a'))?.remaining, 2);
      await nats.kill();
      for (let i = 0; i < 5; i += 1) assert.equal(await limiter.consume(policy, 'tok_a'), null);
      assert.equal(await limiter.peek(policy, 'tok_a'), null);
      const warnings = lines.filter(
        (l) => l.msg === 'rate limit store unavailable; requests pass uncounted (failing open)',
      );
      assert.equal(warnings.length, 1, 'one warning per outage, not one per request');
      assert.equal(warnings[0]!.level, 'warn');

      // Back (the bucket is kept on disk across the restart): counting starts again.
      await nats.restart();
      const counted = await eventually(
        'the limiter counting again',
        async () => (await limiter.consume(policy, 'tok_a')) ?? false,
        30_000,
      );
      assert.equal(counted.remaining, 1, 'the count before the outage is kept: the bucket is on disk');
      assert.ok(lines.some((l) => l.msg === 'rate limit store reachable again; counting requests'));
    } finally {
      await connection.close();
      await nats.stop();
    }
  });
});
