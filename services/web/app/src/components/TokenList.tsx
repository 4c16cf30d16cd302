import { useState } from 'react';
import { useRevokeAccessToken } from '../api/account.ts';
import type { AccessToken } from '../api/schema.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ErrorMessage, formatDate } from './Status.tsx';

function TokenRow({ token }: { token: AccessToken }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAccessToken(token, () => setConfirming(false));
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
  const state = token.revoked_at ? 'Revoked' : expired ? 'Expired' : 'Active';
  return (
    <li className="card" aria-label={token.name}>
      <h3>
        {token.name} <span className="badge">{state}</span>
      </h3>
      <dl className="facts">
        <dt>Starts with</dt>
        <dd>
          <code>{token.display_prefix}…</code>
        </dd>
        <dt>Scopes</dt>
        <dd>{token.scopes.join(', ')}</dd>
        <dt>Created</dt>
        <dd>{formatDate(token.created_at)}</dd>
        <dt>Expires</dt>
        <dd>{formatDate(token.expires_at, 'Never')}</dd>
        <dt>Last used</dt>
        <dd>{formatDate(token.last_used_at, 'Never')}</dd>
      </dl>
      {(!token.revoked_at || confirming) && (
        <ConfirmAction
          confirming={confirming}
          onConfirmingChange={setConfirming}
          action="Revoke"
          subject={token.name}
          question={`Revoke “${token.name}”? Programs using it stop working at once.`}
          confirmLabel="Yes, revoke"
          pendingLabel="Revoking…"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate()}
        />
      )}
      {revoke.isError && <ErrorMessage error={revoke.error} />}
    </li>
  );
}

export function TokenList({ tokens }: { tokens: AccessToken[] }) {
  if (tokens.length === 0) return <p className="muted">No tokens yet.</p>;
  return (
    <ul className="cards" aria-label="Tokens">
      {tokens.map((token) => (
        <TokenRow key={token.token_id} token={token} />
      ))}
    </ul>
  );
}
