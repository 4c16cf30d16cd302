// Multipart uploads: completing them, and the completions S3 refuses (the upload then stays).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { CompletedPart } from '@aws-sdk/client-s3';
import {
  assertIntactThenComplete,
  assertS3Error,
  big,
  complete,
  MiB5,
  tail,
  uploadParts,
  uploadPath,
} from './multipart-steps.ts';
import { BUCKET, client, useTestStore } from './test-store.ts';

useTestStore();

test('completing with a part that was never uploaded is InvalidPart, and the upload stays', async () => {
  const { uploadId, parts } = await uploadParts('mp/missing.bin', [big, tail]);
  await assertS3Error(
    complete('mp/missing.bin', uploadId, [parts[0]!, { ...parts[1]!, PartNumber: 3 }]),
    'InvalidPart',
    400,
  );
  await assertS3Error(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/missing.bin' })), 'NotFound', 404);
  await assertIntactThenComplete('mp/missing.bin', uploadId, parts, Buffer.concat([big, tail]));
});

test('completing with a wrong ETag is InvalidPart', async () => {
  const { uploadId, parts } = await uploadParts('mp/etag.bin', [big, tail]);
  await assertS3Error(
    complete('mp/etag.bin', uploadId, [parts[0]!, { ...parts[1]!, ETag: '"0123456789abcdef0123456789abcdef"' }]),
    'InvalidPart',
    400,
  );
  await assertIntactThenComplete('mp/etag.bin', uploadId, parts, Buffer.concat([big, tail]));
});

test('completing with parts out of order is InvalidPartOrder', async () => {
  const { uploadId, parts } = await uploadParts('mp/order.bin', [big, tail]);
  await assertS3Error(complete('mp/order.bin', uploadId, [parts[1]!, parts[0]!]), 'InvalidPartOrder', 400);
  await assertS3Error(complete('mp/order.bin', uploadId, [parts[0]!, parts[0]!, parts[1]!]), 'InvalidPartOrder', 400);
  await assertIntactThenComplete('mp/order.bin', uploadId, parts, Buffer.concat([big, tail]));
});

test('a part under 5 MiB other than the last is EntityTooSmall', async () => {
  const small = Buffer.alloc(MiB5 - 1, 2);
  const { uploadId, parts } = await uploadParts('mp/small.bin', [small, tail]);
  await assertS3Error(complete('mp/small.bin', uploadId, parts), 'EntityTooSmall', 400);
  // Uploading the part again replaces it; the upload can then be completed.
  const { ETag } = await client.send(
    new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/small.bin', UploadId: uploadId, PartNumber: 1, Body: big }),
  );
  await assertIntactThenComplete(
    'mp/small.bin',
    uploadId,
    [{ PartNumber: 1, ETag }, parts[1]!],
    Buffer.concat([big, tail]),
  );
});

test('a lone small part, or parts numbered with gaps, complete normally', async () => {
  const lone = await uploadParts('mp/lone.bin', [tail]);
  await complete('mp/lone.bin', lone.uploadId, lone.parts);
  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/lone.bin' }));
  assert.equal(await got.Body!.transformToString(), tail.toString());

  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin' }));
  const parts: CompletedPart[] = [];
  for (const [PartNumber, body] of [
    [2, big],
    [7, tail],
  ] as const) {
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin', UploadId, PartNumber, Body: body }),
    );
    parts.push({ PartNumber, ETag });
  }
  await complete('mp/gaps.bin', UploadId!, parts);
  const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin' }));
  assert.equal(head.ContentLength, big.length + tail.length);
  assert.equal(existsSync(uploadPath(UploadId!)), false, 'parts removed once completed');
});
