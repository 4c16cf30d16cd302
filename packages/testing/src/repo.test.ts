import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { freePort, repoRoot } from './repo.ts';

test('repoRoot is the workspace root', () => {
  const root = repoRoot();
  assert.ok(existsSync(path.join(root, 'pnpm-workspace.yaml')));
  assert.ok(existsSync(path.join(root, 'packages', 'testing', 'package.json')));
});

test('freePort gives loopback ports that can be listened on', async () => {
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  for (const port of ports) {
    assert.ok(
      Number.isInteger(port) && port >= 20_000 && port < 32_000,
      'below the ephemeral range outgoing connections use',
    );
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('freePort never gives two test processes the same port, and a process frees its ports when it exits', async () => {
  const { spawn } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const script = `import { freePort } from ${JSON.stringify(path.join(import.meta.dirname, 'repo.ts'))};
const ports = [];
for (let i = 0; i < 300; i += 1) ports.push(await freePort());
console.log(JSON.stringify(ports));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));`;
  // Both processes hold their ports until both have taken theirs, then exit.
  const children = [0, 1].map(() =>
    spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const portsOf = (child: (typeof children)[number]) =>
    new Promise<number[]>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.endsWith('\n')) resolve(JSON.parse(out) as number[]);
      });
      child.on('error', reject);
      child.on('close', (code) => reject(new Error(`exited early with ${code}`)));
    });
  const [a, b] = (await Promise.all(children.map(portsOf))) as [number[], number[]];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.removeAllListeners('close');
          child.once('close', () => resolve());
          child.stdin!.end();
        }),
    ),
  );
  assert.equal(new Set(a).size, 300, 'no repeats within a process');
  const shared = a.filter((port) => new Set(b).has(port));
  assert.deepEqual(shared, [], 'no port given to both');
  // Other test processes may claim a freed port at once: a claim left over is one that names a child.
  const childPids = new Set(children.map((child) => String(child.pid)));
  const claimant = (port: number): string | undefined => {
    try {
      return readFileSync(path.join(tmpdir(), 'tp-test-ports', String(port)), 'utf8').trim();
    } catch {
      return undefined; // no claim
    }
  };
  const leftover = [...a, ...b].filter((port) => childPids.has(claimant(port) ?? ''));
  assert.deepEqual(leftover, [], 'claims are removed when their process exits');
});
