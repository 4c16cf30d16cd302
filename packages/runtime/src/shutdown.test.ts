import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { handleShutdown } from './index.ts';
import { captureLogger } from './test-support.ts';

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
        {
          name: 'drain',
          run: async () => {
            await new Promise((r) => setTimeout(r, 20));
            events.push('drain');
            throw new Error('drain broke');
          },
        },
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

  it('exits 1 when the steps outlast the timeout, and runs no further step', async (t) => {
    // Time is the subject here, so a fake clock moves it: a busy machine cannot change the outcome.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { log, lines } = captureLogger();
    const events: string[] = [];
    let hungStepDone = false;
    const shutdown = handleShutdown({
      log,
      signals: [],
      timeoutMs: 150,
      exit: (code) => void events.push(`exit:${code}`),
      steps: [
        {
          name: 'hang',
          run: () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                hungStepDone = true;
                resolve();
              }, 400),
            ),
        },
        { name: 'after', run: async () => void events.push('after') },
      ],
    })();
    t.mock.timers.tick(150);
    await shutdown;
    assert.equal(hungStepDone, false, 'did not wait for the hung step');
    assert.deepEqual(events, ['exit:1']);
    assert.ok(lines.some((l) => l.level === 'error' && l.msg === 'shutdown took too long; exiting'));
    t.mock.timers.tick(250);
    assert.equal(hungStepDone, true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['exit:1'], 'the late step does not exit again or continue');
  });
});

describe('handleShutdown in a real process', () => {
  const child = fileURLToPath(new URL('./testdata/shutdown-child.ts', import.meta.url));

  /**
   * Runs the child and sends each signal once its output shows the text paired with it (the effect
   * of the one before), never on a timer. A child still alive after a minute is killed; its exit
   * code (null) then fails the test instead of hanging it.
   */
  function run(env: Record<string, string>, signals: [after: string, signal: NodeJS.Signals][]) {
    const proc = spawn(process.execPath, [child], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const pending = [...signals];
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      while (pending.length > 0 && stdout.includes(pending[0]![0])) proc.kill(pending.shift()![1]);
    });
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const limit = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      proc.on('exit', (code) => {
        clearTimeout(limit);
        resolve({ code, stdout, stderr });
      }),
    );
  }

  it('SIGTERM runs the steps and exits 0', async () => {
    const { code, stdout, stderr } = await run({ MODE: 'ok' }, [['ready', 'SIGTERM']]);
    assert.equal(code, 0, stderr);
    assert.deepEqual(stdout.trim().split('\n'), ['ready', 'step:stop-intake', 'step:drain', 'step:close']);
  });

  it('SIGINT does the same', async () => {
    const { code, stdout } = await run({ MODE: 'ok' }, [['ready', 'SIGINT']]);
    assert.equal(code, 0);
    assert.match(stdout, /step:close/);
  });

  it('exits 1 when a step hangs past the timeout', async () => {
    const { code, stdout } = await run({ MODE: 'hang', TIMEOUT_MS: '300' }, [['ready', 'SIGTERM']]);
    assert.equal(code, 1);
    assert.doesNotMatch(stdout, /step:close/);
  });

  it('a second signal forces exit before the timeout', async () => {
    // The timeout is ten minutes away: exiting 1 within the minute can only be the second signal's doing.
    const { code, stdout } = await run({ MODE: 'hang', TIMEOUT_MS: '600000' }, [
      ['ready', 'SIGTERM'],
      ['step:drain-hanging', 'SIGTERM'],
    ]);
    assert.equal(code, 1);
    assert.match(stdout, /step:drain-hanging/);
  });
});
