import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { CreateUploadSessionRequest } from '@tp/proto';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser, sessionRequest, uploaded } from './suite.ts';
import {
  type InProcessService,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  put,
  putObject,
  finalize,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
mediaSuite({ tight: true }, (s) => {
  ({ infra, files, tight, media, db } = s);
});

/** Uploads `body` and finalizes it: refused with `code`, the object removed, nothing stored. */
async function refused(body: Uint8Array, overrides: Partial<CreateUploadSessionRequest>, code: string) {
  const userId = newUser();
  const session = await uploaded(media, userId, body, overrides);
  const key = keyOf(session.uploadUrl);
  assert.equal(await objectExists(infra, key), true);
  await assert.rejects(finalize(media, userId, session), { code });
  assert.equal(await objectExists(infra, key), false, 'the object is removed');
  const m = (await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!;
  assert.equal(m.status, 'failed');
  assert.equal(m.failureCode, code);
  assert.notEqual(m.failureMessage, '');
  // Finalizing again answers the same error and verifies nothing again.
  await assert.rejects(finalize(media, userId, session), { code });
  assert.equal(
    (await db.query('SELECT live_key FROM media.media_assets WHERE id = $1', [session.mediaId])).rows[0].live_key,
    null,
  );
  const usage = await media.getStorageUsage({ userId });
  assert.deepEqual([usage.usedBytes, usage.objectCount], [0, 0], 'a refused file uses no storage');
  return session;
}

describe('refused uploads: what verification refuses', () => {
  it('an empty file: media_empty', async () => {
    const session = await refused(new Uint8Array(0), {}, 'media_empty');
    assert.equal(
      (await db.query('SELECT count(*)::int AS n FROM media.verifications WHERE media_id = $1', [session.mediaId]))
        .rows[0].n,
      0,
      'refused before verification',
    );
  });

  it('bytes that are not media: media_unplayable', async () => {
    await refused(
      Buffer.from('This is a text file, not a recording. '.repeat(100)),
      { fileName: 'notes.wav' },
      'media_unplayable',
    );
    await refused(
      Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)),
      { fileName: 'noise.mp3', contentType: 'audio/mpeg' },
      'media_unplayable',
    );
  });

  it('a WAV header without samples: media_unplayable', async () => {
    await refused(files.tone.subarray(0, 44), {}, 'media_unplayable');
  });

  it('video without an audio stream: media_no_audio', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.silentVideo, {
      fileName: 'silent.mp4',
      contentType: 'video/mp4',
    });
    await assert.rejects(finalize(media, userId, session), {
      code: 'media_no_audio',
      message: /no audio stream \(found: video\)/,
    });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal(
      (await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!.failureCode,
      'media_no_audio',
    );
  });
});

describe('refused uploads: a playlist', () => {
  it('a playlist is not followed: no request leaves the service, media_unplayable', async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits += 1;
      res.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/internal/secret.ts\n#EXT-X-ENDLIST\n`;
      await refused(
        Buffer.from(playlist),
        { fileName: 'list.m3u8', contentType: 'audio/x-mpegurl' },
        'media_unplayable',
      );
      assert.equal(hits, 0);
    } finally {
      server.close();
    }
  });
});

describe('refused uploads: what finalizing refuses', () => {
  it('complete before the PUT: upload_incomplete, and the session stays usable', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    await assert.rejects(finalize(media, userId, session), { code: 'upload_incomplete' });
    assert.equal((await mediaRow(db, session.mediaId)).status, 'awaiting_upload');
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200);
    const { media: m } = await finalize(media, userId, session);
    assert.equal(m!.status, 'ready');
  });

  it('an object stored with another Content-Type than the session declared: bad_request, object removed', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    // Written behind the presigned URL's back (e.g. by someone holding storage credentials).
    await putObject(infra, keyOf(session.uploadUrl), files.tone, 'audio/mpeg');
    await assert.rejects(finalize(media, userId, session), { code: 'bad_request', message: /audio\/mpeg/ });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
  });

  it('an object over the largest file accepted: media_too_large, object removed', async () => {
    const userId = newUser();
    const session = await uploaded(tight.client, userId, files.long, { fileName: 'long.wav' });
    await assert.rejects(finalize(tight.client, userId, session), { code: 'media_too_large' });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal((await mediaRow(db, session.mediaId)).failure_code, 'media_too_large');
  });
});
