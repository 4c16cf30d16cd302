import { Link, Navigate } from 'react-router';
import { useJobArtifacts } from '../api/jobs.ts';
import type { Job } from '../api/schema.ts';
import { ErrorMessage, Loading } from './Status.tsx';

/**
 * A succeeded transcription's way to its transcript. The link names the job, not the artifact, so
 * that a list of jobs asks nothing more of the API; the artifact is looked up when it is followed.
 */
export function OpenTranscript({ job }: { job: Job }) {
  return (
    <Link to={`/transcripts?job=${encodeURIComponent(job.job_id)}`} aria-label={`Open transcript: ${job.title}`}>
      Open transcript
    </Link>
  );
}

/** /transcripts?job=…: GET /jobs/{id}/artifacts, then on to the job's transcript. */
export function JobTranscriptRedirect({ jobId }: { jobId: string }) {
  const artifacts = useJobArtifacts(jobId);
  const transcript = artifacts.data?.find((a) => a.artifact_type === 'transcript');
  if (transcript) return <Navigate replace to={`/transcripts/${encodeURIComponent(transcript.artifact_id)}`} />;
  return (
    <section aria-labelledby="open-title">
      <h1 id="open-title">Transcript</h1>
      {artifacts.isPending && <Loading label="Opening the transcript…" />}
      {artifacts.isError && <ErrorMessage error={artifacts.error} retry={() => artifacts.refetch()} />}
      {artifacts.isSuccess && <p className="muted">This job has no transcript.</p>}
      <p>
        <Link to="/transcripts">All transcripts</Link>
      </p>
    </section>
  );
}
