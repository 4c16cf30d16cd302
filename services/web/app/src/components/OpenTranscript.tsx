import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api.ts';
import type { Job } from '../jobs.ts';
import type { Artifact } from '../transcripts.ts';
import { ErrorMessage } from './Status.tsx';

/** A succeeded transcription's way to its transcript: GET /jobs/{id}/artifacts, then a link to the editor. */
export function OpenTranscript({ job }: { job: Job }) {
  const artifacts = useQuery({
    queryKey: ['jobs', job.job_id, 'artifacts'],
    queryFn: () => api<Artifact[]>('GET', `/jobs/${encodeURIComponent(job.job_id)}/artifacts`),
    staleTime: 60_000,
  });
  if (artifacts.isPending) return <span className="muted small">Finding the transcript…</span>;
  if (artifacts.isError) return <ErrorMessage error={artifacts.error} retry={() => artifacts.refetch()} />;
  const transcript = artifacts.data.find((a) => a.artifact_type === 'transcript');
  if (!transcript) return null;
  return (
    <Link
      to={`/transcripts/${encodeURIComponent(transcript.artifact_id)}`}
      aria-label={`Open transcript: ${job.title}`}
    >
      Open transcript
    </Link>
  );
}
