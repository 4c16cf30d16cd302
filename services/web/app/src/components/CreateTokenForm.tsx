import { useMutation } from '@tanstack/react-query';
import { ALL_SCOPES, type PRESETS, SCOPES, type Scope } from '@tp/scopes';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../api.ts';
import type { CreatedAccessToken } from '../types.ts';
import { ErrorMessage } from './Status.tsx';

type Access = keyof typeof PRESETS | 'custom';
type Expiry = 'never' | '7' | '30' | '90' | 'date';

const ACCESS_CHOICES: { value: Access; label: string; hint: string }[] = [
  { value: 'read-only', label: 'Read only', hint: 'Every read scope.' },
  { value: 'automation', label: 'Automation', hint: 'Files and jobs, reading transcripts and billing.' },
  { value: 'full', label: 'Full access', hint: 'Every scope.' },
  { value: 'custom', label: 'Choose scopes', hint: 'Pick exactly what the token may do.' },
];

const EXPIRY_CHOICES: { value: Expiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'date', label: 'Custom date' },
];

/** The request of POST /auth/tokens: a preset or scopes, and at most one expiry field. */
export function tokenRequest(name: string, access: Access, scopes: Scope[], expiry: Expiry, date: string) {
  return {
    name: name.trim(),
    ...(access === 'custom' ? { scopes } : { preset: access }),
    ...(expiry === '7' || expiry === '30' || expiry === '90' ? { expires_in_days: Number(expiry) } : {}),
    // The end of the chosen day, in the browser's time zone.
    ...(expiry === 'date' && date ? { expires_at: new Date(`${date}T23:59:59`).toISOString() } : {}),
  };
}

export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read-only');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [date, setDate] = useState('');
  const create = useMutation({
    mutationFn: () => api<CreatedAccessToken>('POST', '/auth/tokens', tokenRequest(name, access, scopes, expiry, date)),
    onSuccess: (token) => {
      setName('');
      onCreated(token);
    },
  });
  const toggle = (scope: Scope, on: boolean) =>
    setScopes((current) => ALL_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <form onSubmit={submit} className="stack card" aria-label="Create a token">
      <h2>Create a token</h2>
      <label htmlFor={`${ids}-name`}>Token name</label>
      <input id={`${ids}-name`} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <fieldset>
        <legend>Access</legend>
        {ACCESS_CHOICES.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name={`${ids}-access`}
              value={choice.value}
              checked={access === choice.value}
              onChange={() => setAccess(choice.value)}
            />
            <span>
              {choice.label} <span className="hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
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
      <fieldset>
        <legend>Expires</legend>
        {EXPIRY_CHOICES.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name={`${ids}-expiry`}
              value={choice.value}
              checked={expiry === choice.value}
              onChange={() => setExpiry(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {expiry === 'date' && (
          <>
            <label htmlFor={`${ids}-date`}>Expiry date</label>
            <input
              id={`${ids}-date`}
              type="date"
              required
              min={tomorrow}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </>
        )}
      </fieldset>
      {create.isError && <ErrorMessage error={create.error} />}
      <button type="submit" disabled={create.isPending || (access === 'custom' && scopes.length === 0)}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </button>
    </form>
  );
}
