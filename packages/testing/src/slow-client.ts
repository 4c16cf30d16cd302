import { connect } from 'node:net';

/** How a slow client's connection ended. */
export interface SlowClientResult {
  /** What the server sent before closing (e.g. a 408), as text. */
  received: string;
  /** Header bytes the client had sent when the server closed the connection. */
  bytesSent: number;
  /** Whether the client had sent its whole request (false: cut off while still sending). */
  finished: boolean;
}

/**
 * A client that opens a connection and sends a request's headers one byte every `intervalMs`
 * (a slowloris): the promise resolves when the server closes the connection. `headerBytes` of
 * padding make the request long enough that only a server-side deadline ends it first.
 */
export function sendHeadersSlowly(
  port: number,
  options: { path?: string; intervalMs?: number; headerBytes?: number } = {},
): Promise<SlowClientResult> {
  const { path = '/healthz', intervalMs = 50, headerBytes = 100_000 } = options;
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(headerBytes)}\r\n\r\n`,
  );
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const drip = () => {
      if (socket.destroyed) return;
      if (sent < request.length) {
        socket.write(request.subarray(sent, sent + 1));
        sent += 1;
        timer = setTimeout(drip, intervalMs);
      }
    };
    socket.on('connect', drip);
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    // A server that resets instead of closing cleanly ends the connection all the same.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, bytesSent: sent, finished: sent >= request.length });
    });
  });
}
