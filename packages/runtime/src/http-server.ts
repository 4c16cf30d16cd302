import { createServer, type RequestListener, type Server } from 'node:http';

/** The `httpSettings()` of @tp/config, as a service's configuration holds them. */
export interface HttpTimeoutSettings {
  HTTP_HEADERS_TIMEOUT_MS: number;
  HTTP_REQUEST_TIMEOUT_MS: number;
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number;
  HTTP_IDLE_TIMEOUT_MS: number;
}

/** How long an HTTP server waits for a client (see `httpSettings` of @tp/config). */
export interface HttpTimeouts {
  /** Until the request headers are in; later: 408 and the connection closed. */
  headersTimeoutMs: number;
  /** Until the whole request is in (0: no limit); later: 408 and the connection closed. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** How long a socket may pass no byte either way before it is destroyed. */
  idleTimeoutMs: number;
}

export const httpTimeouts = (config: HttpTimeoutSettings): HttpTimeouts => ({
  headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
});

/**
 * An HTTP server that a slow or idle client cannot hold: Node checks the header and request
 * deadlines every `connectionsCheckingInterval` (30 s by default, far coarser than a short
 * deadline), so it is set from them. Headers cannot take longer than the whole request.
 */
export function createHttpServer(timeouts: HttpTimeouts, listener: RequestListener): Server {
  const { requestTimeoutMs, keepAliveTimeoutMs, idleTimeoutMs } = timeouts;
  const headersTimeoutMs =
    requestTimeoutMs > 0 ? Math.min(timeouts.headersTimeoutMs, requestTimeoutMs) : timeouts.headersTimeoutMs;
  const shortest = requestTimeoutMs > 0 ? Math.min(headersTimeoutMs, requestTimeoutMs) : headersTimeoutMs;
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(shortest / 4))),
    },
    listener,
  );
  // Without a 'timeout' listener, Node destroys a socket that stayed idle this long.
  server.setTimeout(idleTimeoutMs);
  return server;
}
