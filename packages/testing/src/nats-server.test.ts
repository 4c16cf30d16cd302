import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { testNatsConnectOptions } from './bus-namespace.ts';
import { startPrivateNats } from './nats-server.ts';

test("a private NATS server has JetStream and the run's authorization; killed it refuses connections, restarted it takes them again", async () => {
  const nats = await startPrivateNats();
  let stopped = false;
  try {
    await assert.rejects(
      connect({ servers: nats.url, timeout: 2_000 }),
      /Authorization Violation/,
      'no anonymous client',
    );
    const nc = await connect(testNatsConnectOptions(nats.url));
    const jsm = await jetstreamManager(nc);
    assert.equal((await jsm.getAccountInfo()).streams, 0);
    await nc.close();
    await nats.kill();
    await assert.rejects(connect({ servers: nats.url, timeout: 2_000, reconnect: false }));
    await nats.restart();
    await (await connect(testNatsConnectOptions(nats.url))).close();
    await nats.stop();
    stopped = true;
  } finally {
    if (!stopped) await nats.stop();
  }
});
