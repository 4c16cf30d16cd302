import type { CreatedAccessToken } from '../api/schema.ts';
import { CopyField } from './CopyField.tsx';

/** The new token's secret, shown once: it is never readable again. */
export function TokenSecret({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  return (
    <section className="card notice" aria-labelledby="secret-title">
      <h2 id="secret-title">Token “{token.name}” created</h2>
      <p>Copy the token now. It is shown only this once.</p>
      <CopyField label="New token" value={token.token} onDone={onDone} />
    </section>
  );
}
