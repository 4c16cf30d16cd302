import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createLogger } from '@tp/logging';
import { createLifecycle, serve, startService } from './lifecycle.ts';

const quietLog = createLogger({ service: 't', destination: new Writable({ write: (_c, _e, done) => done() }) });

describe('lifecycle: opening and releasing', () => {
  it('releases in reverse order of opening, and every step runs when one fails', async () => {
    const life = createLifecycle();
    const released: string[] = [];
    await life.open(
      'database',
      () => 'db',
      (db) => void released.push(db),
    );
    life.onStop('bus', () => {
      released.push('bus');
      throw new Error('bus close failed');
    });
    await life.open(
      'server',
      async () => 'server',
      async (s) => void released.push(s),
    );
    assert.deepEqual(
      life.stopSteps().map((s) => s.name),
      ['server', 'bus', 'database'],
    );
    await assert.rejects(life.stop(), /bus close failed/);
    assert.deepEqual(released, ['server', 'bus', 'db']);
  });

  it('a start that fails half-way releases what it opened, and the error reaches the caller', async () => {
    const released: string[] = [];
    await assert.rejects(
      startService(async (life) => {
        await life.open(
          'database',
          () => 'db',
          () => void released.push('database'),
        );
        await life.open(
          'bus',
          () => 'bus',
          () => void released.push('bus'),
        );
        throw new Error('grpc port taken');
      }),
      /grpc port taken/,
    );
    assert.deepEqual(released, ['bus', 'database']);
  });
});

describe('lifecycle: startService and serve', () => {
  it('a started service carries what its build returned and stops in order', async () => {
    const released: string[] = [];
    const running = await startService(async (life) => {
      life.onStop('database', () => void released.push('database'));
      life.onStop('grpc', () => void released.push('grpc'));
      return { grpcPort: 1234 };
    });
    assert.equal(running.grpcPort, 1234);
    assert.deepEqual(
      running.stopSteps.map((s) => s.name),
      ['grpc', 'database'],
    );
    await running.stop();
    assert.deepEqual(released, ['grpc', 'database']);
  });

  it('serve listens on gRPC and ops, and stops the ops server before gRPC', async () => {
    const calls: string[] = [];
    const life = createLifecycle();
    const server = {
      listen: async (host: string, port: number) => {
        calls.push(`listen ${host}:${port}`);
        return 50_999;
      },
      shutdown: async (graceMs: number) => void calls.push(`shutdown ${graceMs}`),
    };
    const ports = await serve(life, {
      log: quietLog,
      grpc: { server, host: '127.0.0.1', port: 0 },
      ops: { host: '127.0.0.1', port: 0, ready: async () => ({ database: true }) },
    });
    assert.equal(ports.grpcPort, 50_999);
    const res = await fetch(`http://127.0.0.1:${ports.opsPort}/readyz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ready', checks: { database: true } });
    assert.deepEqual(
      life.stopSteps().map((s) => s.name),
      ['ops', 'grpc'],
    );
    await life.stop();
    assert.deepEqual(calls, ['listen 127.0.0.1:0', 'shutdown 5000']);
    await assert.rejects(fetch(`http://127.0.0.1:${ports.opsPort}/healthz`));
  });
});
