// A webhook receiver on loopback: a fake third party speaking real HTTP. Each request is recorded
// with its raw body; the answer is the test's choice (a status, headers, a delay, or no answer).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The answer to each request from now on (default 200). */
  answer(choose: (request: Received, index: number) => Answer): void;
  /** Stops listening (connections refused) until `listen` again on the same port. */
  close(): Promise<void>;
  listen(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = [];
  let choose: (request: Received, index: number) => Answer = () => ({ status: 200 });
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
          received.push(request);
          const answer = choose(request, received.length - 1);
          const send = () => {
            if (!res.destroyed) res.writeHead(answer.status, answer.headers ?? {}).end('ok');
          };
          if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
          else send();
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get url() {
      return `http://127.0.0.1:${port}${path}`;
    },
    get port() {
      return port;
    },
    received,
    answer(next) {
      choose = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
    listen: open,
  };
}
