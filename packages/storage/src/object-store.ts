import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { formAndStreamOperations } from './form-and-stream.ts';
import { multipartOperations } from './multipart.ts';
import { isNotFound } from './s3-errors.ts';

export type { CompleteMultipartResult } from './multipart.ts';

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

function clientConfig(config: ObjectStoreConfig, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
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
  const presigner =
    config.publicEndpoint && config.publicEndpoint !== config.endpoint
      ? new S3Client(clientConfig(config, config.publicEndpoint))
      : client;
  const Bucket = config.bucket;

  function unavailable(operation: string, key: string, err: unknown): AppError {
    log.error({ err, operation, key }, 'object store request failed');
    return new AppError('storage_unavailable');
  }

  return {
    bucket: Bucket,

    /**
     * A PUT URL that only accepts this key, this Content-Type and this signature. Signed for the
     * public endpoint (clients upload through it); `forServices` signs it for the internal one (a
     * worker storing a job's output), valid from `signedAt` (default now).
     */
    presignPut(
      key: string,
      contentType: string,
      expiresInSeconds: number,
      options: { forServices?: boolean; signedAt?: Date } = {},
    ): Promise<string> {
      const signer = options.forServices ? client : presigner;
      return getSignedUrl(signer, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type']),
        ...(options.signedAt ? { signingDate: options.signedAt } : {}),
      });
    },

    /**
     * A GET URL valid `expiresInSeconds` from `signedAt` (default now). For the services' own use
     * (ffprobe) it is signed for the internal endpoint; `forClients` signs it for the public one.
     */
    presignGet(
      key: string,
      expiresInSeconds: number,
      options: { forClients?: boolean; signedAt?: Date } = {},
    ): Promise<string> {
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

    ...multipartOperations(client, presigner, Bucket, log, unavailable),

    ...formAndStreamOperations(client, presigner, Bucket, unavailable),

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
