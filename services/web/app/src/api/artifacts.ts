// Transcripts (GET /artifacts of type transcript), one artifact, its versions (a version's payload is
// the canonical transcript), and the writes that make a version: a save on a base version, a restore.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from './client.ts';
import { hasCode } from './errors.ts';
import { keys } from './keys.ts';
import { LIST_LIMITS } from './limits.ts';
import type { Artifact, ArtifactVersion, Transcript } from './schema.ts';

/** A version with its payload read as the transcript it is (null: it cannot be read). */
export type TranscriptVersion = Omit<ArtifactVersion, 'payload'> & { payload: Transcript | null };

const HISTORY_LIMIT = 100;

/** The user's transcripts, newest first. */
export function useTranscriptArtifacts() {
  return useQuery({
    queryKey: keys.artifacts.transcripts,
    queryFn: () =>
      client.GET('/api/v1/artifacts', {
        params: { query: { artifact_type: 'transcript', limit: LIST_LIMITS.artifacts } },
      }),
  });
}

export function useArtifact(artifactId: string) {
  return useQuery({
    queryKey: keys.artifacts.one(artifactId),
    queryFn: () => client.GET('/api/v1/artifacts/{artifact_id}', { params: { path: { artifact_id: artifactId } } }),
  });
}

/** The versions, newest first, without their payloads. */
export function useArtifactVersions(artifactId: string) {
  return useQuery({
    queryKey: keys.artifacts.versions(artifactId),
    queryFn: () =>
      client.GET('/api/v1/artifacts/{artifact_id}/versions', {
        params: { path: { artifact_id: artifactId }, query: { limit: HISTORY_LIMIT } },
      }),
  });
}

/** One version with its transcript; the one shown stays while the next loads. */
export function useTranscriptVersion(artifactId: string, versionId: string) {
  return useQuery({
    queryKey: keys.artifacts.version(artifactId, versionId),
    queryFn: async (): Promise<TranscriptVersion> => {
      const version = await client.GET('/api/v1/artifacts/{artifact_id}/versions/{version_id}', {
        params: { path: { artifact_id: artifactId, version_id: versionId }, query: { include_payload: true } },
      });
      // The document types a payload as any JSON: a transcript artifact's follows /schemas/transcript.v1.json.
      return { ...version, payload: (version.payload ?? null) as Transcript | null };
    },
    // A version never changes.
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** What changed once the artifact has a new current version: it, its history and the list of transcripts. */
function useVersionMade() {
  const queryClient = useQueryClient();
  return (artifact: Artifact) => {
    queryClient.setQueryData(keys.artifacts.one(artifact.artifact_id), artifact);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.artifacts.versions(artifact.artifact_id) }),
      queryClient.invalidateQueries({ queryKey: keys.artifacts.transcripts }),
    ]);
  };
}

/**
 * POST /artifacts/{id}/versions on the version the edits were made on (`base_version_id`). A newer
 * version saved meanwhile is a 409 version_conflict: the artifact and its history are asked for again,
 * and `onConflict` says so.
 */
export function useSaveVersion(
  artifactId: string,
  base: TranscriptVersion,
  on: { saved: (versionId: string) => void; conflict: () => void },
) {
  const queryClient = useQueryClient();
  const made = useVersionMade();
  return useMutation({
    mutationFn: (payload: Transcript) =>
      client.POST('/api/v1/artifacts/{artifact_id}/versions', {
        params: { path: { artifact_id: artifactId } },
        body: { payload, base_version_id: base.version_id },
      }),
    onSuccess: ({ artifact, version }, payload) => {
      // The version just saved is what is shown now: no reload, no flash of the old text.
      const saved: TranscriptVersion = { ...version, payload };
      queryClient.setQueryData(keys.artifacts.version(artifact.artifact_id, version.version_id), saved);
      void made(artifact);
      on.saved(version.version_id);
    },
    onError: async (error) => {
      if (!hasCode(error, 'version_conflict')) return;
      await queryClient.invalidateQueries({ queryKey: keys.artifacts.one(artifactId) });
      await queryClient.invalidateQueries({ queryKey: keys.artifacts.versions(artifactId) });
      on.conflict();
    },
  });
}

/** POST …/versions/{id}/restore: the version becomes the current one again (a new version, nothing deleted). */
export function useRestoreVersion(version: ArtifactVersion, onRestored: () => void) {
  const made = useVersionMade();
  return useMutation({
    mutationFn: () =>
      client.POST('/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore', {
        params: { path: { artifact_id: version.artifact_id, version_id: version.version_id } },
      }),
    onSuccess: ({ artifact }) => {
      onRestored();
      return made(artifact);
    },
  });
}
