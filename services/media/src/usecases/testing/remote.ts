// A remote host on loopback for the URL-import tests: each path answers as a test names it, and
// every request is counted (so a test can tell that nothing connected).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (res: ServerResponse, req: IncomingMessage) => void;

export interface Remote {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Writes `total` zero bytes without a Content-Length (chunked), as fast as the client reads. */
export function streamZeros(res: ServerResponse, total: number): void {
  let sent = 0;
  const chunk = Buffer.alloc(16 * 1024);
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}

export async function startRemote(routes: Record<string, Route>): Promise<Remote> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://remote').pathname;
    requests.push(path);
    const route = routes[path];
    if (route) route(res, req);
    else res.writeHead(404).end('no such file');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
