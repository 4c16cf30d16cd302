// Shared by the worker's tests: media fixtures made with ffmpeg and flite, stand-in binaries, a
// stand-in for presigned URLs. The look at /proc is in processes.ts.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@tp/logging';

const run = promisify(execFile);

export const log = createLogger({
  service: 'worker-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent',
});

export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export async function tempDir(prefix = 'worker-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** Writes an executable shell script (a stand-in engine or ffmpeg); returns its path. */
export async function script(dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return path;
}

export { eventually } from '@tp/testing';

/** Serves the files of a folder over HTTP (a stand-in for presigned S3 GET URLs); 404 for anything else. */
export async function serveFiles(
  dir: string,
): Promise<{ url(name: string): string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1));
    requests.push(req.url ?? '');
    const path = join(dir, name);
    if (name.includes('/') || !existsSync(path)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (name) =>
      `http://127.0.0.1:${port}/${encodeURIComponent(name)}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=0123456789abcdef`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
