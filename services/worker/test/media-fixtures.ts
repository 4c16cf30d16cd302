// Media in the fleet's storage, made the way the product makes it: uploaded and verified by media;
// and the storage itself, to spoil or delete an object behind media's back.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createObjectStore } from '@tp/storage';
import { type Fleet, uploadVerifiedMedia } from '@tp/testing';
import type { MediaClient } from '../src/clients.ts';
import { log } from './support.ts';

export interface UploadedMedia {
  mediaId: string;
  fileName: string;
  durationSeconds: number;
  /** The object's key in the fleet's bucket. */
  storageKey: string;
}

export interface MediaFixtures {
  upload(path: string, contentType: string): Promise<UploadedMedia>;
  /** Writes an object of the fleet's bucket as an S3 client with the store's keys would. */
  putObject(key: string, body: Buffer): Promise<void>;
  deleteObject(key: string): Promise<void>;
  close(): void;
}

export function mediaFixtures(fleet: Fleet, media: MediaClient, userId: () => string): MediaFixtures {
  const store = fleet.objectStore;
  const objects = createObjectStore(
    {
      endpoint: store.endpoint,
      region: store.region,
      bucket: store.bucket,
      accessKeyId: store.accessKeyId,
      secretAccessKey: store.secretAccessKey,
      forcePathStyle: true,
    },
    log,
  );
  return {
    async upload(path, contentType) {
      const bytes = await readFile(path);
      const fileName = basename(path);
      const uploaded = await uploadVerifiedMedia(media, {
        userId: userId(),
        bytes,
        fileName,
        contentType,
        userAgent: 'worker-test',
      });
      // Path-style: /<bucket>/<key>.
      const path_ = new URL(uploaded.uploadUrl).pathname;
      const bucketPrefix = `/${store.bucket}/`;
      assert.ok(path_.startsWith(bucketPrefix), uploaded.uploadUrl);
      const storageKey = path_.slice(bucketPrefix.length).split('/').map(decodeURIComponent).join('/');
      return {
        mediaId: uploaded.media.mediaId,
        fileName: uploaded.media.fileName,
        durationSeconds: uploaded.media.durationSeconds,
        storageKey,
      };
    },

    async putObject(key, body) {
      const res = await fetch(await objects.presignPut(key, 'application/octet-stream', 300), {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/octet-stream' },
      });
      assert.equal(res.status, 200, await res.text());
    },

    deleteObject: (key) => objects.delete(key),
    close: () => objects.close(),
  };
}
