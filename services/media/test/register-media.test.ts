import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser } from './suite.ts';
import {
  type InProcessService,
  type Infra,
  type MediaClient,
  type MediaFiles,
  objectExists,
  putObject,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
mediaSuite({ tight: true }, (s) => {
  ({ infra, files, tight, media, db } = s);
});

const registration = (userId: string, storageKey: string) => ({
  userId,
  storageKey,
  fileName: '',
  contentType: '',
  workspaceId: '',
  userAgent: '',
  waitMs: 0,
});

describe('register', () => {
  it('registers an object inside the caller prefix, once', async () => {
    const userId = newUser();
    const key = `users/${userId}/imports/interview.wav`;
    await putObject(infra, key, files.tone, 'audio/wav');
    const outcome = await media.registerMedia({
      ...registration(userId, key),
      workspaceId: 'wsp_r',
      userAgent: 'importer',
    });
    const m = outcome.media!;
    assert.equal(m.status, 'ready');
    assert.equal(m.source, 'register');
    assert.equal(m.fileName, 'interview.wav');
    assert.equal(m.contentType, 'audio/wav', 'taken from the object');
    assert.equal(m.workspaceId, 'wsp_r');
    assert.equal((await mediaRow(db, m.mediaId)).storage_key, key);
    await assert.rejects(
      media.registerMedia({ ...registration(userId, key), fileName: 'again.wav', contentType: 'audio/wav' }),
      { code: 'conflict' },
    );

    // Once deleted, the key is free again (for a new object).
    await media.deleteMedia({ userId, mediaId: m.mediaId });
    assert.equal(await objectExists(infra, key), false);
    await putObject(infra, key, files.tone, 'audio/wav');
    const again = await media.registerMedia({
      ...registration(userId, key),
      fileName: 'Interview.wav',
      contentType: 'audio/x-wav',
    });
    assert.equal(again.media!.fileName, 'Interview.wav');
    assert.equal(again.media!.contentType, 'audio/x-wav');
  });

  it('refuses keys outside the caller prefix, however they are spelled', async () => {
    const userId = newUser();
    await putObject(infra, `users/usr_other/imports/x.wav`, files.tone, 'audio/wav');
    for (const key of [
      'users/usr_other/imports/x.wav',
      `users/${userId}/../usr_other/imports/x.wav`,
      `users/${userId}/./x.wav`,
      `users/${userId}//x.wav`,
      `/users/${userId}/x.wav`,
      `users/${userId}`,
      `users/${userId}/`,
      `users/${userId}x/x.wav`,
      `users\\${userId}\\x.wav`,
      'x.wav',
      '',
    ]) {
      await assert.rejects(
        media.registerMedia({ ...registration(userId, key), contentType: 'audio/wav' }),
        { code: 'storage_key_not_allowed' },
        key,
      );
    }
    assert.equal(await objectExists(infra, 'users/usr_other/imports/x.wav'), true);
  });
});

describe('register: refusals', () => {
  it('refuses a missing object, an empty one, and a non-media content type', async () => {
    const userId = newUser();
    const base = { userId, fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 };
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/nothing.wav` }), {
      code: 'not_found',
    });
    await putObject(infra, `users/${userId}/empty.wav`, new Uint8Array(0), 'audio/wav');
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/empty.wav` }), {
      code: 'media_empty',
    });
    await putObject(infra, `users/${userId}/page.html`, Buffer.from('<html></html>'), 'text/html');
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/page.html` }), {
      code: 'bad_request',
      message: /text\/html/,
    });
    assert.deepEqual(
      (await media.listMedia({ userId, workspaceId: '', limit: 0 })).media,
      [],
      'nothing was registered',
    );
  });

  it('refuses objects over the size limit or the quota, leaving them in place', async () => {
    const userId = newUser();
    const base = { userId, fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 };
    await putObject(infra, `users/${userId}/long.wav`, files.long, 'audio/wav');
    await assert.rejects(tight.client.registerMedia({ ...base, storageKey: `users/${userId}/long.wav` }), {
      code: 'media_too_large',
    });
    for (const name of ['a', 'b', 'c']) await putObject(infra, `users/${userId}/${name}.wav`, files.tone, 'audio/wav');
    await tight.client.registerMedia({ ...base, storageKey: `users/${userId}/a.wav` });
    await tight.client.registerMedia({ ...base, storageKey: `users/${userId}/b.wav` });
    await assert.rejects(tight.client.registerMedia({ ...base, storageKey: `users/${userId}/c.wav` }), {
      code: 'storage_quota_exceeded',
    });
    assert.equal(await objectExists(infra, `users/${userId}/c.wav`), true, 'not registered, so not ours to delete');
    assert.equal(await objectExists(infra, `users/${userId}/long.wav`), true);
    assert.equal((await tight.client.listMedia({ userId, workspaceId: '', limit: 0 })).media.length, 2);
  });

  it('an unplayable registered object fails and is removed', async () => {
    const userId = newUser();
    const key = `users/${userId}/imports/broken.wav`;
    await putObject(infra, key, Buffer.from('not audio at all'.repeat(50)), 'audio/wav');
    await assert.rejects(media.registerMedia(registration(userId, key)), { code: 'media_unplayable' });
    assert.equal(await objectExists(infra, key), false);
  });
});
