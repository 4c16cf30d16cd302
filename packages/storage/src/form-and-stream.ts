import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '@tp/errors';

/** A browser-based upload: POST the fields (in this order), then the `file` field, as multipart/form-data to `url`. */
export interface PresignedForm {
  url: string;
  fields: Record<string, string>;
  expiresAt: Date;
}

export interface PresignFormOptions {
  contentType: string;
  /** The file must be 1..maxBytes long. */
  maxBytes: number;
  expiresInSeconds: number;
}

export interface StreamUploadOptions {
  contentType: string;
  /** Size of the parts of a multipart upload (a body shorter than one part is one PUT). */
  partBytes?: number;
  /** Parts in flight at once (each holds `partBytes` in memory). */
  queueSize?: number;
}

/** S3 needs parts of at least 5 MiB. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Presigned POST forms, streamed uploads, and where client URLs of objects begin. */
export function formAndStreamOperations(
  client: S3Client,
  presigner: S3Client,
  Bucket: string,
  unavailable: (operation: string, key: string, err: unknown) => AppError,
) {
  return {
    /**
     * An S3 POST policy for exactly this key: the Content-Type fixed, content-length-range
     * 1..maxBytes, valid `expiresInSeconds`; signed for the clients' (public) endpoint.
     */
    async presignForm(key: string, options: PresignFormOptions): Promise<PresignedForm> {
      const signedAt = Date.now();
      const form = await createPresignedPost(presigner, {
        Bucket,
        Key: key,
        Fields: { 'Content-Type': options.contentType },
        Conditions: [['content-length-range', 1, options.maxBytes]],
        Expires: options.expiresInSeconds,
      });
      // The policy's expiration is whole seconds from the signing time.
      const expiresAt = new Date(Math.floor(signedAt / 1000) * 1000 + options.expiresInSeconds * 1000);
      return { url: form.url, fields: form.fields, expiresAt };
    },

    /**
     * Streams `body` into the object (one PUT, or a multipart upload for a body longer than a
     * part). Nothing is stored unless the whole body arrives: when `body` fails (its error is
     * thrown again as is) or storage does, the multipart upload is aborted.
     */
    async uploadStream(key: string, body: Readable, options: StreamUploadOptions): Promise<void> {
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: options.contentType },
        partSize: Math.max(MIN_PART_BYTES, options.partBytes ?? MIN_PART_BYTES),
        queueSize: options.queueSize ?? 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (body.errored) throw body.errored;
        throw unavailable('Upload', key, err);
      }
    },

    /**
     * Where every client URL of an object of the bucket begins (origin and path, up to the key,
     * path-style or virtual-hosted as the store is addressed), e.g. `http://127.0.0.1:9000/media/`.
     */
    async clientUrlPrefix(): Promise<string> {
      const probe = 'k';
      const url = new URL(
        await getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: probe }), { expiresIn: 60 }),
      );
      return `${url.origin}${url.pathname.slice(0, -probe.length)}`;
    },
  };
}
