// An in-memory object store for the use cases' unit tests: objects by key, multipart uploads, and
// presigned URLs that say what they were signed for (the real signatures are proven against the
// local S3 store by the integration tests).
import type { Readable } from 'node:stream';
import { AppError } from '@tp/errors';
import type { CompleteMultipartResult, ObjectStore } from '@tp/storage';

/** Where every client URL of the fake bucket begins. */
export const CLIENT_URL_PREFIX = 'http://s3.test/media/';

export interface FakeObject {
  sizeBytes: number;
  contentType: string;
  body?: Buffer;
}

type Operation = 'head' | 'delete' | 'createMultipart' | 'abortMultipart' | 'uploadStream';

const urlOf = (key: string, query: Record<string, string>) =>
  `${CLIENT_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${new URLSearchParams(query)}`;

/** Presigned URLs that say what they were signed for: the operation, the TTL, for whom, and when. */
const presigner = {
  presignPut: async (
    key: string,
    contentType: string,
    ttl: number,
    options: { forServices?: boolean; signedAt?: Date } = {},
  ) =>
    urlOf(key, { op: 'put', type: contentType, ttl: String(ttl), for: options.forServices ? 'services' : 'clients' }),
  presignGet: async (key: string, ttl: number, options: { forClients?: boolean; signedAt?: Date } = {}) =>
    urlOf(key, {
      op: 'get',
      ttl: String(ttl),
      for: options.forClients ? 'clients' : 'services',
      ...(options.signedAt ? { signedAt: options.signedAt.toISOString() } : {}),
    }),
  presignPart: async (key: string, uploadId: string, partNumber: number, ttl: number) =>
    urlOf(key, { op: 'part', uploadId, part: String(partNumber), ttl: String(ttl) }),
  presignForm: async (key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }) => ({
    url: CLIENT_URL_PREFIX,
    fields: { key, 'Content-Type': options.contentType, max: String(options.maxBytes) },
    expiresAt: new Date(Date.UTC(2030, 0, 1) + options.expiresInSeconds * 1000),
  }),
  clientUrlPrefix: async () => CLIENT_URL_PREFIX,
} satisfies Pick<ObjectStore, 'presignPut' | 'presignGet' | 'presignPart' | 'presignForm' | 'clientUrlPrefix'>;

export function fakeObjectStore() {
  const stored = new Map<string, FakeObject>();
  /** Open multipart uploads by id: their key, type and the bytes their parts hold. */
  const multipart = new Map<string, { key: string; contentType: string; sizeBytes: number }>();
  const failures = new Map<Operation, Error>();
  /** Every change made, in order ("delete users/…"). */
  const changes: string[] = [];
  let uploads = 0;
  let completion: CompleteMultipartResult = { ok: true };

  const check = (operation: Operation) => {
    const failure = failures.get(operation);
    if (failure) throw failure;
  };

  const objects = {
    ...presigner,
    head: async (key: string) => {
      check('head');
      const found = stored.get(key);
      return found ? { sizeBytes: found.sizeBytes, contentType: found.contentType, etag: '"fake"' } : null;
    },
    delete: async (key: string) => {
      check('delete');
      stored.delete(key);
      changes.push(`delete ${key}`);
    },
    createMultipart: async (key: string, contentType: string) => {
      check('createMultipart');
      uploads += 1;
      const id = `mpu_${uploads}`;
      multipart.set(id, { key, contentType, sizeBytes: 0 });
      return id;
    },
    completeMultipart: async (key: string, uploadId: string, _parts: { partNumber: number; etag: string }[]) => {
      const upload = multipart.get(uploadId);
      if (!completion.ok) return completion;
      if (!upload || upload.key !== key)
        return { ok: false, code: 'upload_incomplete', message: 'no such upload' } as const;
      multipart.delete(uploadId);
      stored.set(key, { sizeBytes: upload.sizeBytes, contentType: upload.contentType });
      changes.push(`complete ${key}`);
      return completion;
    },
    abortMultipart: async (key: string, uploadId: string) => {
      check('abortMultipart');
      multipart.delete(uploadId);
      changes.push(`abort ${key} ${uploadId}`);
    },
    /** Nothing is stored unless the whole body arrives; the body's own error is thrown as is. */
    uploadStream: async (key: string, body: Readable, options: { contentType: string }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      check('uploadStream');
      const bytes = Buffer.concat(chunks);
      stored.set(key, { sizeBytes: bytes.length, contentType: options.contentType, body: bytes });
      changes.push(`upload ${key}`);
    },
  } satisfies Pick<
    ObjectStore,
    Operation | 'presignPut' | 'presignGet' | 'presignPart' | 'presignForm' | 'clientUrlPrefix' | 'completeMultipart'
  >;

  return {
    objects,
    stored,
    multipart,
    changes,
    put(key: string, sizeBytes: number, contentType = 'audio/wav'): void {
      stored.set(key, { sizeBytes, contentType });
    },
    /** The parts of `uploadId` now hold `sizeBytes`. */
    uploadParts(uploadId: string, sizeBytes: number): void {
      const upload = multipart.get(uploadId);
      if (!upload) throw new Error(`no multipart upload ${uploadId}`);
      upload.sizeBytes = sizeBytes;
    },
    /** Every call of `operation` fails with `error` (storage_unavailable by default) until `heal`. */
    fail(operation: Operation, error: Error = new AppError('storage_unavailable')): void {
      failures.set(operation, error);
    },
    heal: (operation: Operation) => failures.delete(operation),
    /** What completing a multipart upload answers from now on. */
    completeWith(result: CompleteMultipartResult): void {
      completion = result;
    },
  };
}

export type FakeObjectStore = ReturnType<typeof fakeObjectStore>;
