import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';

export interface ObjectStoreConfig {
  endpoint?: string;
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface ObjectHead {
  sizeBytes: number;
  contentType: string;
  etag: string;
}

/** Thrown when a multipart completion is refused for the parts given (wrong ETag, order, too small). */
export type CompleteMultipartResult = { ok: true } | { ok: false; code: 'bad_request' | 'upload_incomplete'; message: string };

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as SdkError)?.name ?? (err as SdkError)?.Code ?? '';
const isNotFound = (err: unknown) => statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(err));
const isNoSuchUpload = (err: unknown) => nameOf(err) === 'NoSuchUpload';

function clientConfig(config: ObjectStoreConfig, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Flexible checksums would add query parameters to presigned URLs that a plain PUT never satisfies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
}

/**
 * One S3 bucket (the media bucket: uploads and export files). Storage failures become
 * storage_unavailable (the cause goes to the log only); a missing object is a value (null),
 * not an error.
 */
export function createObjectStore(config: ObjectStoreConfig, log: Logger) {
  const client = new S3Client(clientConfig(config, config.endpoint));
  // Presigning is pure computation; a second client only changes the host written into URLs.
  const presigner = config.publicEndpoint && config.publicEndpoint !== config.endpoint ? new S3Client(clientConfig(config, config.publicEndpoint)) : client;
  const Bucket = config.bucket;
  let abortUnsupportedLogged = false;

  function unavailable(operation: string, key: string, err: unknown): AppError {
    log.error({ err, operation, key }, 'object store request failed');
    return new AppError('storage_unavailable');
  }

  return {
    bucket: Bucket,

    /** A PUT URL that only accepts this key, this Content-Type and this signature. */
    presignPut(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
      return getSignedUrl(presigner, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },

    /**
     * A GET URL valid `expiresInSeconds` from `signedAt` (default now). For the services' own use
     * (ffprobe) it is signed for the internal endpoint; `forClients` signs it for the public one.
     */
    presignGet(key: string, expiresInSeconds: number, options: { forClients?: boolean; signedAt?: Date } = {}): Promise<string> {
      return getSignedUrl(options.forClients ? presigner : client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: expiresInSeconds,
        ...(options.signedAt ? { signingDate: options.signedAt } : {}),
      });
    },

    async head(key: string): Promise<ObjectHead | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { sizeBytes: head.ContentLength ?? 0, contentType: head.ContentType ?? '', etag: head.ETag ?? '' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw unavailable('HeadObject', key, err);
      }
    },

    /** Idempotent: deleting a missing object succeeds. */
    async delete(key: string): Promise<void> {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isNotFound(err)) return;
        throw unavailable('DeleteObject', key, err);
      }
    },

    async createMultipart(key: string, contentType: string): Promise<string> {
      try {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
        if (!created.UploadId) throw new Error('CreateMultipartUpload answered no UploadId');
        return created.UploadId;
      } catch (err) {
        throw unavailable('CreateMultipartUpload', key, err);
      }
    },

    presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
      return getSignedUrl(presigner, new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), { expiresIn: expiresInSeconds });
    },

    async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<CompleteMultipartResult> {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        );
        return { ok: true };
      } catch (err) {
        const name = nameOf(err);
        if (isNoSuchUpload(err)) return { ok: false, code: 'upload_incomplete', message: 'The multipart upload no longer exists; start a new upload.' };
        if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML'].includes(name) || statusOf(err) === 400) {
          return { ok: false, code: 'bad_request', message: `Storage refused the parts: ${name || 'invalid parts'}. Every part but the last must be exactly part_size_bytes long, and each ETag must be the one storage answered.` };
        }
        throw unavailable('CompleteMultipartUpload', key, err);
      }
    },

    /**
     * Idempotent: aborting an upload that is already gone succeeds. A store without the operation
     * (s3rver answers 405) is tolerated: the parts then wait for the bucket's lifecycle rule.
     */
    async abortMultipart(key: string, uploadId: string): Promise<void> {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (err) {
        if (isNoSuchUpload(err) || isNotFound(err)) return;
        if (statusOf(err) === 405 || statusOf(err) === 501) {
          if (!abortUnsupportedLogged) log.warn({ key }, 'the object store does not support AbortMultipartUpload; unfinished parts stay until a lifecycle rule removes them');
          abortUnsupportedLogged = true;
          return;
        }
        throw unavailable('AbortMultipartUpload', key, err);
      }
    },

    /** True when the bucket answers (readiness). */
    async ping(): Promise<boolean> {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },

    close(): void {
      client.destroy();
      if (presigner !== client) presigner.destroy();
    },
  };
}

export type ObjectStore = ReturnType<typeof createObjectStore>;
