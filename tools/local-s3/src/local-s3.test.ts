import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort } from '@tp/testing';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { CompletedPart } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { startLocalS3 } from './server.ts';
import type { LocalS3 } from './server.ts';

const BUCKET = 'test-media';
const ACCESS_KEY_ID = 'local-test-key';
const SECRET = 'local-test-secret-0123456789abcdef';

function clientFor(endpoint: string, secretAccessKey = SECRET, accessKeyId = ACCESS_KEY_ID): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    // Checksums would add query parameters to presigned URLs that a browser upload never sends.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function presignPut(client: S3Client, key: string, contentType: string, signingDate?: Date): Promise<string> {
  return getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType }), {
    expiresIn: 300,
    signableHeaders: new Set(['content-type']),
    ...(signingDate ? { signingDate } : {}),
  });
}

async function put(url: string, body: Uint8Array, contentType: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  return { status: res.status, text: await res.text() };
}

describe('local S3', () => {
  let dir: string;
  let store: LocalS3;
  let client: S3Client;
  const audio = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 250, 251]);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'local-s3-'));
    store = await startLocalS3({ host: '127.0.0.1', port: 0, directory: dir, bucket: BUCKET, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET });
    client = clientFor(store.url);
  });
  after(async () => {
    client.destroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('creates the bucket at start and answers the unsigned health check', async () => {
    await client.send(new HeadBucketCommand({ Bucket: BUCKET }));
    const res = await fetch(`${store.url}/`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok', bucket: BUCKET });
  });

  test('a presigned PUT stores the bytes and GetObject returns them', async () => {
    const url = await presignPut(client, 'uploads/med_1/audio.wav', 'audio/wav');
    assert.match(url, /X-Amz-SignedHeaders=content-type%3Bhost|X-Amz-SignedHeaders=content-type;host/);
    const res = await put(url, audio, 'audio/wav');
    assert.equal(res.status, 200, res.text);

    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'uploads/med_1/audio.wav' }));
    assert.equal(got.ContentType, 'audio/wav');
    assert.deepEqual(await got.Body!.transformToByteArray(), audio);
  });

  test('the same URL pointed at another key is refused', async () => {
    const url = await presignPut(client, 'uploads/med_2/audio.wav', 'audio/wav');
    const res = await put(url.replace('med_2', 'med_3'), audio, 'audio/wav');
    assert.equal(res.status, 403);
    assert.match(res.text, /SignatureDoesNotMatch/);
  });

  test('a changed signature is refused', async () => {
    const url = new URL(await presignPut(client, 'uploads/med_4/audio.wav', 'audio/wav'));
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    const res = await put(url.toString(), audio, 'audio/wav');
    assert.equal(res.status, 403);
    assert.match(res.text, /SignatureDoesNotMatch/);
  });

  test('a different Content-Type than the one signed is refused', async () => {
    const url = await presignPut(client, 'uploads/med_5/audio.wav', 'audio/wav');
    const res = await put(url, audio, 'text/html');
    assert.equal(res.status, 403);
    assert.match(res.text, /SignatureDoesNotMatch/);
  });

  test('an expired URL is refused', async () => {
    const url = await presignPut(client, 'uploads/med_6/audio.wav', 'audio/wav', new Date(Date.now() - 3_600_000));
    const res = await put(url, audio, 'audio/wav');
    assert.equal(res.status, 403);
    assert.match(res.text, /expired/);
  });

  test('a URL signed with the wrong secret or an unknown key is refused', async () => {
    const wrongSecret = clientFor(store.url, 'not-the-secret-0123456789abcdef');
    const unknownKey = clientFor(store.url, SECRET, 'someone-else');
    try {
      const bad = await put(await presignPut(wrongSecret, 'uploads/med_7/a.wav', 'audio/wav'), audio, 'audio/wav');
      assert.equal(bad.status, 403);
      assert.match(bad.text, /SignatureDoesNotMatch/);
      const unknown = await put(await presignPut(unknownKey, 'uploads/med_7/a.wav', 'audio/wav'), audio, 'audio/wav');
      assert.equal(unknown.status, 403);
      assert.match(unknown.text, /InvalidAccessKeyId/);
    } finally {
      wrongSecret.destroy();
      unknownKey.destroy();
    }
  });

  test('the built-in S3RVER key pair no longer works', async () => {
    const builtIn = clientFor(store.url, 'S3RVER', 'S3RVER');
    try {
      await assert.rejects(builtIn.send(new HeadBucketCommand({ Bucket: BUCKET })), (err: { $metadata?: { httpStatusCode?: number } }) => {
        assert.equal(err.$metadata?.httpStatusCode, 403);
        return true;
      });
    } finally {
      builtIn.destroy();
    }
  });

  test('the SDK with its default settings lists, streams, heads, uploads in parts and deletes', async () => {
    // Default settings: flexible checksums on, so streamed bodies arrive as aws-chunked with a trailer.
    const sdk = new S3Client({ endpoint: store.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET } });
    try {
      const streamed = Buffer.from('a transcript streamed to the store');
      await sdk.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt', Body: Readable.from([streamed]), ContentLength: streamed.length, ContentType: 'text/plain' }));
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
        const part = await sdk.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'artifacts/big.bin', UploadId: upload.UploadId, PartNumber: index + 1, Body: body }));
        parts.push({ PartNumber: index + 1, ETag: part.ETag });
      }
      await sdk.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: 'artifacts/big.bin', UploadId: upload.UploadId, MultipartUpload: { Parts: parts } }));

      const listed = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'artifacts/' }));
      assert.deepEqual(
        listed.Contents?.map((o) => [o.Key, o.Size]),
        [
          ['artifacts/a.txt', streamed.length],
          ['artifacts/big.bin', first.length + last.length],
        ],
      );
      await sdk.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' }));
      await assert.rejects(sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'artifacts/a.txt' })), { name: 'NotFound' });
    } finally {
      sdk.destroy();
    }
  });

  test('a truncated aws-chunked body is refused and nothing is stored', async () => {
    const sdk = new S3Client({ endpoint: store.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET } });
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
      await assert.rejects(sdk.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/cut.bin', Body: Readable.from([body]), ContentLength: body.length })), { name: 'IncompleteBody' });
      await assert.rejects(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'uploads/cut.bin' })), { name: 'NotFound' });
    } finally {
      sdk.destroy();
    }
  });

  describe('multipart uploads', () => {
    const MiB5 = 5 * 1024 * 1024;
    const big = Buffer.alloc(MiB5, 1);
    const tail = Buffer.from('the last part may be small');

    async function uploadParts(key: string, bodies: Buffer[]): Promise<{ uploadId: string; parts: CompletedPart[] }> {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key, ContentType: 'application/octet-stream' }));
      const parts: CompletedPart[] = [];
      for (const [index, body] of bodies.entries()) {
        const { ETag } = await client.send(new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: index + 1, Body: body }));
        parts.push({ PartNumber: index + 1, ETag });
      }
      return { uploadId: UploadId!, parts };
    }

    function complete(key: string, uploadId: string, parts: CompletedPart[]) {
      return client.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    }

    async function assertS3Error(request: Promise<unknown>, code: string, status: number): Promise<void> {
      await assert.rejects(request, (err: Error & { $metadata?: { httpStatusCode?: number } }) => {
        assert.equal(err.name, code, err.message);
        assert.equal(err.$metadata?.httpStatusCode, status);
        return true;
      });
    }

    /** The store still serves, the upload is untouched, and completing it properly works. */
    async function assertIntactThenComplete(key: string, uploadId: string, parts: CompletedPart[], expected: Buffer): Promise<void> {
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
      await assertS3Error(client.send(new ListPartsCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId })), 'NoSuchUpload', 404);
    }

    const uploadPath = (uploadId: string) => join(dir, BUCKET, '._S3rver_uploads', uploadId);

    test('completing with a part that was never uploaded is InvalidPart, and the upload stays', async () => {
      const { uploadId, parts } = await uploadParts('mp/missing.bin', [big, tail]);
      await assertS3Error(complete('mp/missing.bin', uploadId, [parts[0]!, { ...parts[1]!, PartNumber: 3 }]), 'InvalidPart', 400);
      await assertS3Error(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/missing.bin' })), 'NotFound', 404);
      await assertIntactThenComplete('mp/missing.bin', uploadId, parts, Buffer.concat([big, tail]));
    });

    test('completing with a wrong ETag is InvalidPart', async () => {
      const { uploadId, parts } = await uploadParts('mp/etag.bin', [big, tail]);
      await assertS3Error(complete('mp/etag.bin', uploadId, [parts[0]!, { ...parts[1]!, ETag: '"0123456789abcdef0123456789abcdef"' }]), 'InvalidPart', 400);
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
      const { ETag } = await client.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/small.bin', UploadId: uploadId, PartNumber: 1, Body: big }));
      await assertIntactThenComplete('mp/small.bin', uploadId, [{ PartNumber: 1, ETag }, parts[1]!], Buffer.concat([big, tail]));
    });

    test('a lone small part, or parts numbered with gaps, complete normally', async () => {
      const lone = await uploadParts('mp/lone.bin', [tail]);
      await complete('mp/lone.bin', lone.uploadId, lone.parts);
      const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/lone.bin' }));
      assert.equal(await got.Body!.transformToString(), tail.toString());

      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin' }));
      const parts: CompletedPart[] = [];
      for (const [PartNumber, body] of [[2, big], [7, tail]] as const) {
        const { ETag } = await client.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin', UploadId, PartNumber, Body: body }));
        parts.push({ PartNumber, ETag });
      }
      await complete('mp/gaps.bin', UploadId!, parts);
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/gaps.bin' }));
      assert.equal(head.ContentLength, big.length + tail.length);
      assert.equal(existsSync(uploadPath(UploadId!)), false, 'parts removed once completed');
    });

    test('ListParts pages with max-parts and part-number-marker', async () => {
      const { uploadId, parts } = await uploadParts('mp/list.bin', [tail, tail, tail]);
      const first = await client.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/list.bin', UploadId: uploadId, MaxParts: 2 }));
      assert.deepEqual(first.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size]), parts.slice(0, 2).map((p) => [p.PartNumber, p.ETag, tail.length]));
      assert.equal(first.IsTruncated, true);
      assert.equal(first.NextPartNumberMarker, '2');
      const rest = await client.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/list.bin', UploadId: uploadId, PartNumberMarker: first.NextPartNumberMarker }));
      assert.deepEqual(rest.Parts?.map((p) => p.PartNumber), [3]);
      assert.equal(rest.IsTruncated, false);
      await client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/list.bin', UploadId: uploadId }));
    });

    test('AbortMultipartUpload answers 204 and removes the parts; the upload id is then unknown', async () => {
      const { uploadId, parts } = await uploadParts('mp/abort.bin', [big, tail]);
      assert.ok(existsSync(uploadPath(uploadId)));
      const aborted = await client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId }));
      assert.equal(aborted.$metadata.httpStatusCode, 204);
      assert.equal(existsSync(uploadPath(uploadId)), false, 'parts deleted');

      await assertS3Error(client.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId, PartNumber: 3, Body: big })), 'NoSuchUpload', 404);
      assert.equal(existsSync(uploadPath(uploadId)), false, 'UploadPart does not bring the upload back');
      await assertS3Error(complete('mp/abort.bin', uploadId, parts), 'NoSuchUpload', 404);
      await assertS3Error(client.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId })), 'NoSuchUpload', 404);
      await assertS3Error(client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/abort.bin', UploadId: uploadId })), 'NoSuchUpload', 404);
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
      await assertS3Error(client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/other.bin', UploadId: uploadId })), 'NoSuchUpload', 404);
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
          sdk.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/xml.bin', UploadId: uploadId, MultipartUpload: { Parts: [{ PartNumber: 2, ETag: parts[0]!.ETag }] } })),
          'InvalidPart',
          400,
        );
      } finally {
        sdk.destroy();
      }
      assert.match(raw, /^400 <\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>InvalidPart<\/Code><Message>One or more of the specified parts could not be found\./);
      assert.match(raw, new RegExp(`<UploadId>${uploadId}</UploadId><PartNumber>2</PartNumber>`));
    });
  });

  test('unsigned requests other than the health check are refused', async () => {
    const putRes = await fetch(`${store.url}/${BUCKET}/uploads/anon.wav`, { method: 'PUT', body: audio });
    assert.equal(putRes.status, 403);
    assert.match(await putRes.text(), /AccessDenied/);
    const getRes = await fetch(`${store.url}/${BUCKET}/uploads/med_1/audio.wav`);
    assert.equal(getRes.status, 403);
  });
});


