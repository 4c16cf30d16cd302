// Multipart uploads in s3rver's file store, as S3 answers them (fix 5, the store's part): an
// upload is a folder of parts (`<n>` and `<n>.md5`) beside its `key` and `metadata`; completing
// checks every part named, then streams them into the object.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  filesystemStore,
  requireS3rver,
  S3Error,
  type PartRef,
  type RouteContext,
  type Store,
  type Stored,
} from './s3rver-internals.ts';

const S3Object = requireS3rver('@20minutes/s3rver/lib/models/object') as new (
  bucket: string,
  key: string,
  content: unknown,
  metadata: unknown,
) => unknown;

const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
/** s3rver's upload ids (16 random bytes, hex); anything else names no upload, nor a path. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function noSuchUpload(uploadId: string): Error {
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
export async function requireUpload(ctx: RouteContext): Promise<{ dir: string; uploadId: string }> {
  const { uploadId } = ctx.query;
  if (typeof uploadId !== 'string') throw noSuchUpload(String(uploadId));
  const dir = uploadDir(ctx.store, ctx.params.bucket, uploadId);
  if ((await readUploadFile(dir, 'key', uploadId)) !== ctx.params.key) throw noSuchUpload(uploadId);
  return { dir, uploadId };
}

/** Removes an upload at once (a rename) so racing requests see NoSuchUpload, then its files. */
export async function discardUpload(dir: string, uploadId: string): Promise<void> {
  const doomed = `${dir}.discarded-${randomUUID()}`;
  try {
    await rename(dir, doomed);
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
  await rm(doomed, { recursive: true, force: true, maxRetries: 3 });
}

export function checkPartNumber(ctx: RouteContext): void {
  const { partNumber } = ctx.query;
  const value = typeof partNumber === 'string' ? partNumber : '';
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PART_NUMBER) {
    throw new S3Error('InvalidArgument', `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive`, {
      ArgumentName: 'partNumber',
      ArgumentValue: value,
    });
  }
}
// Never recreate the folder of an upload aborted meanwhile (s3rver's putPart does mkdir -p).
filesystemStore.prototype.putPart = async function putPartOfLiveUpload(
  this: Store,
  bucket,
  uploadId,
  partNumber,
  content,
) {
  const partPath = join(uploadDir(this, bucket, uploadId), String(partNumber));
  try {
    const [size, md5] = await this.putContent(partPath, content);
    await writeFile(`${partPath}.md5`, md5);
    return { size, md5 };
  } catch (err) {
    throw isMissing(err) ? noSuchUpload(uploadId) : err;
  }
};

filesystemStore.prototype.putObjectMultipart = async function putCheckedMultipart(
  this: Store,
  bucket,
  uploadId,
  parts,
) {
  const dir = uploadDir(this, bucket, uploadId);
  const key = await readUploadFile(dir, 'key', uploadId);
  const metadata: unknown = JSON.parse(await readUploadFile(dir, 'metadata', uploadId));
  for (const [index, part] of parts.entries()) {
    const previous = parts[index - 1];
    if (previous && !(part.number > previous.number)) {
      throw new S3Error(
        'InvalidPartOrder',
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
        {
          UploadId: uploadId,
        },
      );
    }
  }
  const sizes = await Promise.all(
    parts.map(async (part) => {
      if (!Number.isInteger(part.number) || part.number < 1 || part.number > MAX_PART_NUMBER)
        throw invalidPart(uploadId, part);
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
