import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { EgressRefusedError, guardedLookup } from './lookup.ts';
import { checkAddress, type EgressPolicy, hostOf, parseEgressUrl, type Resolver, refusal } from './policy.ts';

export interface EgressRequestOptions {
  policy: EgressPolicy;
  /** Default GET. */
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
  /** Limits the connection and the wait for the response headers, then each silence of the body. Default 15 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  resolver?: Resolver;
  /** Names the URL in refusals (`webhook_url names 10.0.0.1, …`). Default `url`. */
  field?: string;
}

export interface EgressResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The response body; read it (or destroy it) to release the connection. */
  body: Readable;
}

export const DEFAULT_EGRESS_TIMEOUT_MS = 15_000;

/** A body goes with its Content-Length (not chunked), unless the caller set one. */
function withLength(headers: OutgoingHttpHeaders, body: string | Uint8Array | undefined): OutgoingHttpHeaders {
  if (body === undefined || Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
    return headers;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return { ...headers, 'content-length': length };
}

/** The error a request ends with when it runs past its timeout: code `EGRESS_TIMEOUT`. */
export class EgressTimeoutError extends Error {
  readonly code = 'EGRESS_TIMEOUT';
  constructor(url: URL, ms: number) {
    super(`${url.origin}: timed out after ${ms} ms`);
    this.name = 'EgressTimeoutError';
  }
}

/**
 * One HTTP(S) request to a user-given URL under the guard: only http(s) without userinfo; an IP-literal host is
 * checked here, a name through `guardedLookup`, so the connection goes to the address checked. Redirects are never
 * followed (a 3xx comes back as it is); no connection is pooled. Rejects with `AppError` `url_not_allowed` before
 * any connection to a refused address, with `EgressTimeoutError` past `timeoutMs`, or with the network's error.
 */
export async function egressRequest(url: string | URL, options: EgressRequestOptions): Promise<EgressResponse> {
  const field = options.field ?? 'url';
  const target = parseEgressUrl(url, field);
  const { host, literal } = hostOf(target);
  if (literal) checkAddress(host, options.policy, field, 'names');
  const timeoutMs = options.timeoutMs ?? DEFAULT_EGRESS_TIMEOUT_MS;
  const send = target.protocol === 'https:' ? https.request : http.request;

  return new Promise<EgressResponse>((resolve, reject) => {
    const req = send(target, {
      method: options.method ?? 'GET',
      headers: withLength(options.headers ?? {}, options.body),
      lookup: guardedLookup(options.policy, options.resolver),
      agent: false,
      signal: options.signal,
    });
    const timer = setTimeout(() => req.destroy(new EgressTimeoutError(target, timeoutMs)), timeoutMs);
    // `on`, not `once`: a socket error after the response must not go unheard (the promise is settled by then).
    req.on('error', (err) => {
      clearTimeout(timer);
      if (!(err instanceof EgressRefusedError)) return reject(err);
      reject(refusal('not_public', `${field} resolves to ${err.address}, ${err.description}.`));
    });
    req.once('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      // From here each silence of the body longer than the timeout ends it. A caller that reads only the status
      // leaves the body unheard: its error must not crash the process (a reader adds its own listener).
      res.on('error', () => {});
      res.socket.setTimeout(timeoutMs, () => res.destroy(new EgressTimeoutError(target, timeoutMs)));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
    });
    req.end(options.body);
  });
}
