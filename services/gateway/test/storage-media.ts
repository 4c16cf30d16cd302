// What media does for a direct upload, against the project's local S3 store (tools/local-s3): an S3
// multipart upload whose parts the gateway PUTs to URLs presigned here, completed or aborted. The
// upload tests see real storage: the bytes that arrived, and that nothing is left of an aborted one.
import { createObjectStore, type ObjectStore } from '@tp/storage';
import { startTestObjectStore, type TestObjectStore } from '@tp/testing';
import { GetFileUrlResponse, Media, MediaOutcome, StartDirectUploadResponse } from '@tp/proto';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { FakeHandlers } from './fake-backends.ts';

/** S3's smallest part (but the last). */
export const PART_SIZE = 5 * 1024 * 1024;
/** Media's own limit, above the gateway's: the gateway's limit is the one tested. */
const MEDIA_MAX_BYTES = 1024 * 1024 * 1024;

export interface StorageMedia {
  handlers: FakeHandlers;
  /** The stored object of a media, or null. */
  stored(mediaId: string): Promise<Buffer | null>;
  /** The key a media's object has. */
  keyOf(mediaId: string): string;
  stop(): Promise<void>;
}

export async function startStorageMedia(log: Logger): Promise<StorageMedia> {
  const s3: TestObjectStore = await startTestObjectStore();
  const store: ObjectStore = createObjectStore(
    {
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    },
    log,
  );
  const uploads = new Map<string, { key: string; uploadId: string; fileName: string; contentType: string }>();
  let next = 0;
  const keyOf = (mediaId: string) => `users/test/${mediaId}`;
  const upload = (mediaId: string) => {
    const found = uploads.get(mediaId);
    if (!found) throw new AppError('not_found', 'The media was not found.');
    return found;
  };

  const handlers: FakeHandlers = {
    media: {
      startDirectUpload: async ({ fileName, contentType }) => {
        const mediaId = `med_s3_${++next}`;
        const uploadId = await store.createMultipart(keyOf(mediaId), contentType);
        uploads.set(mediaId, { key: keyOf(mediaId), uploadId, fileName, contentType });
        return StartDirectUploadResponse.fromPartial({
          mediaId,
          partSizeBytes: PART_SIZE,
          maxParts: 10_000,
          maxSizeBytes: MEDIA_MAX_BYTES,
        });
      },
      signUploadPart: async ({ mediaId, partNumber }) => {
        const { key, uploadId } = upload(mediaId);
        return { url: await store.presignPart(key, uploadId, partNumber, 600) };
      },
      finishDirectUpload: async ({ mediaId, parts }) => {
        const { key, uploadId, fileName, contentType } = upload(mediaId);
        const done = await store.completeMultipart(key, uploadId, parts);
        if (!done.ok) throw new AppError(done.code, done.message);
        const head = await store.head(key);
        return MediaOutcome.fromPartial({
          mediaId,
          media: Media.fromPartial({
            mediaId,
            fileName,
            contentType,
            sizeBytes: head?.sizeBytes ?? 0,
            status: 'ready',
          }),
        });
      },
      abortDirectUpload: async ({ mediaId }) => {
        const { key, uploadId } = upload(mediaId);
        await store.abortMultipart(key, uploadId);
        return {};
      },
      getFileUrl: async ({ mediaId }) =>
        GetFileUrlResponse.fromPartial({
          url: await store.presignGet(upload(mediaId).key, 86_400, { forClients: true }),
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
    },
  };

  return {
    handlers,
    keyOf,
    async stored(mediaId) {
      if ((await store.head(keyOf(mediaId))) === null) return null;
      const res = await fetch(await store.presignGet(keyOf(mediaId), 60));
      return Buffer.from(await res.arrayBuffer());
    },
    async stop() {
      store.close();
      await s3.stop();
    },
  };
}
