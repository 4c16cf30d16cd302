// A product back end's webhook receiver on loopback (the one fake of these tests: a third party
// speaking real HTTP). It verifies every delivery the way the README tells receivers to (the
// length checked, then a constant-time comparison), checks it against the webhooks of the
// gateway's /openapi.json, records it, and answers what the test says.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@tp/testing';
import { type Contract, contractOf } from '@tp/testing/contract';

export interface Received {
  /** Date.now() when the whole body had arrived. */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact raw body (what the signature covers). */
  raw: Buffer;
  // Delivery bodies are checked field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  deliveryId: string;
  /** X-Service-Signature checked against the secret: length first, then timingSafeEqual. */
  signatureValid: boolean;
  /** Which request of this delivery id it is (1-based). */
  attempt: number;
  /** What the receiver answered. */
  status: number;
  /** How the delivery breaks the `webhooks` of the gateway's /openapi.json (empty: it keeps them). */
  contractProblems: string[];
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface ReceiverOptions {
  secret: string;
  /**
   * The gateway whose /openapi.json `webhooks` every delivery is checked against: a delivery off
   * them fails the file (and `close()`). null only for a platform whose document predates them.
   */
  contractFrom: string | null;
  /** The answer to a delivery (default 200). */
  answer?: (received: Omit<Received, 'status'>) => Answer;
}

export interface Receiver {
  /** http://127.0.0.1:<port>/hooks/<name> */
  url: string;
  port: number;
  received: Received[];
  /** Requests of one delivery id, in order. */
  of(deliveryId: string): Received[];
  /** Starts listening (on the port the URL names); a receiver made with `reserveReceiver` starts closed. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/** The check every receiver should make (the README's snippet): length, then constant time. */
export function validServiceSignature(secret: string, headers: IncomingHttpHeaders, raw: Buffer): boolean {
  const timestamp = headers['x-service-timestamp'];
  const given = headers['x-service-signature'];
  if (typeof timestamp !== 'string' || typeof given !== 'string') return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A receiver that listens at once. */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const receiver = await reserveReceiver(options);
  await receiver.open();
  return receiver;
}

/** A receiver whose port refuses connections until `open()`. */
export async function reserveReceiver(options: ReceiverOptions): Promise<Receiver> {
  const port = await freePort();
  const received: Received[] = [];
  let server: Server | null = null;
  let contract: Contract | null = null;
  const handle = (method: string, path: string, headers: IncomingHttpHeaders, raw: Buffer): Answer => {
    const deliveryId = String(headers['x-service-delivery-id'] ?? '');
    const entry = {
      at: Date.now(),
      method,
      path,
      headers,
      raw,
      body: parse(raw),
      deliveryId,
      signatureValid: validServiceSignature(options.secret, headers, raw),
      attempt: received.filter((r) => r.deliveryId === deliveryId).length + 1,
      contractProblems: contract ? checkDelivery(contract, headers, raw) : [],
    };
    const answer = options.answer?.(entry) ?? { status: 200 };
    received.push({ ...entry, status: answer.status });
    return answer;
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/${Math.random().toString(36).slice(2, 8)}`,
    port,
    received,
    of: (deliveryId) => received.filter((r) => r.deliveryId === deliveryId),
    open: async () => {
      if (options.contractFrom !== null) contract ??= await contractOf(options.contractFrom);
      await new Promise<void>((resolve, reject) => {
        server = createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => {
            const answer = handle(req.method ?? '', req.url ?? '', req.headers, Buffer.concat(chunks));
            res.writeHead(answer.status, answer.headers).end();
          });
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
        server = null;
      });
      const problems = received.flatMap((r) => r.contractProblems);
      if (problems.length) throw new Error(`deliveries broke /openapi.json's webhooks:\n  ${problems.join('\n  ')}`);
    },
  };
}

/** The delivery's problems by the document's webhooks; any marks the process failed at once. */
function checkDelivery(contract: Contract, incoming: IncomingHttpHeaders, raw: Buffer): string[] {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const problems = contract.checkWebhook(headers, raw.toString('utf8'));
  if (problems.length) {
    process.exitCode = 1;
    console.error(`a delivery broke /openapi.json's webhooks:\n  ${problems.join('\n  ')}`);
  }
  return problems;
}

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/** A remote file server on loopback (a public audio_url, the way a customer's CDN serves one). */
export async function serveFile(
  bytes: Buffer,
  contentType: string,
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cdn/talk.wav`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
