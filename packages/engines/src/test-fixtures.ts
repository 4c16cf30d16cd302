// Shared by the package's tests: ffmpeg to make media, and a stand-in for presigned URLs. Not part
// of the public surface (src/index.ts).
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}

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
