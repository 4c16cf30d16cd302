import { canonicalTranscript } from '@tp/transcript';
import type { ArtifactsClient } from '../clients.ts';
import { admitDelivery } from '../domain/client-local.ts';
import type { DeviceRunStore } from '../store/device-runs.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import { findDeviceJob } from './device-job.ts';
import { type JobWithPosition, withPosition } from './positions.ts';

export interface DeliverTranscriptDeps {
  queries: Pick<JobQueries, 'findJob'>;
  deviceRuns: Pick<DeviceRunStore, 'succeed'>;
  artifacts: Pick<ArtifactsClient, 'createArtifact'>;
  queue: Pick<QueueStore, 'positions'>;
  now: () => Date;
  nudgeOutbox: () => void;
}

export interface DeliverTranscriptInput {
  userId: string;
  jobId: string;
  transcriptJson: string;
}

/** The idempotency key of a job's transcript at artifacts: the worker's, so one job has one transcript artifact. */
const transcriptKey = (jobId: string) => `job:${jobId}`;

/**
 * DeliverTranscript: the user's device delivers the transcript of a client-local job. It is checked
 * (a valid canonical transcript within the media's duration; validation_error with its `issues`,
 * the job left as it was), stored as the job's transcript artifact (once per job: a retry after a
 * lost answer gets the artifact stored first), and the job succeeds with the media's duration
 * billed (at the client-local rate: nothing; no hold to settle).
 */
export async function deliverTranscript(
  deps: DeliverTranscriptDeps,
  input: DeliverTranscriptInput,
): Promise<JobWithPosition> {
  const job = await findDeviceJob(deps.queries, input.userId, input.jobId);
  const transcript = admitDelivery(input.transcriptJson, job);
  const created = await deps.artifacts.createArtifact({
    userId: job.userId,
    artifactType: 'transcript',
    mediaId: job.mediaId ?? '',
    workspaceId: job.workspaceId ?? '',
    jobId: job.id,
    title: job.title || (job.mediaId ?? job.id),
    payloadJson: canonicalTranscript(transcript),
    // The user's own device wrote it.
    authorType: 'user',
    authorId: job.userId,
    outputKey: '',
    outputFormat: '',
    idempotencyKey: transcriptKey(job.id),
  });
  const artifactId = created.artifact?.artifactId;
  if (!artifactId) throw new Error('CreateArtifact answered without an artifact');
  const succeeded = await deps.deviceRuns.succeed(
    job.id,
    { artifactId, language: transcript.language, billedSeconds: job.mediaDurationSeconds },
    deps.now(),
  );
  deps.nudgeOutbox();
  return withPosition(deps.queue, succeeded);
}
