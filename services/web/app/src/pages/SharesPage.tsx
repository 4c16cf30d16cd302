import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_LIMITS } from '../api/limits.ts';
import type { Share } from '../api/schema.ts';
import { useShares } from '../api/shares.ts';
import { CreateShareForm } from '../components/CreateShareForm.tsx';
import { ShareLink } from '../components/ShareLink.tsx';
import { ShareList } from '../components/ShareList.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { useNamedTranscripts } from '../shares.ts';

/** Shares: public links to transcripts (ADR 0009). */
export function SharesPage() {
  const [fresh, setFresh] = useState<Share | null>(null);
  // /shares?artifact=… (a transcript page's Share link) starts the form on that transcript.
  const [search] = useSearchParams();
  const transcripts = useNamedTranscripts();
  // Ended links too: their state (revoked, expired, taken down) is what the list is for.
  const shares = useShares();
  const actions = {
    onRotated: setFresh,
    onRevoked: (share: Share) => setFresh((current) => (current?.share_id === share.share_id ? null : current)),
  };
  // A list stays shown when a later refresh fails: the form keeps what was typed.
  return (
    <section aria-labelledby="shares-title">
      <h1 id="shares-title">Shares</h1>
      <p className="muted">
        A share is a link anyone can open to read a transcript, without an account. Rotate a link to replace it, revoke
        it to end it.
      </p>
      {fresh && <ShareLink share={fresh} onDone={() => setFresh(null)} />}
      {transcripts.query.isPending && <Loading label="Loading transcripts…" />}
      {transcripts.query.isError && (
        <ErrorMessage error={transcripts.query.error} retry={() => transcripts.query.refetch()} />
      )}
      {transcripts.query.data && (
        <CreateShareForm transcripts={transcripts.transcripts} chosen={search.get('artifact')} onCreated={setFresh} />
      )}
      <h2>Your links</h2>
      {shares.isPending && <Loading label="Loading links…" />}
      {shares.isError && <ErrorMessage error={shares.error} retry={() => shares.refetch()} />}
      {shares.data && <ShareList shares={shares.data} transcripts={transcripts.byId} actions={actions} />}
      {shares.data && shares.data.length >= LIST_LIMITS.shares && (
        <p className="muted">Showing the newest {LIST_LIMITS.shares} links.</p>
      )}
    </section>
  );
}
