import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';

/** The media bucket, configured exactly as media configures it (export files live there). */
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
}

interface SdkError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as SdkError)?.name ?? (err as SdkError)?.Code ?? '';
const isNotFound = (err: unknown) => statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(err));

function clientConfig(config: ObjectStoreConfig, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Flexible checksums would add query parameters to presigned URLs.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
}

/**
 * Storage failures become storage_unavailable (the cause goes to the log only); a missing object
 * is a value (null), not an error.
 */
export function createObjectStore(config: ObjectStoreConfig, log: Logger) {
  const client = new S3Client(clientConfig(config, config.endpoint));
  // Presigning is pure computation; a second client only changes the host written into URLs.
  const presigner = config.publicEndpoint && config.publicEndpoint !== config.endpoint ? new S3Client(clientConfig(config, config.publicEndpoint)) : client;
  const Bucket = config.bucket;

  return {
    bucket: Bucket,

    /**
     * A GET URL for clients (signed for the public endpoint), valid exactly `expiresInSeconds`
     * from `signedAt`.
     */
    presignGet(key: string, expiresInSeconds: number, signedAt: Date): Promise<string> {
      return getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds, signingDate: signedAt });
    },

    async head(key: string): Promise<ObjectHead | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { sizeBytes: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
      } catch (err) {
        if (isNotFound(err)) return null;
        log.error({ err, operation: 'HeadObject', key }, 'object store request failed');
        throw new AppError('storage_unavailable');
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
