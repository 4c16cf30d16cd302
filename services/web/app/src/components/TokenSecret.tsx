import { useState } from 'react';
import type { CreatedAccessToken } from '../types.ts';

/** The new token's secret, shown once: it is never readable again. */
export function TokenSecret({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="card notice" aria-labelledby="secret-title">
      <h2 id="secret-title">Token “{token.name}” created</h2>
      <p>Copy the token now. It is shown only this once.</p>
      <label htmlFor="new-token-secret">New token</label>
      <input id="new-token-secret" readOnly value={token.token} onFocus={(e) => e.target.select()} />
      <div className="row">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" aria-live="polite">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: select it and copy.'
            : ''}
      </p>
    </section>
  );
}
