import { useEffect, useRef } from 'react';
import type { Share } from '../api/schema.ts';
import { CopyField } from './CopyField.tsx';

/** A link just created or rotated: its URL is shown only now (only a hash of its secret is kept). */
export function ShareLink({ share, onDone }: { share: Share; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the new link, not back at the form.
  useEffect(() => heading.current?.focus(), [share.share_url]);
  if (!share.share_url) return null;
  return (
    <section className="card notice" aria-labelledby="share-link-title">
      <h2 id="share-link-title" ref={heading} tabIndex={-1}>
        {share.rotated_at ? 'New link' : 'Link created'} for “{share.title}”
      </h2>
      <p>
        Anyone with this link can read the transcript, without an account. Copy it now: it is shown only this once.
        {share.rotated_at && ' The old link no longer works.'}
      </p>
      <CopyField label="Share link" value={share.share_url} onDone={onDone} />
    </section>
  );
}
