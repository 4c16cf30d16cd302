// The steps of the multipart upload tests: uploading parts, completing, and checking the S3
// errors and that a refused completion left the upload intact.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { CompletedPart } from '@aws-sdk/client-s3';
import { BUCKET, client, dir } from './test-store.ts';

export const MiB5 = 5 * 1024 * 1024;
export const big = Buffer.alloc(MiB5, 1);
export const tail = Buffer.from('the last part may be small');

export async function uploadParts(
  key: string,
  bodies: Buffer[],
): Promise<{ uploadId: string; parts: CompletedPart[] }> {
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key, ContentType: 'application/octet-stream' }),
  );
  const parts: CompletedPart[] = [];
  for (const [index, body] of bodies.entries()) {
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: index + 1, Body: body }),
    );
    parts.push({ PartNumber: index + 1, ETag });
  }
  return { uploadId: UploadId!, parts };
}

export function complete(key: string, uploadId: string, parts: CompletedPart[]) {
  return client.send(
    new CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

export async function assertS3Error(request: Promise<unknown>, code: string, status: number): Promise<void> {
  await assert.rejects(request, (err: Error & { $metadata?: { httpStatusCode?: number } }) => {
    assert.equal(err.name, code, err.message);
    assert.equal(err.$metadata?.httpStatusCode, status);
    return true;
  });
}

/** The store still serves, the upload is untouched, and completing it properly works. */
export async function assertIntactThenComplete(
  key: string,
  uploadId: string,
  parts: CompletedPart[],
  expected: Buffer,
): Promise<void> {
  await client.send(new HeadBucketCommand({ Bucket: BUCKET }));
  const listed = await client.send(new ListPartsCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId }));
  assert.deepEqual(
    listed.Parts?.map((p) => [p.PartNumber, p.ETag]),
    parts.map((p) => [p.PartNumber, p.ETag]),
  );
  await complete(key, uploadId, parts);
  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  assert.ok(Buffer.from(await got.Body!.transformToByteArray()).equals(expected));
  assert.equal(got.ContentType, 'application/octet-stream');
  await assertS3Error(
    client.send(new ListPartsCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId })),
    'NoSuchUpload',
    404,
  );
}

export const uploadPath = (uploadId: string) => join(dir, BUCKET, '._S3rver_uploads', uploadId);
