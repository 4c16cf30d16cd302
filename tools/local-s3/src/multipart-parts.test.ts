// Multipart uploads: listing and aborting parts, unknown uploads and part numbers, S3's XML errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertIntactThenComplete,
  assertS3Error,
  big,
  complete,
  tail,
  uploadParts,
  uploadPath,
} from './multipart-steps.ts';
import { BUCKET, client, clientFor, store, useTestStore } from './test-store.ts';

useTestStore();

test('ListParts pages with max-parts and part-number-marker', async () => {
  const { uploadId, parts } = await uploadParts('mp/list.bin', [tail, tail, tail]);
  const first = await client.send(
    new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/list.bin', UploadId: uploadId, MaxParts: 2 }),
  );
  assert.deepEqual(
    first.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size]),
    parts.slice(0, 2).map((p) => [p.PartNumber, p.ETag, tail.length]),
  );
  assert.equal(first.IsTruncated, true);
  assert.equal(first.NextPartNumberMarker, '2');
  const rest = await client.send(
    new ListPartsCommand({
      Bucket: BUCKET,
      Key: 'mp/list.bin',
      UploadId: uploadId,
      PartNumberMarker: first.NextPartNumberMarker,
    }),
  );
  assert.deepEqual(
    rest.Parts?.map((p) => p.PartNumber),
    [3],
  );
  assert.equal(rest.IsTruncated, false);
  await client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/list.bin', UploadId: uploadId }));
});

test('AbortMultipartUpload answers 204 and removes the parts; the upload id is then unknown', async () => {
  const { uploadId, parts } = await uploadParts('mp/abort.bin', [big, tail]);
  assert.ok(existsSync(uploadPath(uploadId)));
  const aborted = await client.send(
    new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId }),
  );
  assert.equal(aborted.$metadata.httpStatusCode, 204);
  assert.equal(existsSync(uploadPath(uploadId)), false, 'parts deleted');

  await assertS3Error(
    client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId, PartNumber: 3, Body: big }),
    ),
    'NoSuchUpload',
    404,
  );
  assert.equal(existsSync(uploadPath(uploadId)), false, 'UploadPart does not bring the upload back');
  await assertS3Error(complete('mp/abort.bin', uploadId, parts), 'NoSuchUpload', 404);
  await assertS3Error(
    client.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId })),
    'NoSuchUpload',
    404,
  );
  await assertS3Error(
    client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId })),
    'NoSuchUpload',
    404,
  );
  await assertS3Error(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/abort.bin' })), 'NotFound', 404);
  await client.send(new HeadBucketCommand({ Bucket: BUCKET }));
});

test('an unknown upload id, or one created for another key, is NoSuchUpload; a bad part number is InvalidArgument', async () => {
  const { uploadId, parts } = await uploadParts('mp/owner.bin', [tail]);
  const put = (key: string, id: string, partNumber: number) =>
    client.send(new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId: id, PartNumber: partNumber, Body: tail }));
  await assertS3Error(put('mp/owner.bin', 'f'.repeat(32), 1), 'NoSuchUpload', 404);
  await assertS3Error(put('mp/owner.bin', '../../elsewhere', 1), 'NoSuchUpload', 404);
  await assertS3Error(put('mp/other.bin', uploadId, 1), 'NoSuchUpload', 404);
  await assertS3Error(complete('mp/other.bin', uploadId, parts), 'NoSuchUpload', 404);
  await assertS3Error(
    client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/other.bin', UploadId: uploadId })),
    'NoSuchUpload',
    404,
  );
  await assertS3Error(put('mp/owner.bin', uploadId, 0), 'InvalidArgument', 400);
  await assertS3Error(put('mp/owner.bin', uploadId, 10_001), 'InvalidArgument', 400);
  await assertIntactThenComplete('mp/owner.bin', uploadId, parts, tail);
});

test('the error is S3 XML with status 400', async () => {
  const { uploadId, parts } = await uploadParts('mp/xml.bin', [tail]);
  let raw = '';
  const sdk = clientFor(store.url);
  sdk.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const response = result.response as { body: AsyncIterable<Buffer>; statusCode: number };
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
      raw = `${response.statusCode} ${Buffer.concat(chunks).toString()}`;
      response.body = Readable.from([Buffer.concat(chunks)]);
      return result;
    },
    { step: 'deserialize', priority: 'low' },
  );
  try {
    await assertS3Error(
      sdk.send(
        new CompleteMultipartUploadCommand({
          Bucket: BUCKET,
          Key: 'mp/xml.bin',
          UploadId: uploadId,
          MultipartUpload: { Parts: [{ PartNumber: 2, ETag: parts[0]!.ETag }] },
        }),
      ),
      'InvalidPart',
      400,
    );
  } finally {
    sdk.destroy();
  }
  assert.match(
    raw,
    /^400 <\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>InvalidPart<\/Code><Message>One or more of the specified parts could not be found\./,
  );
  assert.match(raw, new RegExp(`<UploadId>${uploadId}</UploadId><PartNumber>2</PartNumber>`));
});
