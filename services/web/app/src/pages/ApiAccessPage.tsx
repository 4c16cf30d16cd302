import { useState } from 'react';
import { useAccessTokens } from '../api/account.ts';
import type { CreatedAccessToken } from '../api/schema.ts';
import { CreateTokenForm } from '../components/CreateTokenForm.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { TokenList } from '../components/TokenList.tsx';
import { TokenSecret } from '../components/TokenSecret.tsx';

/** Account → API access: personal access tokens (ADR 0004, ADR 0031). */
export function ApiAccessPage() {
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const tokens = useAccessTokens();
  return (
    <section aria-labelledby="api-access-title">
      <h1 id="api-access-title">API access</h1>
      <p className="muted">
        Personal access tokens let programs call the API as you. Send one as <code>Authorization: Bearer …</code>.
      </p>
      {created && <TokenSecret token={created} onDone={() => setCreated(null)} />}
      <CreateTokenForm onCreated={setCreated} />
      <h2>Your tokens</h2>
      {tokens.isPending && <Loading label="Loading tokens…" />}
      {tokens.isError && <ErrorMessage error={tokens.error} retry={() => tokens.refetch()} />}
      {tokens.isSuccess && <TokenList tokens={tokens.data} />}
    </section>
  );
}
