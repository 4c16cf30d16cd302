import { type FormEvent, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSignIn } from '../api/account.ts';
import { MAX_LENGTHS } from '../api/limits.ts';
import { ErrorMessage } from '../components/Status.tsx';
import { currentSession, saveSession } from '../session.ts';

/** A name for this browser the devices list shows, e.g. "Firefox on Linux". */
export function browserDeviceName(userAgent: string): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? 'Browser';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? '';
  return system ? `${browser} on ${system}` : browser;
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [deviceName, setDeviceName] = useState(() => browserDeviceName(navigator.userAgent));
  const signIn = useSignIn((session) => {
    saveSession({
      token: session.session_token,
      email: email.trim(),
      deviceId: session.device.device_id,
      expiresAt: session.expires_at,
    });
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== '/sign-in' ? from : '/', { replace: true });
  });
  if (currentSession() && !signIn.isPending && !signIn.isSuccess) return <Navigate to="/" replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({
      email: email.trim(),
      password,
      ...(deviceName.trim() ? { device_name: deviceName.trim() } : {}),
    });
  };
  return (
    <main id="main" className="narrow">
      <h1>Sign in</h1>
      <form onSubmit={submit} aria-labelledby={`${ids}-title`} className="stack">
        <span id={`${ids}-title`} hidden>
          Sign in
        </span>
        <label htmlFor={`${ids}-email`}>Email</label>
        <input
          id={`${ids}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor={`${ids}-password`}>Password</label>
        <input
          id={`${ids}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <label htmlFor={`${ids}-device`}>Device name</label>
        <input
          id={`${ids}-device`}
          type="text"
          maxLength={MAX_LENGTHS.deviceName}
          value={deviceName}
          onChange={(event) => setDeviceName(event.target.value)}
          aria-describedby={`${ids}-device-hint`}
        />
        <p id={`${ids}-device-hint`} className="hint">
          Shown in your list of devices.
        </p>
        {signIn.isError && <ErrorMessage error={signIn.error} />}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
