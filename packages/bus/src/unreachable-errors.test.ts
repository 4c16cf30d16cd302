// What the NATS client really throws while the server is away, captured from a server of this test's own
// that it kills: @tp/errors must call each a dependency away (a 503 with Retry-After, ADR 0038).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { unreachableDependency } from '@tp/errors';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

/** Connects, retrying while the server starts (it listens within a moment). */
async function connectWhenUp(port: number) {
  for (let tries = 0; ; tries += 1) {
    try {
      return await connect({ servers: `127.0.0.1:${port}`, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('NATS away', () => {
  it('no server at the address', async () => {
    const err = await rejection(connect({ servers: `127.0.0.1:${await freePort()}`, reconnect: false }));
    assert.equal((err as Error).name, 'ConnectionError');
    assert.equal(unreachableDependency(err), 'NATS ConnectionError');
  });

  it('the server killed under a connected client: a JetStream publish and a request time out; a closed client', async () => {
    const port = await freePort();
    const store = await mkdtemp(path.join(tmpdir(), 'tp-nats-away-'));
    const server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
      stdio: 'ignore',
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      const nc = await connectWhenUp(port);
      await (await jetstreamManager(nc)).streams.add({ name: 'AWAY', subjects: ['away.>'] });
      const js = jetstream(nc, { timeout: 500 });
      await js.publish('away.one', 'x');
      server.kill('SIGKILL');
      await exited;
      const published = await rejection(js.publish('away.two', 'x'));
      assert.equal(unreachableDependency(published), 'a dependency did not answer in time');
      assert.ok(unreachableDependency(await rejection(nc.request('away.reply', 'x', { timeout: 200 }))));
      await nc.close();
      assert.equal(unreachableDependency(await rejection(js.publish('away.three', 'x'))), 'NATS ClosedConnectionError');
    } finally {
      server.kill('SIGKILL');
      await rm(store, { recursive: true, force: true });
    }
  });
});
