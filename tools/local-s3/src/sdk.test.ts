// The AWS SDK with its default settings (flexible checksums: aws-chunked bodies with a trailer)
// against the local S3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ACCESS_KEY_ID, BUCKET, client, SECRET, store, useTestStore } from './test-store.ts';

useTestStore();

/** A client with the SDK's default settings (unlike clientFor's, which turns checksums off). */
function defaultSdk(): S3Client {
  return new S3Client({
    endpoint: store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
  });
}

test('the SDK with its default settings lists, streams, heads, uploads in parts and deletes', async () => {
  // Default settings: flexible checksums on, so streamed bodies arrive as aws-chunked with a trailer.
  const sdk = defaultSdk();
  try {
    const streamed = Buffer.from('a transcript streamed to the store');
    await sdk.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'artifacts/a.txt',
        Body: Readable.from([streamed]),
        ContentLength: streamed.length,
        ContentType: 'text/plain',
      }),
    );
    const head = await sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' }));
    assert.equal(head.ContentLength, streamed.length);
    assert.equal(head.ContentEncoding, undefined, 'aws-chunked is a transfer detail, not stored');
    const got = await sdk.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' }));
    assert.equal(await got.Body!.transformToString(), streamed.toString());

    const upload = await sdk.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'artifacts/big.bin' }));
    const first = Buffer.alloc(5 * 1024 * 1024, 7);
    const last = Buffer.from('tail');
    const parts = [];
    for (const [index, body] of [first, last].entries()) {
      const part = await sdk.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'artifacts/big.bin',
          UploadId: upload.UploadId,
          PartNumber: index + 1,
          Body: body,
        }),
      );
      parts.push({ PartNumber: index + 1, ETag: part.ETag });
    }
    await sdk.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'artifacts/big.bin',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );

    const listed = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'artifacts/' }));
    assert.deepEqual(
      listed.Contents?.map((o) => [o.Key, o.Size]),
      [
        ['artifacts/a.txt', streamed.length],
        ['artifacts/big.bin', first.length + last.length],
      ],
    );
    await sdk.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' }));
    await assert.rejects(sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' })), {
      name: 'NotFound',
    });
  } finally {
    sdk.destroy();
  }
});

test('a truncated aws-chunked body is refused and nothing is stored', async () => {
  const sdk = defaultSdk();
  // Cut the encoded body after the first chunk's data, before its terminating zero chunk.
  sdk.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { body?: unknown; headers: Record<string, string> };
      const raw: Buffer[] = [];
      for await (const chunk of request.body as AsyncIterable<Buffer>) raw.push(Buffer.from(chunk));
      const encoded = Buffer.concat(raw);
      const cut = encoded.subarray(0, encoded.indexOf('\r\n0\r\n'));
      request.body = cut;
      delete request.headers['transfer-encoding'];
      request.headers['content-length'] = String(cut.length);
      return next(args);
    },
    { step: 'finalizeRequest', priority: 'low' },
  );
  try {
    const body = Buffer.from('half an upload');
    await assert.rejects(
      sdk.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'uploads/cut.bin',
          Body: Readable.from([body]),
          ContentLength: body.length,
        }),
      ),
      { name: 'IncompleteBody' },
    );
    await assert.rejects(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'uploads/cut.bin' })), {
      name: 'NotFound',
    });
  } finally {
    sdk.destroy();
  }
});
