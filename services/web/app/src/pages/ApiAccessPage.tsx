import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api.ts';
import { CreateTokenForm } from '../components/CreateTokenForm.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { TOKENS, TokenList } from '../components/TokenList.tsx';
import { TokenSecret } from '../components/TokenSecret.tsx';
import type { AccessToken, CreatedAccessToken } from '../types.ts';

/** Account → API access: personal access tokens (ADR 0004, ADR 0031). */
export function ApiAccessPage() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const tokens = useQuery({ queryKey: TOKENS, queryFn: () => api<AccessToken[]>('GET', '/auth/tokens') });
  return (
    <section aria-labelledby="api-access-title">
      <h1 id="api-access-title">API access</h1>
      <p className="muted">
        Personal access tokens let programs call the API as you. Send one as <code>Authorization: Bearer …</code>.
      </p>
      {created && <TokenSecret token={created} onDone={() => setCreated(null)} />}
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          void queryClient.invalidateQueries({ queryKey: TOKENS });
        }}
      />
      <h2>Your tokens</h2>
      {tokens.isPending && <Loading label="Loading tokens…" />}
      {tokens.isError && <ErrorMessage error={tokens.error} retry={() => tokens.refetch()} />}
      {tokens.isSuccess && <TokenList tokens={tokens.data} />}
    </section>
  );
}
