import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isId } from '@tp/ids';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser, TIGHT_MAX_BYTES } from './suite.ts';
import { type InProcessService, type Infra, type MediaClient, type MediaFiles, objectExists } from './support.ts';

let infra: Infra;
let files: MediaFiles;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
mediaSuite({ tight: true }, (s) => {
  ({ infra, files, tight, media, db } = s);
});

async function putParts(mediaId: string, userId: string, bytes: Buffer, partSize: number) {
  const parts = [];
  for (let offset = 0, partNumber = 1; offset < bytes.length; offset += partSize, partNumber += 1) {
    const { url } = await media.signUploadPart({ userId, mediaId, partNumber });
    const res = await fetch(url, { method: 'PUT', body: bytes.subarray(offset, offset + partSize) });
    assert.equal(res.status, 200, await res.text());
    parts.push({ partNumber, etag: res.headers.get('etag')! });
  }
  return parts;
}

const startRequest = (userId: string, fileName: string, userAgent = '') => ({
  userId,
  fileName,
  contentType: 'audio/wav',
  workspaceId: '',
  userAgent,
});

describe('direct (multipart) upload', () => {
  it('uploads a file of four parts and verifies it', async () => {
    const userId = newUser();
    const started = await media.startDirectUpload(startRequest(userId, 'large.wav', 'gateway'));
    assert.ok(isId('med', started.mediaId));
    assert.deepEqual(
      [started.partSizeBytes, started.maxParts, started.maxSizeBytes],
      [5 * 1024 * 1024, 10_000, 5 * 1024 ** 3],
    );
    assert.equal(
      (await media.getMedia({ userId, mediaId: started.mediaId, workspaceId: '' })).media!.status,
      'awaiting_upload',
    );

    const parts = await putParts(started.mediaId, userId, files.large, started.partSizeBytes);
    assert.equal(parts.length, 4);
    const outcome = await media.finishDirectUpload({ userId, mediaId: started.mediaId, parts, waitMs: 20_000 });
    const m = outcome.media!;
    assert.equal(m.status, 'ready');
    assert.equal(m.source, 'direct_upload');
    assert.equal(m.sizeBytes, files.large.length);
    assert.ok(Math.abs(m.durationSeconds - 90) < 0.01);
    assert.deepEqual(
      m.streams.map((s) => [s.type, s.sampleRate, s.channels]),
      [['audio', 48000, 2]],
    );
    const key = `users/${userId}/media/${m.mediaId}/large.wav`;
    assert.equal(await objectExists(infra, key), true);

    // Finishing again answers the same media; signing more parts is refused.
    assert.deepEqual((await media.finishDirectUpload({ userId, mediaId: m.mediaId, parts, waitMs: 0 })).media, m);
    await assert.rejects(media.signUploadPart({ userId, mediaId: m.mediaId, partNumber: 5 }), { code: 'conflict' });
    await assert.rejects(media.abortDirectUpload({ userId, mediaId: m.mediaId }), { code: 'conflict' });
  });

  it('refuses part numbers outside 1..10000, parts past the size limit, and bad part lists', async () => {
    const userId = newUser();
    const { mediaId } = await media.startDirectUpload(startRequest(userId, 'x.wav'));
    for (const partNumber of [0, -1, 10_001]) {
      await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber }), { code: 'bad_request' });
    }
    // 5 MiB parts reach 5 GiB at part 1024; part 1025 would start beyond it.
    assert.match((await media.signUploadPart({ userId, mediaId, partNumber: 1024 })).url, /partNumber=1024/);
    await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber: 1025 }), { code: 'media_too_large' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [], waitMs: 0 }), { code: 'bad_request' });
    await assert.rejects(
      media.finishDirectUpload({
        userId,
        mediaId,
        parts: [
          { partNumber: 2, etag: '"a"' },
          { partNumber: 1, etag: '"b"' },
        ],
        waitMs: 0,
      }),
      { code: 'bad_request' },
    );
    await assert.rejects(
      media.finishDirectUpload({ userId, mediaId, parts: [{ partNumber: 1, etag: ' ' }], waitMs: 0 }),
      { code: 'bad_request' },
    );
    // (Parts never uploaded are refused by S3 with InvalidPart; the local store cannot be asked: it crashes.)

    const small = await tight.client.startDirectUpload(startRequest(userId, 'y.wav'));
    assert.equal(small.maxSizeBytes, TIGHT_MAX_BYTES);
    await assert.rejects(tight.client.signUploadPart({ userId, mediaId: small.mediaId, partNumber: 2 }), {
      code: 'media_too_large',
    });
    await assert.rejects(
      media.startDirectUpload({ userId, fileName: 'y.txt', contentType: 'text/plain', workspaceId: '', userAgent: '' }),
      { code: 'bad_request' },
    );
  });
});

describe('direct (multipart) upload: refused and aborted', () => {
  it('a finished upload over the size limit is refused and removed', async () => {
    const userId = newUser();
    const { mediaId } = await tight.client.startDirectUpload(startRequest(userId, 'long.wav'));
    const { url } = await tight.client.signUploadPart({ userId, mediaId, partNumber: 1 });
    const res = await fetch(url, { method: 'PUT', body: files.long });
    await assert.rejects(
      tight.client.finishDirectUpload({
        userId,
        mediaId,
        parts: [{ partNumber: 1, etag: res.headers.get('etag')! }],
        waitMs: 0,
      }),
      { code: 'media_too_large' },
    );
    assert.equal(await objectExists(infra, `users/${userId}/media/${mediaId}/long.wav`), false);
  });

  it('abort removes the upload and the media', async () => {
    const userId = newUser();
    const { mediaId } = await media.startDirectUpload(startRequest(userId, 'gone.wav'));
    const [part] = await putParts(mediaId, userId, files.tone, 5 * 1024 * 1024);
    await media.abortDirectUpload({ userId, mediaId });
    await assert.rejects(media.getMedia({ userId, mediaId, workspaceId: '' }), { code: 'not_found' });
    await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber: 2 }), { code: 'not_found' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [part!], waitMs: 0 }), {
      code: 'not_found',
    });
    await assert.rejects(media.abortDirectUpload({ userId, mediaId }), { code: 'not_found' });
    assert.equal(await objectExists(infra, `users/${userId}/media/${mediaId}/gone.wav`), false);
    const stored = await mediaRow(db, mediaId);
    assert.deepEqual(
      [stored.status, stored.failure_code, stored.deleted_at !== null],
      ['failed', 'upload_incomplete', true],
    );
  });
});
