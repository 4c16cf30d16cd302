import type { GrantIssuer } from '@tp/identity';
import { storedOptions } from '../domain/stored-options.ts';
import type { Job } from '../store/records.ts';

export interface JobGrantDeps {
  grants: GrantIssuer;
  /** The NATS credentials of a job's windows (ADR 0041); absent where jobs has no windows signer. */
  windowCredentials?: (jobId: string) => Promise<string>;
}

/** What the worker that claimed `jobId` may reach of its windows: credentials for them, or '' (none). */
export function jobWindowCredentials(deps: JobGrantDeps, jobId: string): Promise<string> {
  return deps.windowCredentials ? deps.windowCredentials(jobId) : Promise.resolve('');
}

/**
 * The grant of a job a worker runs (ADR 0040): its user, itself, its input media and, for a caption
 * burn, the transcript version it pins. Media and artifacts admit the worker for these ids alone.
 */
export function jobGrant(deps: JobGrantDeps, job: Pick<Job, 'id' | 'userId' | 'mediaId' | 'optionsJson'>) {
  const burn = pinnedTranscript(job.optionsJson);
  return deps.grants.issue({
    user: job.userId,
    job: job.id,
    media: job.mediaId ?? '',
    artifact: burn?.artifactId ?? '',
    version: burn?.versionId ?? '',
  });
}

function pinnedTranscript(optionsJson: string): { artifactId: string; versionId: string } | undefined {
  const burn = storedOptions(optionsJson).captionBurn;
  const artifactId = burn?.transcriptArtifactId;
  const versionId = burn?.transcriptVersionId;
  return artifactId && versionId ? { artifactId, versionId } : undefined;
}
