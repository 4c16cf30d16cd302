// How the S3 SDK reports what went wrong, read the same way by every operation.

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

export const statusOf = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;
export const nameOf = (err: unknown) => (err as SdkError)?.name ?? (err as SdkError)?.Code ?? '';
export const isNotFound = (err: unknown) => statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(err));
export const isNoSuchUpload = (err: unknown) => nameOf(err) === 'NoSuchUpload';
