// Loads s3rver (CommonJS, no type declarations) with fixes so that AWS SDK v3, as the
// services use it with default settings, works against it as against S3.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UnsignedChunkedDecoder } from './aws-chunked.ts';

export interface S3rverInstance {
  callback(): RequestListener;
  configureBuckets(): Promise<unknown>;
}
export interface S3rverOptions {
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}
export interface AwsAccount {
  id: string;
  displayName: string;
  accessKeys: Map<string, string>;
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  revokeAccessKey(accessKeyId: string): void;
}
interface KoaContext {
  headers: IncomingHttpHeaders;
  req: IncomingMessage;
  request: { body: unknown };
}
/** The parts of a routed s3rver request context that the patches below use. */
interface RouteContext extends KoaContext {
  params: { bucket: string; key: string; queryMethod?: string };
  query: Record<string, string | string[] | undefined>;
  store: Store;
  status: number;
  body: unknown;
}
type Middleware = (ctx: RouteContext, next: () => Promise<unknown>) => unknown;
interface Stored {
  size: number;
  md5: string;
}
/** A part as s3rver's CompleteMultipartUpload controller hands it over (ETag without quotes). */
interface PartRef {
  number: number;
  etag: string;
}
interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putContent(path: string, content: unknown): Promise<[number, string]>;
  putObject(object: unknown): Promise<Stored>;
  putPart(bucket: string, uploadId: string, partNumber: string, content: unknown): Promise<Stored>;
  putObjectMultipart(bucket: string, uploadId: string, parts: PartRef[]): Promise<Stored>;
}
interface FilesystemStore {
  prototype: Store;
}
interface SignatureV4 {
  parseHeader(headers: IncomingHttpHeaders): unknown;
  getStringToSign(canonicalRequest: { uri: string }, signature: unknown): string;
  aws4SignatureBodyParser(ctx: KoaContext): void;
}

const require = createRequire(import.meta.url);
const signatureV4 = require('@20minutes/s3rver/lib/signature/v4') as SignatureV4;

const S3Error = require('@20minutes/s3rver/lib/models/error') as new (code: string, message: string, detail?: Record<string, string | number>) => Error;

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
  const uri = path?.endsWith('/') && !canonicalRequest.uri.endsWith('/') ? `${canonicalRequest.uri}/` : canonicalRequest.uri;
  return originalStringToSign({ ...canonicalRequest, uri }, signature);
};

