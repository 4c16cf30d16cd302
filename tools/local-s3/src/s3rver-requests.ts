// Fixes 1 to 4 of s3rver: the AWS SDK v3, as the services use it with default settings, signs
// and encodes requests in ways s3rver refuses; and s3rver stores objects in place. Importing
// this module applies them; s3rver's controllers must load after it (they keep references).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { UnsignedChunkedDecoder } from './aws-chunked.ts';
import { filesystemStore, S3Error, signatureV4, type Store } from './s3rver-internals.ts';

const UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/** The path of the request being handled, set by the HTTP front (see `withRequestPath`). */
const requestPath = new AsyncLocalStorage<string>();
export function withRequestPath<T>(path: string, fn: () => T): T {
  return requestPath.run(path, fn);
}

// 1. s3rver rebuilds the canonical URI from bucket and key and drops the trailing slash that
//    SDK v3 sends on bucket-level calls (`HEAD /bucket/`, `GET /bucket/?list-type=2`), so those
//    fail with SignatureDoesNotMatch. S3 signs the path as sent: put the slash back.
const originalStringToSign = signatureV4.getStringToSign;
signatureV4.getStringToSign = (canonicalRequest, signature) => {
  const path = requestPath.getStore();
  const uri =
    path?.endsWith('/') && !canonicalRequest.uri.endsWith('/') ? `${canonicalRequest.uri}/` : canonicalRequest.uri;
  return originalStringToSign({ ...canonicalRequest, uri }, signature);
};

// 2. SDK v3 streams uploads as unsigned aws-chunked with a checksum trailer, a payload mode
//    s3rver rejects. The mode only changes the body encoding, and the signature still covers
//    the header's literal value, so validate it as UNSIGNED-PAYLOAD.
const originalParseHeader = signatureV4.parseHeader;
signatureV4.parseHeader = (headers) =>
  originalParseHeader(
    headers['x-amz-content-sha256'] === UNSIGNED_TRAILER
      ? { ...headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }
      : headers,
  );

// 3. …and decode that body; S3 also never stores `aws-chunked` as the object's Content-Encoding.
//    Patched before s3rver's controllers load, since they keep their own reference.
const originalBodyParser = signatureV4.aws4SignatureBodyParser;
signatureV4.aws4SignatureBodyParser = (ctx) => {
  const encoding = ctx.headers['content-encoding'];
  if (typeof encoding === 'string' && encoding.includes('aws-chunked')) {
    const rest = encoding
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && part !== 'aws-chunked');
    if (rest.length) ctx.headers['content-encoding'] = rest.join(',');
    else delete ctx.headers['content-encoding'];
  }
  if (ctx.headers['x-amz-content-sha256'] !== UNSIGNED_TRAILER) return originalBodyParser(ctx);
  const decodedLength = ctx.headers['x-amz-decoded-content-length'];
  const decoder = new UnsignedChunkedDecoder(
    decodedLength === undefined ? undefined : Number(decodedLength),
    (message) => new S3Error('IncompleteBody', message),
  );
  // A short body can fail before the store attaches its pipeline (it awaits mkdir first); the
  // pipeline still sees the stored error, so this only keeps it from crashing the process.
  decoder.on('error', () => {});
  ctx.request.body = ctx.req.pipe(decoder);
};

// 4. s3rver writes uploads straight into the object's file, so an upload cut short leaves a
//    truncated object (and destroys the previous one). S3 stores an object whole or not at all.
const originalPutContent = filesystemStore.prototype.putContent;
filesystemStore.prototype.putContent = async function putContentWhole(this: Store, path, content) {
  const partial = `${path}.partial-${randomUUID()}`;
  try {
    const result = await originalPutContent.call(this, partial, content);
    await rename(partial, path);
    return result;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
};
