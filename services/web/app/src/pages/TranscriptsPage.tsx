import './transcript.css';
import { Link, useSearchParams } from 'react-router';
import { useTranscriptArtifacts } from '../api/artifacts.ts';
import { useMediaList } from '../api/media.ts';
import { JobTranscriptRedirect } from '../components/OpenTranscript.tsx';
import { ErrorMessage, formatDate, Loading } from '../components/Status.tsx';

/** Transcripts: every transcript of the user, or (from a job's card, `?job=`) the job's. */
export function TranscriptsPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job');
  return jobId ? <JobTranscriptRedirect jobId={jobId} /> : <TranscriptList />;
}

/** Every transcript of the user, newest first, with the media it was made from. */
function TranscriptList() {
  const transcripts = useTranscriptArtifacts();
  // The media's names; a transcript whose media is gone (or beyond the list) shows without one.
  const media = useMediaList();
  const names = new Map((media.data ?? []).map((m) => [m.media_id, m.file_name]));
  return (
    <section aria-labelledby="transcripts-title">
      <h1 id="transcripts-title">Transcripts</h1>
      <p className="muted">Open a transcript to play it with its words, correct it, and export it.</p>
      {transcripts.isPending && <Loading label="Loading transcripts…" />}
      {transcripts.isError && <ErrorMessage error={transcripts.error} retry={() => transcripts.refetch()} />}
      {media.isError && <ErrorMessage error={media.error} retry={() => media.refetch()} />}
      {transcripts.isSuccess && transcripts.data.length === 0 && (
        <p className="muted">
          No transcripts yet. <Link to="/jobs">Start a transcription</Link>.
        </p>
      )}
      {transcripts.isSuccess && transcripts.data.length > 0 && (
        <ul className="cards" aria-label="Transcripts">
          {transcripts.data.map((t) => (
            <li key={t.artifact_id} className="card" aria-label={t.title}>
              <h2 className="card-title">
                <Link to={`/transcripts/${encodeURIComponent(t.artifact_id)}`}>{t.title}</Link>
              </h2>
              <dl className="facts">
                <dt>Media</dt>
                <dd>{names.get(t.media_id) ?? (media.isPending ? '…' : 'Not in your media')}</dd>
                <dt>Versions</dt>
                <dd>{t.version_count}</dd>
                <dt>Updated</dt>
                <dd>{formatDate(t.updated_at)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
