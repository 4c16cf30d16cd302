import { useState } from 'react';
import type { Share } from '../api/schema.ts';
import { useRevokeShare, useRotateShare } from '../api/shares.ts';
import type { NamedTranscript } from '../shares.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ErrorMessage, formatDate } from './Status.tsx';

const STATUS_LABEL: Record<Share['status'], string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
  taken_down: 'Taken down',
};

export interface ShareActions {
  /** A new URL, shown once. */
  onRotated: (share: Share) => void;
  onRevoked: (share: Share) => void;
}

/** A write on the link behind a confirmation, which closes once it is done. */
function useConfirmedWrite(useWrite: typeof useRotateShare, share: Share, onDone: (share: Share) => void) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useWrite(share, (changed) => {
    setConfirming(false);
    onDone(changed);
  });
  return { confirming, setConfirming, mutation };
}

function ShareFacts({ share, transcript }: { share: Share; transcript: NamedTranscript | undefined }) {
  return (
    <dl className="facts">
      <dt>Transcript</dt>
      <dd>{transcript?.name ?? 'A transcript no longer listed'}</dd>
      <dt>Version</dt>
      <dd>{share.target_version_id ? 'The version shared' : 'The latest, edits included'}</dd>
      <dt>Link starts with</dt>
      <dd>
        <code>{share.token_hint}…</code>
      </dd>
      <dt>Opened</dt>
      <dd>
        {share.open_count === 0 ? 'Not yet' : share.open_count === 1 ? 'Once' : `${share.open_count} times`}
        {share.last_opened_at && `, last ${formatDate(share.last_opened_at)}`}
      </dd>
      <dt>Expires</dt>
      <dd>{formatDate(share.expires_at, 'Never')}</dd>
      <dt>Created</dt>
      <dd>{formatDate(share.created_at)}</dd>
      {share.revoked_at && (
        <>
          <dt>Revoked</dt>
          <dd>{formatDate(share.revoked_at)}</dd>
        </>
      )}
    </dl>
  );
}

function ShareRow(props: { share: Share; transcript?: NamedTranscript; actions: ShareActions }) {
  const { share, transcript, actions } = props;
  const rotate = useConfirmedWrite(useRotateShare, share, actions.onRotated);
  const revoke = useConfirmedWrite(useRevokeShare, share, actions.onRevoked);
  const active = share.status === 'active';
  return (
    <li className="card" aria-label={share.title}>
      <h3>
        {share.title} <span className="badge">{STATUS_LABEL[share.status]}</span>
      </h3>
      <ShareFacts share={share} transcript={transcript} />
      {(active || rotate.confirming || revoke.confirming) && (
        <div className="row">
          <ConfirmAction
            confirming={rotate.confirming}
            onConfirmingChange={rotate.setConfirming}
            action="Rotate"
            subject={share.title}
            question={`Replace the link to “${share.title}”? The old link stops working at once.`}
            confirmLabel="Yes, new link"
            pendingLabel="Rotating…"
            pending={rotate.mutation.isPending}
            onConfirm={() => rotate.mutation.mutate()}
          />
          <ConfirmAction
            confirming={revoke.confirming}
            onConfirmingChange={revoke.setConfirming}
            action="Revoke"
            subject={share.title}
            question={`Revoke the link to “${share.title}”? It stops working at once.`}
            confirmLabel="Yes, revoke"
            pendingLabel="Revoking…"
            pending={revoke.mutation.isPending}
            onConfirm={() => revoke.mutation.mutate()}
          />
        </div>
      )}
      {rotate.mutation.isError && <ErrorMessage error={rotate.mutation.error} />}
      {revoke.mutation.isError && <ErrorMessage error={revoke.mutation.error} />}
    </li>
  );
}

export function ShareList(props: {
  shares: Share[];
  transcripts: Map<string, NamedTranscript>;
  actions: ShareActions;
}) {
  if (props.shares.length === 0) return <p className="muted">No links yet.</p>;
  return (
    <ul className="cards" aria-label="Links">
      {props.shares.map((share) => (
        <ShareRow
          key={share.share_id}
          share={share}
          transcript={props.transcripts.get(share.target_id)}
          actions={props.actions}
        />
      ))}
    </ul>
  );
}
