// The transcripts a link can point to, each with a name a person recognises it by.
import { useTranscriptArtifacts } from './api/artifacts.ts';
import { useMediaList } from './api/media.ts';
import type { Artifact } from './api/schema.ts';

/** A transcript artifact and what it is called in lists: its title, its media's file name when that says more, and when. */
export interface NamedTranscript {
  artifact: Artifact;
  name: string;
}

function nameOf(artifact: Artifact, fileName: string | undefined): string {
  const title = artifact.title || fileName || artifact.artifact_id;
  const withFile = fileName && fileName !== title ? `${title} (${fileName})` : title;
  return `${withFile}, ${new Date(artifact.created_at).toLocaleDateString()}`;
}

/** The user's transcripts, named; media names are a help, so a failed media list leaves the titles. */
export function useNamedTranscripts() {
  const artifacts = useTranscriptArtifacts();
  const media = useMediaList();
  const files = new Map((media.data ?? []).map((m) => [m.media_id, m.file_name]));
  const transcripts: NamedTranscript[] = (artifacts.data ?? []).map((artifact) => ({
    artifact,
    name: nameOf(artifact, files.get(artifact.media_id)),
  }));
  return { query: artifacts, transcripts, byId: new Map(transcripts.map((t) => [t.artifact.artifact_id, t])) };
}
