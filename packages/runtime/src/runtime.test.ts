import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal, handleShutdown, startOpsServer } from './index.ts';

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ service: 'runtime-test', level: 'debug', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { log, lines };
}

async function get(port: number, path: string, method = 'GET') {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('ops server', () => {
  it('answers liveness without consulting dependencies', async () => {
    let asked = 0;
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => (asked++, { db: false }) });
    try {
      assert.ok(ops.port > 0);
      const res = await get(ops.port, '/healthz');
      assert.equal(res.status, 200);
      assert.match(res.type ?? '', /^application\/json/);
      assert.deepEqual(res.body, { status: 'ok' });
      assert.equal(asked, 0);
    } finally {
      await ops.close();
    }
  });

  it('flips readiness with its checks', async () => {
    const checks = { db: true, nats: true };
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({ ...checks }) });
    try {
      assert.deepEqual(await get(ops.port, '/readyz'), { status: 200, type: 'application/json; charset=utf-8', body: { status: 'ready', checks: { db: true, nats: true } } });
      checks.nats = false;
      assert.deepEqual((await get(ops.port, '/readyz')).body, { status: 'not_ready', checks: { db: true, nats: false } });
      assert.equal((await get(ops.port, '/readyz?verbose=1')).status, 503);
      checks.nats = true;
      assert.equal((await get(ops.port, '/readyz')).status, 200);
    } finally {
      await ops.close();
    }
  });

  it('is not ready when a check throws or hangs', async () => {
    const { log, lines } = captureLogger();
    let behaviour: 'throw' | 'hang' = 'throw';
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      log,
      readyTimeoutMs: 100,
      ready: () => (behaviour === 'throw' ? Promise.reject(new Error('pool exhausted')) : new Promise(() => {})),
    });
    try {
      const thrown = await get(ops.port, '/readyz');
      assert.equal(thrown.status, 503);
      assert.equal(thrown.body?.status, 'not_ready');
      assert.equal(thrown.body?.error, 'pool exhausted');
      assert.ok(lines.some((l) => l.level === 'warn' && l.msg === 'readiness check failed'));
      behaviour = 'hang';
      const started = Date.now();
      const hung = await get(ops.port, '/readyz');
      assert.equal(hung.status, 503);
      assert.ok(Date.now() - started < 1000);
    } finally {
      await ops.close();
    }
  });

  it('answers 404 JSON for anything else', async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}) });
    try {
      for (const [path, method] of [['/', 'GET'], ['/metrics', 'GET'], ['/healthz', 'POST'], ['/healthz/x', 'GET']] as const) {
        const res = await get(ops.port, path, method);
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.match(res.type ?? '', /^application\/json/);
        assert.equal((res.body?.detail as { code: string }).code, 'route_not_found');
      }
      assert.deepEqual(await get(ops.port, '/healthz', 'HEAD'), { status: 200, type: 'application/json; charset=utf-8', body: undefined });
    } finally {
      await ops.close();
    }
  });

  it('fails to start when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as { port: number };
      await assert.rejects(startOpsServer({ host: '127.0.0.1', port, log: captureLogger().log, ready: async () => ({}) }), /EADDRINUSE/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('stops accepting connections after close', async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}) });
    await get(ops.port, '/healthz');
    await ops.close();
    await assert.rejects(fetch(`http://127.0.0.1:${ops.port}/healthz`));
  });
});

