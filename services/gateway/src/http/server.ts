import type { Server } from 'node:http';
import { createHttpServer, type HttpTimeouts } from '@tp/runtime';
import type { Express } from 'express';

/**
 * Listens on host:port (0 = any free port) with the timeouts that keep a slow client from holding
 * a connection; resolves once the port is bound.
 */
export async function listenHttp(app: Express, host: string, port: number, timeouts: HttpTimeouts): Promise<Server> {
  const server = createHttpServer(timeouts, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops taking connections, closes the idle ones and resolves once the requests in flight are answered. */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

export function boundPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}
