import type { CreateArtifactRequest, Job } from '@tp/proto';
import type { ArtifactsClient } from '../clients.ts';
import { errorCodeOf, isTransient } from '../domain/backend-errors.ts';
import type { JobFailure } from '../domain/job-failures.ts';
import { ARTIFACT_AUTHOR } from '../domain/transcription-job.ts';
import { type FailJobDeps, failJob } from './fail-job.ts';
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

export interface StoreJobArtifactDeps extends FailJobDeps {
  artifacts: ArtifactsClient;
}

/**
 * Stores a job's artifact (once: a redelivered job gets the artifact its first run stored). Answers
 * its id, or undefined when artifacts refused it for good and the job failed as `refused` says;
 * throws when artifacts could not be reached, for a redelivery.
 */
export async function storeJobArtifact(
  deps: StoreJobArtifactDeps,
  input: {
    job: Job;
    ticket: TicketHandle;
    artifact: JobArtifact;
    refused: (code: string | undefined, detail: string) => JobFailure;
  },
): Promise<string | undefined> {
  const { job, ticket, artifact } = input;
  try {
    const created = await withRetries(() => deps.artifacts.createArtifact(jobArtifactRequest(job, artifact)), {
      delaysMs: deps.retryDelaysMs,
      keepAlive: ticket.working,
    });
    if (!created.artifact) throw new Error('CreateArtifact answered without an artifact');
    return created.artifact.artifactId;
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.error(
      { err, jobId: job.jobId, artifactType: artifact.artifactType },
      'artifacts refused the job’s artifact',
    );
    await failJob(deps, { job, ticket, failure: input.refused(errorCodeOf(err), (err as Error).message) });
    return undefined;
  }
}
