import { useEffect } from 'react';
import { type TranscriptVersion, useSaveVersion } from '../api/artifacts.ts';
import { hasCode } from '../api/errors.ts';
import type { Artifact, Transcript } from '../api/schema.ts';
import { applyEdits, type Edits, editCount, editsProblem } from '../transcripts.ts';
import { ErrorMessage } from './Status.tsx';

interface SaveProps {
  artifact: Artifact;
  base: TranscriptVersion & { payload: Transcript };
  edits: Edits;
  conflict: boolean;
  /** The version to save on is still loading (what is shown is the one before): no save until it is here. */
  loading: boolean;
  onSaved: (versionId: string) => void;
  onConflict: () => void;
}

const statusText = (version: number, count: number) =>
  count === 0
    ? `Version ${version}, no unsaved changes.`
    : `${count} unsaved ${count === 1 ? 'change' : 'changes'} to version ${version}.`;

/** Asks before leaving the page while edits are unsaved. */
function useUnsavedWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/**
 * "Save as a new version": POST /artifacts/{id}/versions with the version the edits were made on as
 * base_version_id. A newer version saved meanwhile is a 409 version_conflict, shown by the caller;
 * on any failure the edits stay as they are.
 */
export function SaveVersion({ artifact, base, edits, conflict, loading, onSaved, onConflict }: SaveProps) {
  const count = editCount(edits);
  const problem = editsProblem(edits);
  useUnsavedWarning(count > 0);
  const save = useSaveVersion(artifact.artifact_id, base, { saved: onSaved, conflict: onConflict });
  const failed = save.isError && !hasCode(save.error, 'version_conflict');
  return (
    <div className="save-bar">
      <div className="row">
        <button
          type="button"
          onClick={() => save.mutate(applyEdits(base.payload, edits))}
          disabled={count === 0 || problem !== null || save.isPending || conflict || loading}
        >
          {save.isPending ? 'Saving…' : 'Save as a new version'}
        </button>
        <p role="status" className="muted">
          {loading ? 'Loading the version…' : statusText(base.number, count)}
        </p>
      </div>
      {problem && <p className="error-inline">{problem}</p>}
      {failed && (
        <>
          <ErrorMessage error={save.error} retry={() => save.mutate(applyEdits(base.payload, edits))} />
          <p className="muted">Nothing was saved; your edits are still here.</p>
        </>
      )}
    </div>
  );
}

/**
 * A newer version was saved after the one the edits were made on: nothing was overwritten. The edits
 * stay; they can be applied to the newer version (to check, then save), or dropped for it.
 */
export function ConflictNotice(props: { base: TranscriptVersion; onReapply: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="card notice conflict">
      <h2>Not saved: a newer version exists</h2>
      <p>
        Someone saved a newer version of this transcript after version {props.base.number}, which you are editing.
        Nothing was overwritten, and your edits are still here.
      </p>
      <div className="row">
        <button type="button" onClick={props.onReapply}>
          Apply my edits to the newer version
        </button>
        <button type="button" className="secondary" onClick={props.onDiscard}>
          Discard my edits and load the newer version
        </button>
      </div>
    </div>
  );
}
