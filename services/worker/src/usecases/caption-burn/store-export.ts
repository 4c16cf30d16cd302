import type { Job } from '@tp/proto';
import type { ArtifactsClient } from '../../clients.ts';
import { errorCodeOf, isTransient } from '../../domain/backend-errors.ts';
import { BURN_OUTPUT, exportIdempotencyKey, exportRefused } from '../../domain/caption-burn-job.ts';
import { type StoreJobArtifactDeps, storeJobArtifact } from '../shared/job-artifact.ts';
import { failed, type Outcome, retry } from '../shared/outcome.ts';
import { withRetries } from '../shared/retries.ts';
import type { TicketHandle } from '../shared/ticket.ts';
import { uploadFile } from './upload-file.ts';

export interface StoreExportDeps extends StoreJobArtifactDeps {
  artifacts: Pick<ArtifactsClient, 'createOutputUpload' | 'createArtifact'>;
}

export interface StoreExportInput {
  job: Job;
  ticket: TicketHandle;
  /** The MP4 on disk. */
  path: string;
  /** The name it is downloaded as. */
  fileName: string;
  /** The media_export version's payload. */
  payload: Record<string, unknown>;
}

/**
 * Stores the burnt video as the job's media_export artifact and answers its id: artifacts presigns
 * the upload (the worker holds no storage credentials), the file is PUT there, and CreateArtifact
 * records it (once: a redelivered job gets the artifact its first run stored). Artifacts refusing
 * either for good fails the job; storage or artifacts out of reach is a retry.
 */
export async function storeExport(deps: StoreExportDeps, input: StoreExportInput): Promise<Outcome<string>> {
  const { job, ticket } = input;
  const retried = <T>(fn: () => Promise<T>) =>
    withRetries(fn, { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working });
  let outputKey: string;
  try {
    const upload = await retried(() =>
      deps.artifacts.createOutputUpload({
        userId: job.userId,
        jobId: job.jobId,
        fileName: input.fileName,
        format: BURN_OUTPUT.format,
        contentType: BURN_OUTPUT.contentType,
      }),
    );
    await retried(() => uploadFile(upload.uploadUrl, input.path, upload.contentType));
    outputKey = upload.outputKey;
  } catch (err) {
    if (isTransient(err)) return retry(err);
    deps.log.error({ err, jobId: job.jobId }, 'artifacts refused the upload of the video');
    return failed(exportRefused(errorCodeOf(err), (err as Error).message));
  }
  return storeJobArtifact(deps, {
    job,
    ticket,
    artifact: {
      artifactType: 'media_export',
      title: input.fileName,
      payloadJson: JSON.stringify(input.payload),
      output: { key: outputKey, format: BURN_OUTPUT.format },
      idempotencyKey: exportIdempotencyKey(job.jobId),
    },
    refused: exportRefused,
  });
}
