import { listLimit } from '@tp/grpc';
import { checkArtifactType, checkUserId, optionalId } from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact } from '../store/records.ts';

export interface ListArtifactsDeps {
  store: Pick<ArtifactReads, 'listArtifacts'>;
}

/** Filters left empty match everything; a limit of 0 is the default page size. */
export interface ListArtifactsInput {
  userId: string;
  mediaId: string;
  workspaceId: string;
  artifactType: string;
  limit: number;
}

/** The user's artifacts, newest first. */
export function listArtifacts(deps: ListArtifactsDeps, input: ListArtifactsInput): Promise<Artifact[]> {
  const userId = checkUserId(input.userId);
  return deps.store.listArtifacts(
    userId,
    {
      mediaId: optionalId('media_id', input.mediaId),
      workspaceId: optionalId('workspace_id', input.workspaceId),
      artifactType: input.artifactType === '' ? null : checkArtifactType(input.artifactType),
    },
    listLimit(input.limit),
  );
}
