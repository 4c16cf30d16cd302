import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { createHttpServer, type HttpTimeouts } from '@tp/runtime';
import type { Express } from 'express';

/**
 * Per server, the connections whose last answer went out before their request's body was read: a
 * refusal (401, 413, 429 …) of an upload. Node keeps such a connection to read the rest of the body and
 * serve the next request, so a client that stops sending holds it until the idle timeout; it is not
 * idle, so a graceful stop would wait for it. Nothing more is owed to it: the stop closes it.
 */
const answeredEarly = new WeakMap<Server, Set<Socket>>();

function trackAnsweredEarly(server: Server): void {
  const sockets = new Set<Socket>();
  const watched = new WeakSet<Socket>();
  answeredEarly.set(server, sockets);
  server.on('request', (req, res) => {
    const socket = req.socket;
    sockets.delete(socket); // a next request on it: its body was read after all
    res.once('finish', () => {
      if (req.complete) return;
      sockets.add(socket);
      if (watched.has(socket)) return;
      watched.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  });
}

/**
 * Listens on host:port (0 = any free port) with the timeouts that keep a slow client from holding
 * a connection; resolves once the port is bound.
 */
export async function listenHttp(app: Express, host: string, port: number, timeouts: HttpTimeouts): Promise<Server> {
  const server = createHttpServer(timeouts, app);
  trackAnsweredEarly(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * Stops taking connections, closes the idle ones and those answered before their body was read, and
 * resolves once the requests in flight are answered.
 */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    for (const socket of answeredEarly.get(server) ?? []) socket.destroy();
  });
}

export function boundPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}
