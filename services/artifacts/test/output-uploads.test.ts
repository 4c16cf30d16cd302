// CreateOutputUpload (ADR 0024): the worker, which holds no storage credentials, gets a presigned PUT
// for a job's output file under the user's prefix, stores the file there, and records it as a
// media export version that clients download.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { OUTPUT_UPLOAD_TTL_SECONDS, safeFileStem } from '../src/domain/output-uploads.ts';
import { artifactsSuite } from './suite.ts';
import { type ArtifactsClient, createRequest, type InProcessService, newUser, type TestClock } from './support.ts';

let artifacts: ArtifactsClient;
let clocked: InProcessService;
let clock: TestClock;
artifactsSuite((s) => {
  ({ artifacts, clocked, clock } = s);
});

const uploadRequest = (
  userId: string,
  overrides: Partial<Parameters<ArtifactsClient['createOutputUpload']>[0]> = {},
) => ({
  userId,
  jobId: 'job_burn1',
  fileName: 'Interview (final).mov',
  format: 'mp4',
  contentType: 'video/mp4',
  ...overrides,
});

/** PUTs `bytes` to a presigned URL as the worker does: streamed, with its length and Content-Type. */
const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, {
    method: 'PUT',
    body: Readable.toWeb(Readable.from([bytes])) as ReadableStream,
    duplex: 'half',
    headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
  } as RequestInit);

describe('CreateOutputUpload', () => {
  it('presigns a PUT under users/<user>/exports/<job>/ that CreateArtifact then records and clients download', async () => {
    const userId = newUser();
    const upload = await artifacts.createOutputUpload(uploadRequest(userId));
    assert.equal(upload.outputKey, `users/${userId}/exports/job_burn1/Interview-final.mp4`);
    assert.equal(upload.contentType, 'video/mp4');
    const bytes = Buffer.from('an mp4, as far as storage can tell');
    const stored = await put(upload.uploadUrl, bytes, 'video/mp4');
    assert.equal(stored.status, 200, await stored.text());

    const created = await artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        jobId: 'job_burn1',
        payloadJson: '{"format":"mp4"}',
        outputKey: upload.outputKey,
        outputFormat: 'mp4',
        idempotencyKey: 'job:job_burn1',
      }),
    );
    assert.deepEqual(
      [created.version!.hasOutput, created.version!.outputFormat, created.version!.outputBytes],
      [true, 'mp4', bytes.length],
    );
    const { url } = await artifacts.getDownloadUrl({
      userId,
      artifactId: created.artifact!.artifactId,
      versionId: created.version!.versionId,
      ttlSeconds: 60,
    });
    assert.deepEqual(Buffer.from(await (await fetch(url)).arrayBuffer()), bytes);
  });

  it('is valid a few minutes, for that Content-Type only', async () => {
    const userId = newUser();
    const at = new Date();
    clock.set(at);
    let upload: Awaited<ReturnType<ArtifactsClient['createOutputUpload']>>;
    try {
      upload = await clocked.client.createOutputUpload(uploadRequest(userId));
    } finally {
      clock.set(null);
    }
    const signed = Math.floor(at.getTime() / 1000) * 1000;
    assert.equal(upload.expiresAt!.getTime(), signed + OUTPUT_UPLOAD_TTL_SECONDS * 1000);
    assert.equal(new URL(upload.uploadUrl).searchParams.get('X-Amz-Expires'), String(OUTPUT_UPLOAD_TTL_SECONDS));
    const wrongType = await put(upload.uploadUrl, Buffer.from('x'), 'text/html');
    assert.equal(wrongType.status, 403, 'the Content-Type is signed');
    await wrongType.arrayBuffer();
    const tampered = new URL(upload.uploadUrl);
    tampered.pathname = tampered.pathname.replace('Interview-final.mp4', 'other.mp4');
    const moved = await put(tampered.toString(), Buffer.from('x'), 'video/mp4');
    assert.equal(moved.status, 403, 'the key is signed');
    await moved.arrayBuffer();
  });

  it('makes any file name a safe key, and refuses malformed requests', async () => {
    const userId = newUser();
    for (const [fileName, stem] of [
      ['../../etc/passwd', 'passwd'],
      ['C:\\clips\\Café déjà vu.MOV', 'Cafe-deja-vu'],
      ['', 'output'],
      ['...', 'output'],
      ['talk.v2.final.webm', 'talk.v2.final'],
    ] as const) {
      assert.equal(safeFileStem(fileName), stem, fileName);
      const { outputKey } = await artifacts.createOutputUpload(uploadRequest(userId, { fileName }));
      assert.equal(outputKey, `users/${userId}/exports/job_burn1/${stem}.mp4`);
    }
    for (const bad of [
      { jobId: '' },
      { jobId: '../job' },
      { userId: 'usr/../x' },
      { format: '' },
      { format: 'mp4/../x' },
      { contentType: 'video mp4' },
    ])
      await assert.rejects(
        artifacts.createOutputUpload(uploadRequest(userId, bad)),
        { code: 'bad_request' },
        JSON.stringify(bad),
      );
  });
});
