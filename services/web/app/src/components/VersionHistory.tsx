import { useState } from 'react';
import { useArtifactVersions, useRestoreVersion } from '../api/artifacts.ts';
import type { Artifact, ArtifactVersion } from '../api/schema.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ErrorMessage, formatDate, Loading } from './Status.tsx';

function RestoreVersion({ version }: { version: ArtifactVersion }) {
  const [confirming, setConfirming] = useState(false);
  const restore = useRestoreVersion(version, () => setConfirming(false));
  return (
    <>
      <ConfirmAction
        confirming={confirming}
        onConfirmingChange={setConfirming}
        action="Restore"
        subject={`version ${version.number}`}
        question={`Make version ${version.number} the current one again? Nothing is deleted.`}
        confirmLabel={`Yes, restore version ${version.number}`}
        pendingLabel="Restoring…"
        keepLabel="Keep the current one"
        pending={restore.isPending}
        onConfirm={() => restore.mutate()}
      />
      {restore.isError && <ErrorMessage error={restore.error} />}
    </>
  );
}

const authorText = (version: ArtifactVersion) =>
  version.author.type === 'service' ? 'Made by the transcription' : 'Saved by a user';

/** GET /artifacts/{id}/versions, newest first: which one is current, and a restore for the others. */
export function VersionHistory({ artifact }: { artifact: Artifact }) {
  const versions = useArtifactVersions(artifact.artifact_id);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Version history</h2>
      {versions.isPending && <Loading label="Loading the versions…" />}
      {versions.isError && <ErrorMessage error={versions.error} retry={() => versions.refetch()} />}
      {versions.isSuccess && (
        <ol className="cards" aria-label="Versions">
          {versions.data.map((version) => {
            const current = version.version_id === artifact.current_version_id;
            return (
              <li
                key={version.version_id}
                className={current ? 'card notice' : 'card'}
                aria-label={`Version ${version.number}`}
                aria-current={current ? 'true' : undefined}
              >
                <div className="row">
                  <strong>Version {version.number}</strong>
                  {current && <span className="badge">Current</span>}
                </div>
                <p className="small muted">
                  {authorText(version)}, {formatDate(version.created_at)}
                  {version.note ? ` — ${version.note}` : ''}
                </p>
                {!current && <RestoreVersion version={version} />}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