async function waitForHealth(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('local S3 program (main.ts)', () => {
  const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));

  test('starts from the environment, keeps data in S3_DATA_DIR and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-s3-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, [mainTs], {
      env: { ...process.env, S3_PORT: String(port), S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET, S3_DATA_DIR: dir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const res = await waitForHealth(`http://127.0.0.1:${port}/`, 10_000);
      assert.equal(res.status, 200);
      assert.ok(existsSync(join(dir, BUCKET)), 'bucket folder created under S3_DATA_DIR');
    } finally {
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('keeps running after a CompleteMultipartUpload naming a part never uploaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-s3-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, [mainTs], {
      env: { ...process.env, S3_PORT: String(port), S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET, S3_DATA_DIR: dir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    const sdk = clientFor(url);
    try {
      await waitForHealth(`${url}/`, 10_000);
      const { UploadId } = await sdk.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'crash.bin' }));
      await assert.rejects(
        sdk.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key: 'crash.bin', UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }] } })),
        { name: 'InvalidPart' },
      );
      assert.equal((await fetch(`${url}/`)).status, 200);
      assert.equal(child.exitCode, null, 'still running');
    } finally {
      sdk.destroy();
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses to start without keys, naming the missing variable', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, S3_PORT: String(await freePort()) };
    delete env.S3_ACCESS_KEY_ID;
    delete env.S3_SECRET_ACCESS_KEY;
    const child = spawn(process.execPath, [mainTs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    assert.notEqual(code, 0);
    assert.match(stderr, /S3_SECRET_ACCESS_KEY/);
  });
});
