import { ALL_SCOPES, type PRESETS, SCOPES, type Scope } from '@tp/scopes';
import { type FormEvent, useId, useState } from 'react';
import { useCreateAccessToken } from '../api/account.ts';
import { MAX_LENGTHS } from '../api/limits.ts';
import type { CreatedAccessToken, CreateTokenRequest } from '../api/schema.ts';
import { endOfDay, type Expiry, ExpiryFields, expiryDays } from './ExpiryFields.tsx';
import { type RadioChoice, RadioChoices } from './RadioChoices.tsx';
import { ErrorMessage } from './Status.tsx';

type Access = keyof typeof PRESETS | 'custom';

const ACCESS_CHOICES: RadioChoice<Access>[] = [
  { value: 'read-only', label: 'Read only', hint: 'Every read scope.' },
  { value: 'automation', label: 'Automation', hint: 'Files and jobs, reading transcripts and billing.' },
  { value: 'full', label: 'Full access', hint: 'Every scope.' },
  { value: 'custom', label: 'Choose scopes', hint: 'Pick exactly what the token may do.' },
];

/** The request of POST /auth/tokens: a preset or scopes, and at most one expiry field. */
export function tokenRequest(
  name: string,
  access: Access,
  scopes: Scope[],
  expiry: Expiry,
  date: string,
): CreateTokenRequest {
  const days = expiryDays(expiry);
  return {
    name: name.trim(),
    ...(access === 'custom' ? { scopes } : { preset: access }),
    ...(days === null ? {} : { expires_in_days: days }),
    ...(expiry === 'date' && date ? { expires_at: endOfDay(date) } : {}),
  };
}

export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read-only');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [date, setDate] = useState('');
  const create = useCreateAccessToken((token) => {
    setName('');
    onCreated(token);
  });
  const toggle = (scope: Scope, on: boolean) =>
    setScopes((current) => ALL_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(tokenRequest(name, access, scopes, expiry, date));
  };
  return (
    <form onSubmit={submit} className="stack card" aria-label="Create a token">
      <h2>Create a token</h2>
      <label htmlFor={`${ids}-name`}>Token name</label>
      <input
        id={`${ids}-name`}
        required
        maxLength={MAX_LENGTHS.tokenName}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <RadioChoices
        legend="Access"
        name={`${ids}-access`}
        choices={ACCESS_CHOICES}
        value={access}
        onChange={setAccess}
      />
      {access === 'custom' && (
        <fieldset>
          <legend>Scopes</legend>
          {ALL_SCOPES.map((scope) => (
            <label key={scope} className="choice">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <code>{scope}</code> <span className="hint">{SCOPES[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <ExpiryFields ids={ids} expiry={expiry} date={date} onExpiryChange={setExpiry} onDateChange={setDate} />
      {create.isError && <ErrorMessage error={create.error} />}
      <button type="submit" disabled={create.isPending || (access === 'custom' && scopes.length === 0)}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </button>
    </form>
  );
}