describe('handleShutdown', () => {
  it('runs every step in order, past a failing one, then exits 0', async () => {
    const { log, lines } = captureLogger();
    const events: string[] = [];
    const shutdown = handleShutdown({
      log,
      signals: [],
      exit: (code) => void events.push(`exit:${code}`),
      steps: [
        { name: 'stop-intake', run: async () => void events.push('stop-intake') },
        { name: 'drain', run: async () => { await new Promise((r) => setTimeout(r, 20)); events.push('drain'); throw new Error('drain broke'); } },
        { name: 'close-db', run: async () => void events.push('close-db') },
      ],
    });
    const first = shutdown('test');
    assert.equal(shutdown('again'), first, 'a second trigger joins the running sequence');
    await first;
    assert.deepEqual(events, ['stop-intake', 'drain', 'close-db', 'exit:0']);
    const failed = lines.find((l) => l.msg === 'shutdown step failed');
    assert.equal(failed?.step, 'drain');
    assert.equal(failed?.level, 'error');
  });

  it('exits 1 when the steps outlast the timeout, and runs no further step', async () => {
    const { log, lines } = captureLogger();
    const events: string[] = [];
    const started = Date.now();
    await handleShutdown({
      log,
      signals: [],
      timeoutMs: 150,
      exit: (code) => void events.push(`exit:${code}`),
      steps: [
        { name: 'hang', run: () => new Promise<void>((resolve) => setTimeout(resolve, 400)) },
        { name: 'after', run: async () => void events.push('after') },
      ],
    })();
    assert.ok(Date.now() - started < 350, 'did not wait for the hung step');
    assert.deepEqual(events, ['exit:1']);
    assert.ok(lines.some((l) => l.level === 'error' && l.msg === 'shutdown took too long; exiting'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(events, ['exit:1'], 'the late step does not exit again or continue');
  });
});

describe('handleShutdown in a real process', () => {
  const child = fileURLToPath(new URL('./testdata/shutdown-child.ts', import.meta.url));

  function run(env: Record<string, string>, signals: NodeJS.Signals[]) {
    const proc = spawn(process.execPath, [child], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (chunk.includes('ready')) for (const [i, signal] of signals.entries()) setTimeout(() => proc.kill(signal), 50 + i * 150);
    });
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => proc.on('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('SIGTERM runs the steps and exits 0', async () => {
    const { code, stdout, stderr } = await run({ MODE: 'ok' }, ['SIGTERM']);
    assert.equal(code, 0, stderr);
    assert.deepEqual(stdout.trim().split('\n'), ['ready', 'step:stop-intake', 'step:drain', 'step:close']);
  });

  it('SIGINT does the same', async () => {
    const { code, stdout } = await run({ MODE: 'ok' }, ['SIGINT']);
    assert.equal(code, 0);
    assert.match(stdout, /step:close/);
  });

  it('exits 1 when a step hangs past the timeout', async () => {
    const { code, stdout } = await run({ MODE: 'hang', TIMEOUT_MS: '300' }, ['SIGTERM']);
    assert.equal(code, 1);
    assert.doesNotMatch(stdout, /step:close/);
  });

  it('a second signal forces exit before the timeout', async () => {
    const started = Date.now();
    const { code, stdout } = await run({ MODE: 'hang', TIMEOUT_MS: '20000' }, ['SIGTERM', 'SIGTERM']);
    assert.equal(code, 1);
    assert.match(stdout, /step:drain-hanging/);
    assert.ok(Date.now() - started < 10_000);
  });
});

describe('fatal', () => {
  it('reports a ConfigError by its message, without a stack, and exits 1', () => {
    const { log, lines } = captureLogger();
    const codes: number[] = [];
    const err = new ConfigError([{ variable: 'DATABASE_URL', message: 'is required but not set' }]);
    fatal(log, err, (code) => void codes.push(code));
    assert.deepEqual(codes, [1]);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.level, 'fatal');
    assert.match(String(lines[0]?.msg), /DATABASE_URL: is required but not set/);
    assert.doesNotMatch(JSON.stringify(lines[0]), /\s+at /, 'no stack trace');
  });

  it('reports any other error with its stack, and exits 1', () => {
    const { log, lines } = captureLogger();
    const codes: number[] = [];
    fatal(log, new Error('port 5432 refused'), (code) => void codes.push(code));
    assert.deepEqual(codes, [1]);
    assert.match(String(lines[0]?.msg), /port 5432 refused/);
    assert.match((lines[0]?.err as { stack: string }).stack, /port 5432 refused\n\s+at /);
  });

  it('really exits 1 with the line written, in a process', async () => {
    const script = fileURLToPath(new URL('./testdata/fatal-child.ts', import.meta.url));
    const proc = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const code = await new Promise((resolve) => proc.on('exit', resolve));
    assert.equal(code, 1);
    const [line, ...rest] = stdout.trim().split('\n');
    assert.deepEqual(rest, [], 'nothing after fatal');
    const entry = JSON.parse(line ?? '{}') as { level: string; msg: string };
    assert.equal(entry.level, 'fatal');
    assert.match(entry.msg, /DATABASE_URL: is required but not set/);
  });
});
