import './transcript.css';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type TranscriptVersion, useArtifact, useTranscriptVersion } from '../api/artifacts.ts';
import type { Artifact, Transcript } from '../api/schema.ts';
import { ExportPanel } from '../components/ExportPanel.tsx';
import { ConflictNotice, SaveVersion } from '../components/SaveVersion.tsx';
import { SpeakerNames } from '../components/SpeakerNames.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { TranscriptPlayer, usePlayback } from '../components/TranscriptPlayer.tsx';
import { TranscriptText } from '../components/TranscriptText.tsx';
import { VersionHistory } from '../components/VersionHistory.tsx';
import { applyEdits, type Edits, editCount, NO_EDITS, withEdit } from '../transcripts.ts';

type LoadedVersion = TranscriptVersion & { payload: Transcript };

/**
 * The version being edited (the current one when the page opened), its edits and whether a save met a
 * newer version. While nothing is edited it follows the current version (a restore, a save elsewhere).
 */
function useEditing(artifact: Artifact) {
  const [baseId, setBaseId] = useState(artifact.current_version_id);
  const [edits, setEdits] = useState<Edits>(NO_EDITS);
  const [conflict, setConflict] = useState(false);
  const unedited = editCount(edits) === 0;
  useEffect(() => {
    if (unedited && !conflict) setBaseId(artifact.current_version_id);
  }, [artifact.current_version_id, unedited, conflict]);
  const base = useTranscriptVersion(artifact.artifact_id, baseId);
  const edit = (kind: keyof Edits, key: string, value: string, original: string) =>
    setEdits((current) => withEdit(current, kind, key, value, original));
  const resolve = (keepEdits: boolean) => {
    if (!keepEdits) setEdits(NO_EDITS);
    setBaseId(artifact.current_version_id);
    setConflict(false);
  };
  const saved = (versionId: string) => {
    setEdits(NO_EDITS);
    setBaseId(versionId);
  };
  return { base, edits, edit, conflict, setConflict, resolve, saved };
}

function TranscriptEditor({ artifact }: { artifact: Artifact }) {
  const editing = useEditing(artifact);
  const playback = usePlayback();
  const [editMode, setEditMode] = useState(false);
  const base = editing.base.data;
  const loaded = base?.payload ? (base as LoadedVersion) : undefined;
  const shown = useMemo(() => (loaded ? applyEdits(loaded.payload, editing.edits) : null), [loaded, editing.edits]);
  return (
    <>
      <TranscriptPlayer mediaId={artifact.media_id} title={artifact.title} playback={playback} />
      {editing.base.isPending && <Loading label="Loading the transcript…" />}
      {editing.base.isError && <ErrorMessage error={editing.base.error} retry={() => editing.base.refetch()} />}
      {base && !base.payload && <p className="error">This version's transcript cannot be read.</p>}
      {loaded && shown && (
        <section aria-labelledby="text-title" className="editor">
          <h2 id="text-title">Text</h2>
          {editing.conflict && (
            <ConflictNotice
              base={loaded}
              onReapply={() => editing.resolve(true)}
              onDiscard={() => editing.resolve(false)}
            />
          )}
          <div className="row toolbar">
            <button
              type="button"
              className="secondary"
              aria-pressed={editMode}
              onClick={() => setEditMode((on) => !on)}
            >
              Edit words
            </button>
            <SaveVersion
              artifact={artifact}
              base={loaded}
              edits={editing.edits}
              conflict={editing.conflict}
              loading={editing.base.isPlaceholderData}
              onSaved={editing.saved}
              onConflict={() => editing.setConflict(true)}
            />
          </div>
          <p className="hint">
            {editMode
              ? 'Type over a word to correct it; moving to a word plays from there.'
              : 'Select a word to play from there (the arrow keys move between words); the word being spoken is highlighted.'}
          </p>
          <SpeakerNames base={loaded.payload} edits={editing.edits} onEdit={editing.edit} />
          <TranscriptText
            base={loaded.payload}
            shown={shown}
            editing={editMode}
            time={playback.time}
            onSeek={playback.seek}
            onEdit={editing.edit}
            edits={editing.edits}
          />
        </section>
      )}
    </>
  );
}

/** One transcript: its audio with the words, edits saved as new versions, its history and its exports. */
export function TranscriptPage() {
  const { artifactId = '' } = useParams();
  const artifact = useArtifact(artifactId);
  return (
    <section aria-labelledby="transcript-title" className="transcript-page">
      <p>
        <Link to="/transcripts">All transcripts</Link>
      </p>
      <h1 id="transcript-title">{artifact.data?.title ?? 'Transcript'}</h1>
      {artifact.isSuccess && (
        <p>
          <Link to={`/shares?artifact=${encodeURIComponent(artifact.data.artifact_id)}`}>Share this transcript…</Link>
        </p>
      )}
      {artifact.isPending && <Loading label="Loading the transcript…" />}
      {artifact.isError && <ErrorMessage error={artifact.error} retry={() => artifact.refetch()} />}
      {artifact.isSuccess && (
        <>
          <TranscriptEditor key={artifact.data.artifact_id} artifact={artifact.data} />
          <div className="columns">
            <VersionHistory artifact={artifact.data} />
            {artifact.data.job_id ? (
              <ExportPanel jobId={artifact.data.job_id} title={artifact.data.title} />
            ) : (
              <p className="muted">No exports: this transcript was not made by a job.</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
