import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, runCommand, waitReady } from './fleet-process.ts';
import { tempDir } from './temp-files.ts';

test('runCommand kills a command that outlives its timeout and says so, instead of waiting for it', async () => {
  const result = await runCommand('sleep', ['600'], {}, 200);
  assert.equal(result.code, -1);
  assert.match(result.stderr, /sleep 600: killed, still running after 200 ms/);
});

test('runCommand answers what a command wrote and its exit code', async () => {
  const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], {});
  assert.deepEqual(result, { code: 3, stdout: 'out\n', stderr: 'err\n' });
});

test('waitReady gives up on a server that takes the connection and never answers', async (t) => {
  const server = createServer(() => {
    // never answers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const child = spawn('sleep', ['600']);
  t.after(() => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
  await assert.rejects(
    waitReady(url, { child, output: ['its output'] }, 'silent', 300),
    /silent not ready after 300 ms:\nits output/,
  );
});

test('launch runs the entry under a command prefix that execs it: the child is the service, pinned', async (t) => {
  const dir = await tempDir();
  t.after(() => dir.remove());
  const entry = join(dir.path, 'entry.mjs');
  const script = `import { readFileSync } from 'node:fs';
console.log(process.pid, /Cpus_allowed_list:\\s*(\\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);`;
  await writeFile(entry, script);
  const running = launch(entry, {}, ['taskset', '-c', '0']);
  const code = await new Promise((resolve) => running.child.on('close', resolve));
  assert.equal(code, 0, running.output.join(''));
  assert.equal(running.output.join('').trim(), `${running.child.pid} 0`);
});
