import { isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, validateTranscriptJson } from '@tp/transcript';
import type { ArtifactsClient } from '../clients.ts';
import { type CaptionBurnPlan, transcriptUnavailable } from '../domain/caption-burn-job.ts';
import type { JobFailure } from '../domain/job-failures.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface ReadPinnedTranscriptDeps {
  artifacts: ArtifactsClient;
  log: Logger;
  retryDelaysMs: readonly number[];
}

/**
 * The transcript version a caption burn job burns (pinned by jobs at creation), checked; a failure
 * when it was deleted since or is not a transcript. Throws when artifacts could not be reached.
 */
export async function readPinnedTranscript(
  deps: ReadPinnedTranscriptDeps,
  { job, ticket, plan }: { job: Job; ticket: TicketHandle; plan: CaptionBurnPlan },
): Promise<{ transcript: Transcript } | { failure: JobFailure }> {
  const { artifactId, versionId } = plan.transcript;
  let payloadJson: string;
  try {
    const version = await withRetries(
      () => deps.artifacts.getVersion({ userId: job.userId, artifactId, versionId, includePayload: true }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    if (version.payloadUnavailable) return { failure: transcriptUnavailable(plan, 'could not be read') };
    payloadJson = version.payloadJson;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found')
      return { failure: transcriptUnavailable(plan, 'was deleted after the job was created') };
    throw err;
  }
  const checked = validateTranscriptJson(payloadJson);
  if (!checked.ok) {
    deps.log.error(
      { jobId: job.jobId, artifactId, versionId, issues: checked.issues.slice(0, 3) },
      'pinned transcript is invalid',
    );
    return { failure: transcriptUnavailable(plan, 'is not a valid transcript') };
  }
  return { transcript: checked.value };
}
