import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DUMMY_ACCOUNT, S3rver, withRequestPath } from './s3rver.ts';

export interface LocalS3Options {
  host: string;
  /** 0 picks a free port. */
  port: number;
  directory: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface LocalS3 {
  /** e.g. http://127.0.0.1:9000, for `endpoint` with `forcePathStyle: true`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

// Browsers upload straight to presigned URLs, so the local bucket answers CORS preflights.
const CORS_CONFIG = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Only our key pair is valid: the built-in S3RVER/S3RVER pair would let anyone in. */
function installKeyPair(accessKeyId: string, secretAccessKey: string): void {
  for (const existing of [...DUMMY_ACCOUNT.accessKeys.keys()]) {
    if (existing !== accessKeyId) DUMMY_ACCOUNT.revokeAccessKey(existing);
  }
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
}

function isSigned(req: IncomingMessage): boolean {
  if (req.headers.authorization) return true;
  const query = new URL(req.url ?? '/', 'http://local').searchParams;
  return query.has('X-Amz-Algorithm') || query.has('Signature');
}

function accessDenied(res: ServerResponse): void {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
    '<Message>Anonymous access is not allowed; sign the request.</Message></Error>';
  res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** A browser-based upload (POST Object) to the bucket: signed in its form, checked by s3rver-post-object.ts. */
function isFormPost(req: IncomingMessage, url: URL, bucket: string): boolean {
  return (
    req.method === 'POST' &&
    (url.pathname === `/${bucket}` || url.pathname === `/${bucket}/`) &&
    url.search === '' &&
    /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')
  );
}

/**
 * s3rver lets unsigned requests through as anonymous; a real private bucket does not.
 * An unsigned `GET /` is the health check; CORS preflights stay unsigned as in S3.
 */
function guard(s3: RequestListener, bucket: string): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (isSigned(req) || req.method === 'OPTIONS' || isFormPost(req, url, bucket))
      return withRequestPath(path, () => s3(req, res));
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', bucket }));
      return;
    }
    accessDenied(res);
  };
}

export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  installKeyPair(options.accessKeyId, options.secretAccessKey);
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    vhostBuckets: false,
    allowMismatchedSignatures: false,
    configureBuckets: [{ name: options.bucket, configs: [CORS_CONFIG] }],
  });
  await s3rver.configureBuckets();
  const server: Server = createServer(guard(s3rver.callback(), options.bucket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
