// Multipart uploads in s3rver's routes, as S3 answers them (fix 5, the requests' part): UploadPart
// and CompleteMultipartUpload only for an upload of this very key, with a valid part number;
// AbortMultipartUpload and ListParts, which s3rver does not route (405).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
// Loads s3rver's controllers: the request fixes must be in place first.
import './s3rver-requests.ts';
import { DUMMY_ACCOUNT, requireS3rver, S3Error, type Middleware, type RouteContext } from './s3rver-internals.ts';
import { checkPartNumber, discardUpload, isMissing, noSuchUpload, requireUpload } from './s3rver-upload-store.ts';

const objectCtrl = requireS3rver('@20minutes/s3rver/lib/controllers/object') as Record<
  'uploadPart' | 'uploadPartCopy' | 'completeMultipartUpload',
  (ctx: RouteContext) => Promise<void>
>;
const router = requireS3rver('@20minutes/s3rver/lib/routes') as {
  stack: { path: unknown; methods: string[]; stack: Middleware[] }[];
};

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
      throw new S3Error('InvalidArgument', `Provided ${name} not an integer or within integer range`, {
        ArgumentName: name,
        ArgumentValue: String(raw),
      });
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
      return (
        found && {
          PartNumber: number,
          LastModified: found[1].mtime.toISOString(),
          ETag: JSON.stringify(found[0]),
          Size: found[1].size,
        }
      );
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
  layer.stack[layer.stack.length - 1] = (ctx, next) =>
    ctx.params.queryMethod === queryMethod ? handler(ctx) : original(ctx, next);
}
routeObjectQuery('DELETE', 'uploadId', abortMultipartUpload);
routeObjectQuery('GET', 'uploadId', listParts);
