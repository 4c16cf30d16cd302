import type { Job } from '@tp/proto';
import { canonicalTranscript, type Transcript } from '@tp/transcript';
import type { ArtifactsClient } from '../clients.ts';
import { errorCodeOf, isTransient } from '../domain/backend-errors.ts';
import { transcriptRefused } from '../domain/job-failures.ts';
import { ARTIFACT_AUTHOR, transcriptIdempotencyKey } from '../domain/transcription-job.ts';
import { type FailJobDeps, failJob } from './fail-job.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface StoreTranscriptDeps extends FailJobDeps {
  artifacts: ArtifactsClient;
}

export interface StoreTranscriptInput {
  job: Job;
  ticket: TicketHandle;
  transcript: Transcript;
  /** The media's file name: the artifact's title when the job has none. */
  fileName: string | undefined;
}

/**
 * Stores the transcript as the job's artifact (once: a redelivered job gets the artifact its first
 * run stored). Answers the artifact's id, or undefined when artifacts refused it for good and the
 * job failed; throws when artifacts could not be reached, for a redelivery.
 */
export async function storeTranscript(
  deps: StoreTranscriptDeps,
  input: StoreTranscriptInput,
): Promise<string | undefined> {
  const { job, ticket } = input;
  try {
    const created = await withRetries(
      () =>
        deps.artifacts.createArtifact({
          userId: job.userId,
          artifactType: 'transcript',
          mediaId: job.mediaId,
          workspaceId: job.workspaceId,
          jobId: job.jobId,
          title: job.title || input.fileName || job.mediaId,
          payloadJson: canonicalTranscript(input.transcript),
          authorType: ARTIFACT_AUTHOR.type,
          authorId: ARTIFACT_AUTHOR.id,
          outputKey: '',
          outputFormat: '',
          idempotencyKey: transcriptIdempotencyKey(job.jobId),
        }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    if (!created.artifact) throw new Error('CreateArtifact answered without an artifact');
    return created.artifact.artifactId;
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.error({ err, jobId: job.jobId }, 'artifacts refused the transcript');
    await failJob(deps, { job, ticket, failure: transcriptRefused(errorCodeOf(err), (err as Error).message) });
    return undefined;
  }
}
