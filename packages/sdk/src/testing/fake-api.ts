// A local HTTP server that answers as scripted and records what it was sent: the SDK's unit tests
// talk to it over real sockets, so retries, headers and streamed bodies are the real ones.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** JSON unless a string; none for 204. */
  body?: unknown;
  /** Close the connection without answering: the client sees a connection failure. */
  drop?: boolean;
}

export type Script = (request: Received, index: number) => Answer | Promise<Answer>;

export interface FakeApi {
  url: string;
  received: Received[];
  /** Answers of `METHOD /path` (path without its query), in turn: the last one repeats. */
  on(route: string, ...answers: (Answer | Script)[]): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const routes = new Map<string, (Answer | Script)[]>();
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Received = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    received.push(request);
    const key = `${request.method} ${request.path.split('?')[0]}`;
    const answers = routes.get(key);
    const seen = received.filter((r) => `${r.method} ${r.path.split('?')[0]}` === key).length - 1;
    const next = answers?.[Math.min(seen, answers.length - 1)] ?? {
      status: 404,
      body: { detail: { code: 'not_found', message: key } },
    };
    send(res, typeof next === 'function' ? await next(request, seen) : next);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (route, ...answers) => void routes.set(route, answers),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function send(res: ServerResponse, answer: Answer): void {
  if (answer.drop) {
    res.socket?.destroy();
    return;
  }
  const text =
    answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(answer.status ?? 200, { ...(text ? { 'content-type': type } : {}), ...answer.headers });
  res.end(text);
}
