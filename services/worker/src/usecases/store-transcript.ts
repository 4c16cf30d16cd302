import type { Job } from '@tp/proto';
import { canonicalTranscript, type Transcript } from '@tp/transcript';
import { transcriptRefused } from '../domain/job-failures.ts';
import { transcriptIdempotencyKey } from '../domain/transcription-job.ts';
import { type StoreJobArtifactDeps, storeJobArtifact } from './job-artifact.ts';
import type { TicketHandle } from './ticket.ts';

export type StoreTranscriptDeps = StoreJobArtifactDeps;

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
export function storeTranscript(deps: StoreTranscriptDeps, input: StoreTranscriptInput): Promise<string | undefined> {
  const { job, ticket } = input;
  return storeJobArtifact(deps, {
    job,
    ticket,
    artifact: {
      artifactType: 'transcript',
      title: job.title || input.fileName || job.mediaId,
      payloadJson: canonicalTranscript(input.transcript),
      idempotencyKey: transcriptIdempotencyKey(job.jobId),
    },
    refused: transcriptRefused,
  });
}
