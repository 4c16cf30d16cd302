// The app's client of the public API (@tp/sdk), on the app's own origin: each request carries the
// session's token, and a 401 ends the session here (the route guard then sends to sign-in).
import { createClient } from '@tp/sdk';
import { clearSession, currentSession } from '../session.ts';

async function sessionFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request && !init ? input : new Request(input, init);
  // Read at each request: the session changes while the page lives (sign-in, sign-out, another tab).
  const session = currentSession();
  if (session && !request.headers.has('authorization')) request.headers.set('Authorization', `Bearer ${session.token}`);
  const response = await fetch(request);
  if (response.status === 401 && session) clearSession();
  return response;
}

/**
 * No retries in the client: TanStack Query retries reads (main.tsx), and a failed write is sent
 * again by the person ("Try again"), with the same Idempotency-Key where it has one.
 */
export const client = createClient({ baseUrl: window.location.origin, fetch: sessionFetch, retry: false });
