import { AppError } from '@tp/errors';
import { checkId, checkUserId, userPrefix } from './artifact-rules.ts';

/**
 * Where a job's output file is uploaded (ADR 0024): the worker holds no storage credentials, so
 * artifacts presigns one PUT per file, under the user's own prefix, for a few minutes. A presigned
 * URL is checked when the request arrives, so the upload itself may take longer.
 */
export const OUTPUT_UPLOAD_TTL_SECONDS = 900;

const FORMAT_SHAPE = /^[a-z0-9]{1,8}$/;
const CONTENT_TYPE_SHAPE = /^[a-z]+\/[a-z0-9.+-]{1,64}$/;
const MAX_STEM_LENGTH = 100;

/** A file name for a key: its folders and extension dropped, other characters than [A-Za-z0-9._-] replaced. */
export function safeFileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const safe = stem
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_STEM_LENGTH);
  return safe === '' ? 'output' : safe;
}

export interface OutputUpload {
  key: string;
  contentType: string;
}

/** CreateOutputUpload as the worker asks it (the wire's fields). */
export interface OutputUploadRequest {
  userId: string;
  jobId: string;
  /** The name the file is downloaded as; made safe for a key. */
  fileName: string;
  /** The key's extension (mp4). */
  format: string;
  /** What the PUT must send (signed). */
  contentType: string;
}

/** The key and Content-Type of a job's output file: users/<user>/exports/<job>/<stem>.<format>. */
export function outputUpload(input: OutputUploadRequest): OutputUpload {
  const userId = checkUserId(input.userId);
  const jobId = checkId('job_id', input.jobId);
  const format = input.format.trim().toLowerCase();
  if (!FORMAT_SHAPE.test(format))
    throw new AppError('bad_request', 'format must be a file extension of 1 to 8 letters or digits (e.g. mp4).');
  const contentType = input.contentType.trim().toLowerCase();
  if (!CONTENT_TYPE_SHAPE.test(contentType))
    throw new AppError('bad_request', 'content_type must be a media type such as video/mp4.');
  return { key: `${userPrefix(userId)}exports/${jobId}/${safeFileStem(input.fileName)}.${format}`, contentType };
}
