import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createTestBusNamespace, testNatsConnectOptions } from './bus-namespace.ts';

let nc: NatsConnection;
let jsm: JetStreamManager;

before(async () => {
  nc = await connect(testNatsConnectOptions());
  jsm = await jetstreamManager(nc);
});

after(() => nc.close());

async function streamNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const name of jsm.streams.names()) names.push(name);
  return names;
}

test('each namespace has its own short prefix and the default NATS URL', () => {
  const a = createTestBusNamespace();
  const b = createTestBusNamespace();
  assert.match(a.prefix, /^t[0-9a-f]{8}$/);
  assert.notEqual(a.prefix, b.prefix);
  assert.equal(a.natsUrl, process.env.NATS_URL ?? 'nats://127.0.0.1:4222');
});

test('cleanup deletes the streams of its namespace and leaves the others', async () => {
  const mine = createTestBusNamespace();
  const theirs = createTestBusNamespace();
  const upper = mine.prefix.toUpperCase();
  await jsm.streams.add({ name: `${upper}_EVENTS`, subjects: [`${mine.prefix}.events.>`] });
  await jsm.streams.add({ name: `${upper}_WORK`, subjects: [`${mine.prefix}.work.>`] });
  await jsm.streams.add({ name: `KV_${upper}_LIMITS`, subjects: [`$KV.${upper}_LIMITS.>`] });
  await jsm.streams.add({ name: `${theirs.prefix.toUpperCase()}_EVENTS`, subjects: [`${theirs.prefix}.events.>`] });
  try {
    assert.deepEqual((await mine.cleanup()).sort(), [`KV_${upper}_LIMITS`, `${upper}_EVENTS`, `${upper}_WORK`]);
    const left = await streamNames();
    assert.ok(!left.some((name) => name.startsWith(upper) || name.startsWith(`KV_${upper}`)));
    assert.ok(left.includes(`${theirs.prefix.toUpperCase()}_EVENTS`));
    assert.deepEqual(await mine.cleanup(), []); // nothing left: still fine
  } finally {
    await theirs.cleanup();
  }
  assert.ok(!(await streamNames()).some((name) => name.startsWith(theirs.prefix.toUpperCase())));
});

test('cleanup against an unreachable NATS says which server it tried', async () => {
  const saved = process.env.NATS_URL;
  process.env.NATS_URL = 'nats://127.0.0.1:1';
  try {
    const ns = createTestBusNamespace();
    await assert.rejects(ns.cleanup(), {
      message: new RegExp(
        `cannot connect to NATS at nats://127\\.0\\.0\\.1:1 to clean up ${ns.prefix.toUpperCase()}\\* streams`,
      ),
    });
  } finally {
    if (saved === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = saved;
  }
});
