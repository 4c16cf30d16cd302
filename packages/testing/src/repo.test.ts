import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
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
    assert.ok(Number.isInteger(port) && port >= 20_000 && port < 32_000, 'below the ephemeral range outgoing connections use');
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
