import { isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import { type Transcript, validateTranscriptJson } from '@tp/transcript';
import type { ArtifactsClient } from '../../clients.ts';
import { type CaptionBurnPlan, transcriptUnavailable } from '../../domain/caption-burn-job.ts';
import { done, failed, type Outcome, retry } from '../shared/outcome.ts';
import { withRetries } from '../shared/retries.ts';
import type { TicketHandle } from '../shared/ticket.ts';

export interface ReadPinnedTranscriptDeps {
  artifacts: Pick<ArtifactsClient, 'getVersion'>;
  log: Logger;
  retryDelaysMs: readonly number[];
}

/**
 * The transcript version a caption burn job burns (pinned by jobs at creation), checked; the job
 * fails when it was deleted since or is not a transcript, and the attempt is retried when artifacts
 * cannot be reached.
 */
export async function readPinnedTranscript(
  deps: ReadPinnedTranscriptDeps,
  { job, ticket, plan }: { job: Job; ticket: TicketHandle; plan: CaptionBurnPlan },
): Promise<Outcome<Transcript>> {
  const { artifactId, versionId } = plan.transcript;
  let payloadJson: string;
  try {
    const version = await withRetries(
      () => deps.artifacts.getVersion({ userId: job.userId, artifactId, versionId, includePayload: true }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    if (version.payloadUnavailable) return failed(transcriptUnavailable(plan, 'could not be read'));
    payloadJson = version.payloadJson;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found')
      return failed(transcriptUnavailable(plan, 'was deleted after the job was created'));
    return retry(err);
  }
  const checked = validateTranscriptJson(payloadJson);
  if (!checked.ok) {
    deps.log.error(
      { jobId: job.jobId, artifactId, versionId, issues: checked.issues.slice(0, 3) },
      'pinned transcript is invalid',
    );
    return failed(transcriptUnavailable(plan, 'is not a valid transcript'));
  }
  return done(checked.value);
}
