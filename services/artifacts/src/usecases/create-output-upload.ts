import type { ObjectStore } from '@tp/storage';
import { OUTPUT_UPLOAD_TTL_SECONDS, type OutputUploadRequest, outputUpload } from '../domain/output-uploads.ts';

export interface CreateOutputUploadDeps {
  objects: Pick<ObjectStore, 'presignPut'>;
  /** The clock URLs are signed with. */
  now: () => Date;
}

/**
 * A presigned PUT of a job's output file for the worker, signed for the store's internal endpoint.
 * CreateArtifact with the key afterwards checks that the file is there and records its size.
 */
export async function createOutputUpload(
  deps: CreateOutputUploadDeps,
  input: OutputUploadRequest,
): Promise<{ outputKey: string; uploadUrl: string; expiresAt: Date; contentType: string }> {
  const { key, contentType } = outputUpload(input);
  // SigV4 dates have whole seconds: signing at a whole second makes expires_at exact.
  const signedAt = new Date(Math.floor(deps.now().getTime() / 1000) * 1000);
  const uploadUrl = await deps.objects.presignPut(key, contentType, OUTPUT_UPLOAD_TTL_SECONDS, {
    forServices: true,
    signedAt,
  });
  return {
    outputKey: key,
    uploadUrl,
    expiresAt: new Date(signedAt.getTime() + OUTPUT_UPLOAD_TTL_SECONDS * 1000),
    contentType,
  };
}
