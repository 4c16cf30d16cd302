// The Shares page's server state: the links, and the transcripts they can point to with their media's names.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { MEDIA, MEDIA_LIMIT } from './components/MediaList.tsx';
import type { Artifact, Media } from './types.ts';

export const SHARES = ['shares'] as const;
export const TRANSCRIPTS = ['artifacts', 'transcripts'] as const;
/** The most GET /shares and GET /artifacts answer at once (no cursor): the newest first. */
export const LIST_LIMIT = 200;

export interface Transcript {
  artifact: Artifact;
  /** What a person recognises it by: its title, its media's file name when that says more, and when. */
  name: string;
}

function nameOf(artifact: Artifact, fileName: string | undefined): string {
  const title = artifact.title || fileName || artifact.artifact_id;
  const withFile = fileName && fileName !== title ? `${title} (${fileName})` : title;
  return `${withFile}, ${new Date(artifact.created_at).toLocaleDateString()}`;
}

/** The user's transcripts, named; media names are a help, so a failed media list leaves the titles. */
export function useTranscripts() {
  const artifacts = useQuery({
    queryKey: TRANSCRIPTS,
    queryFn: () => api<Artifact[]>('GET', `/artifacts?artifact_type=transcript&limit=${LIST_LIMIT}`),
  });
  const media = useQuery({ queryKey: MEDIA, queryFn: () => api<Media[]>('GET', `/media?limit=${MEDIA_LIMIT}`) });
  const files = new Map((media.data ?? []).map((m) => [m.media_id, m.file_name]));
  const transcripts: Transcript[] = (artifacts.data ?? []).map((artifact) => ({
    artifact,
    name: nameOf(artifact, files.get(artifact.media_id)),
  }));
  return { query: artifacts, transcripts, byId: new Map(transcripts.map((t) => [t.artifact.artifact_id, t])) };
}