// 2. SDK v3 streams uploads as unsigned aws-chunked with a checksum trailer, a payload mode
//    s3rver rejects. The mode only changes the body encoding, and the signature still covers
//    the header's literal value, so validate it as UNSIGNED-PAYLOAD.
const originalParseHeader = signatureV4.parseHeader;
signatureV4.parseHeader = (headers) =>
  originalParseHeader(headers['x-amz-content-sha256'] === UNSIGNED_TRAILER ? { ...headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } : headers);

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
const store = require('@20minutes/s3rver/lib/stores/filesystem') as FilesystemStore;
const originalPutContent = store.prototype.putContent;
store.prototype.putContent = async function putContentWhole(this: Store, path, content) {
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

// 5. s3rver's multipart uploads trust the client. CompleteMultipartUpload streams whichever part
//    files the list names, so one never uploaded crashes the process (unhandled ENOENT on a read
//    stream), and ETags, part order and part sizes go unchecked; UploadPart to an unknown upload id
//    creates it; AbortMultipartUpload and ListParts are not routed (405). Answer as S3 does.
//    (Loading the controllers and routes here is safe: fix 3 is already in place.)
const S3Object = require('@20minutes/s3rver/lib/models/object') as new (bucket: string, key: string, content: unknown, metadata: unknown) => unknown;
const objectCtrl = require('@20minutes/s3rver/lib/controllers/object') as Record<
  'uploadPart' | 'uploadPartCopy' | 'completeMultipartUpload',
  (ctx: RouteContext) => Promise<void>
>;
const router = require('@20minutes/s3rver/lib/routes') as { stack: { path: unknown; methods: string[]; stack: Middleware[] }[] };

const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;
/** s3rver's upload ids (16 random bytes, hex); anything else names no upload, nor a path. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

function noSuchUpload(uploadId: string): Error {
  return new S3Error(
    'NoSuchUpload',
    'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
    { UploadId: uploadId },
  );
}

function invalidPart(uploadId: string, part: PartRef): Error {
  return new S3Error(
    'InvalidPart',
    "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
    { UploadId: uploadId, PartNumber: String(part.number), ETag: part.etag },
  );
}

/** The folder holding an upload's `key`, `metadata` and parts (`<n>` and `<n>.md5`). */
function uploadDir(store: Store, bucket: string, uploadId: string): string {
  if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload(uploadId);
  return join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
}

async function readUploadFile(dir: string, name: string, uploadId: string): Promise<string> {
  try {
    return await readFile(join(dir, name), 'utf8');
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
}

/** The request's upload folder, or NoSuchUpload unless the upload exists for this very key. */
async function requireUpload(ctx: RouteContext): Promise<{ dir: string; uploadId: string }> {
  const { uploadId } = ctx.query;
  if (typeof uploadId !== 'string') throw noSuchUpload(String(uploadId));
  const dir = uploadDir(ctx.store, ctx.params.bucket, uploadId);
  if ((await readUploadFile(dir, 'key', uploadId)) !== ctx.params.key) throw noSuchUpload(uploadId);
  return { dir, uploadId };
}

/** Removes an upload at once (a rename) so racing requests see NoSuchUpload, then its files. */
async function discardUpload(dir: string, uploadId: string): Promise<void> {
  const doomed = `${dir}.discarded-${randomUUID()}`;
  try {
    await rename(dir, doomed);
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
  await rm(doomed, { recursive: true, force: true, maxRetries: 3 });
}

function checkPartNumber(ctx: RouteContext): void {
  const { partNumber } = ctx.query;
  const value = typeof partNumber === 'string' ? partNumber : '';
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PART_NUMBER) {
    throw new S3Error('InvalidArgument', `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive`, {
      ArgumentName: 'partNumber',
      ArgumentValue: value,
    });
  }
}

for (const name of ['uploadPart', 'uploadPartCopy'] as const) {
  const original = objectCtrl[name];
  objectCtrl[name] = async (ctx) => {
    checkPartNumber(ctx);
    await requireUpload(ctx);
    return original(ctx);
  };
}
const originalComplete = objectCtrl.completeMultipartUpload;
objectCtrl.completeMultipartUpload = async (ctx) => {
  await requireUpload(ctx);
  return originalComplete(ctx);
};

// Never recreate the folder of an upload aborted meanwhile (s3rver's putPart does mkdir -p).
store.prototype.putPart = async function putPartOfLiveUpload(this: Store, bucket, uploadId, partNumber, content) {
  const partPath = join(uploadDir(this, bucket, uploadId), String(partNumber));
  try {
    const [size, md5] = await this.putContent(partPath, content);
    await writeFile(`${partPath}.md5`, md5);
    return { size, md5 };
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
};

store.prototype.putObjectMultipart = async function putCheckedMultipart(this: Store, bucket, uploadId, parts) {
  const dir = uploadDir(this, bucket, uploadId);
  const key = await readUploadFile(dir, 'key', uploadId);
  const metadata: unknown = JSON.parse(await readUploadFile(dir, 'metadata', uploadId));
  for (const [index, part] of parts.entries()) {
    const previous = parts[index - 1];
    if (previous && !(part.number > previous.number)) {
      throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.', {
        UploadId: uploadId,
      });
    }
  }
  const sizes = await Promise.all(
    parts.map(async (part) => {
      if (!Number.isInteger(part.number) || part.number < 1 || part.number > MAX_PART_NUMBER) throw invalidPart(uploadId, part);
      const partPath = join(dir, String(part.number));
      const found = await Promise.all([readFile(`${partPath}.md5`, 'utf8'), stat(partPath)]).catch((err: unknown) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
      if (!found || found[0] !== part.etag) throw invalidPart(uploadId, part);
      return found[1].size;
    }),
  );
  for (const [index, part] of parts.slice(0, -1).entries()) {
    const size = sizes[index] ?? 0;
    if (size < MIN_PART_SIZE) {
      throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
        ProposedSize: size,
        MinSizeAllowed: MIN_PART_SIZE,
        PartNumber: part.number,
        ETag: part.etag,
      });
    }
  }
  // Unlike s3rver's concatenation, a part that vanishes mid-way fails this request, not the process.
  async function* content() {
    for (const part of parts) yield* createReadStream(join(dir, String(part.number)));
  }
  let result: Stored;
  try {
    result = await this.putObject(new S3Object(bucket, key, Readable.from(content()), metadata));
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
  await discardUpload(dir, uploadId).catch(() => {});
  return result;
};

/**
 * AbortMultipartUpload
 * {@link https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html}
 */
async function abortMultipartUpload(ctx: RouteContext): Promise<void> {
  const { dir, uploadId } = await requireUpload(ctx);
  await discardUpload(dir, uploadId);
  ctx.status = 204;
}

/**
 * ListParts, with `max-parts` and `part-number-marker`.
 * {@link https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListParts.html}
 */
async function listParts(ctx: RouteContext): Promise<void> {
  const { dir, uploadId } = await requireUpload(ctx);
  const integerParam = (name: string, fallback: number): number => {
    const raw = ctx.query[name];
    if (raw === undefined) return fallback;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
      throw new S3Error('InvalidArgument', `Provided ${name} not an integer or within integer range`, { ArgumentName: name, ArgumentValue: String(raw) });
    }
    return Number(raw);
  };
  const maxParts = Math.min(integerParam('max-parts', 1000), 1000);
  const marker = integerParam('part-number-marker', 0);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
  const numbers = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((number) => number > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    page.map(async (number) => {
      const partPath = join(dir, String(number));
      // A part whose ETag is not written yet is still being uploaded: not listed.
      const found = await Promise.all([readFile(`${partPath}.md5`, 'utf8'), stat(partPath)]).catch(() => undefined);
      return found && { PartNumber: number, LastModified: found[1].mtime.toISOString(), ETag: JSON.stringify(found[0]), Size: found[1].size };
    }),
  );
  const owner = { ID: DUMMY_ACCOUNT.id, DisplayName: DUMMY_ACCOUNT.displayName };
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: ctx.params.bucket,
      Key: ctx.params.key,
      UploadId: uploadId,
      Initiator: owner,
      Owner: owner,
      StorageClass: 'STANDARD',
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: maxParts,
      IsTruncated: numbers.length > page.length,
      Part: parts.filter((part) => part !== undefined),
    },
  };
}

/** Sends `?<queryMethod>` requests of an object route to `handler` before s3rver's own switch. */
function routeObjectQuery(method: string, queryMethod: string, handler: (ctx: RouteContext) => Promise<void>): void {
  const layer = router.stack.find((route) => route.path === '/:bucket/*key' && route.methods.includes(method));
  const original = layer?.stack.at(-1);
  if (!layer || !original) throw new Error(`s3rver has no ${method} object route to patch`);
  layer.stack[layer.stack.length - 1] = (ctx, next) => (ctx.params.queryMethod === queryMethod ? handler(ctx) : original(ctx, next));
}
routeObjectQuery('DELETE', 'uploadId', abortMultipartUpload);
routeObjectQuery('GET', 'uploadId', listParts);

export const S3rver = require('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverInstance;
// s3rver keeps key pairs in this process-wide account, preloaded with the pair S3RVER/S3RVER.
export const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account') as { DUMMY_ACCOUNT: AwsAccount };
