// The signed-in session of this browser: its token (Authorization: Bearer) and who signed in, in localStorage.
export interface StoredSession {
  token: string;
  email: string;
  deviceId: string;
  expiresAt: string;
}

const KEY = 'tp.session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StoredSession | null } = { raw: null, session: null };

export function currentSession(): StoredSession | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let session: StoredSession | null = null;
    try {
      session = raw ? (JSON.parse(raw) as StoredSession) : null;
    } catch {
      session = null;
    }
    cached = { raw, session };
  }
  return cached.session;
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  for (const listener of listeners) listener();
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
