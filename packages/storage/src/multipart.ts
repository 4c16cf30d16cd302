import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { isNoSuchUpload, isNotFound, nameOf, statusOf } from './s3-errors.ts';

/** What completing a multipart upload answers: done, or why the parts were refused (wrong ETag, order, too small). */
export type CompleteMultipartResult =
  | { ok: true }
  | { ok: false; code: 'bad_request' | 'upload_incomplete'; message: string };

/** The answer to a client whose parts storage refused to complete, or undefined when storage failed instead. */
function partsRefusal(err: unknown): CompleteMultipartResult | undefined {
  if (isNoSuchUpload(err))
    return {
      ok: false,
      code: 'upload_incomplete',
      message: 'The multipart upload no longer exists; start a new upload.',
    };
  const name = nameOf(err);
  if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML'].includes(name) || statusOf(err) === 400) {
    return {
      ok: false,
      code: 'bad_request',
      message: `Storage refused the parts: ${name || 'invalid parts'}. Every part but the last must be exactly part_size_bytes long, and each ETag must be the one storage answered.`,
    };
  }
  return undefined;
}

/** Uploads in parts: the client PUTs each part to a presigned URL, then the service completes or aborts. */
export function multipartOperations(
  client: S3Client,
  presigner: S3Client,
  Bucket: string,
  log: Logger,
  unavailable: (operation: string, key: string, err: unknown) => AppError,
) {
  let abortUnsupportedLogged = false;
  return {
    async createMultipart(key: string, contentType: string): Promise<string> {
      try {
        const created = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
        );
        if (!created.UploadId) throw new Error('CreateMultipartUpload answered no UploadId');
        return created.UploadId;
      } catch (err) {
        throw unavailable('CreateMultipartUpload', key, err);
      }
    },

    presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
      return getSignedUrl(
        presigner,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn: expiresInSeconds },
      );
    },

    async completeMultipart(
      key: string,
      uploadId: string,
      parts: { partNumber: number; etag: string }[],
    ): Promise<CompleteMultipartResult> {
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
        const refused = partsRefusal(err);
        if (refused) return refused;
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
          if (!abortUnsupportedLogged)
            log.warn(
              { key },
              'the object store does not support AbortMultipartUpload; unfinished parts stay until a lifecycle rule removes them',
            );
          abortUnsupportedLogged = true;
          return;
        }
        throw unavailable('AbortMultipartUpload', key, err);
      }
    },
  };
}
