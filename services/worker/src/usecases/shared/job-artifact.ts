import type { CreateArtifactRequest, Job } from '@tp/proto';
import type { Logger } from '@tp/logging';
import type { ArtifactsClient } from '../../clients.ts';
import { errorCodeOf, isTransient } from '../../domain/backend-errors.ts';
import type { JobFailure } from '../../domain/job-failures.ts';
import { ARTIFACT_AUTHOR } from '../../domain/transcription-job.ts';
import { done, failed, type Outcome, retry } from './outcome.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

/** What differs between the artifacts a job stores: a transcript, or a media export with its file. */
export interface JobArtifact {
  artifactType: 'transcript' | 'media_export';
  title: string;
  payloadJson: string;
  /** A media export's file in storage and its format. */
  output?: { key: string; format: string };
  /** Once per job: a redelivered job answers the artifact its first run stored. */
  idempotencyKey: string;
}

/** CreateArtifact of a job's artifact: the job's user, media and workspace, written by the worker. */
export function jobArtifactRequest(job: Job, artifact: JobArtifact): CreateArtifactRequest {
  return {
    userId: job.userId,
    artifactType: artifact.artifactType,
    mediaId: job.mediaId,
    workspaceId: job.workspaceId,
    jobId: job.jobId,
    title: artifact.title,
    payloadJson: artifact.payloadJson,
    authorType: ARTIFACT_AUTHOR.type,
    authorId: ARTIFACT_AUTHOR.id,
    outputKey: artifact.output?.key ?? '',
    outputFormat: artifact.output?.format ?? '',
    idempotencyKey: artifact.idempotencyKey,
  };
}

export interface StoreJobArtifactDeps {
  artifacts: Pick<ArtifactsClient, 'createArtifact'>;
  log: Logger;
  /** Waits between attempts of a backend call that failed transiently. */
  retryDelaysMs: readonly number[];
}

/**
 * Stores a job's artifact (once: a redelivered job gets the artifact its first run stored) and
 * answers its id. Artifacts refusing it for good fails the job as `refused` says; artifacts out of
 * reach is a retry.
 */
export async function storeJobArtifact(
  deps: StoreJobArtifactDeps,
  input: {
    job: Job;
    ticket: TicketHandle;
    artifact: JobArtifact;
    refused: (code: string | undefined, detail: string) => JobFailure;
  },
): Promise<Outcome<string>> {
  const { job, ticket, artifact } = input;
  try {
    const created = await withRetries(() => deps.artifacts.createArtifact(jobArtifactRequest(job, artifact)), {
      delaysMs: deps.retryDelaysMs,
      keepAlive: ticket.working,
    });
    if (!created.artifact) throw new Error('CreateArtifact answered without an artifact');
    return done(created.artifact.artifactId);
  } catch (err) {
    if (isTransient(err)) return retry(err);
    deps.log.error(
      { err, jobId: job.jobId, artifactType: artifact.artifactType },
      'artifacts refused the job’s artifact',
    );
    return failed(input.refused(errorCodeOf(err), (err as Error).message));
  }
}
