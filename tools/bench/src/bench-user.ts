// What several benchmarks need of a running fleet: a user with a token (and credits), calls of the
// public API as that user, and media uploaded and verified the way a client does it.
import { readFileSync } from 'node:fs';
import type { Fleet } from '@tp/testing';

export interface BenchUser {
  userId: string;
  token: string;
  /** A public API call as this user: `data` of a 2xx answer; throws on any other status. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Uploads a file through an upload session and waits for its verification (30 s by default); the media id. */
  upload(path: string, contentType: string, waitSeconds?: number): Promise<string>;
}

export async function benchUser(
  fleet: Fleet,
  options: { email?: string; credits?: number; preset?: string; features?: string[] } = {},
): Promise<BenchUser> {
  const email = options.email ?? 'bench@example.com';
  const created = await fleet.tsctl('users', 'create', '--email', email);
  if (created.code !== 0) throw new Error(`tsctl users create: ${created.stderr}`);
  const userId = (JSON.parse(created.stdout) as { user_id: string }).user_id;
  if (options.credits) {
    const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', String(options.credits));
    if (granted.code !== 0) throw new Error(`tsctl credits grant: ${granted.stderr}`);
  }
  for (const feature of options.features ?? []) {
    const granted = await fleet.tsctl('features', 'grant', '--email', email, '--feature', feature);
    if (granted.code !== 0) throw new Error(`tsctl features grant: ${granted.stderr}`);
  }
  const minted = await fleet.tsctl('tokens', 'create', '--email', email, '--preset', options.preset ?? 'full');
  if (minted.code !== 0) throw new Error(`tsctl tokens create: ${minted.stderr}`);
  const token = minted.stdout.trim();

  const request = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${fleet.gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return { status: res.status, data: text ? (JSON.parse(text) as { data: unknown }).data : undefined };
  };

  return {
    userId,
    token,
    api: async <T>(method: string, path: string, body?: unknown) => (await request(method, path, body)).data as T,
    async upload(path, contentType, waitSeconds = 30) {
      const session = (
        await request('POST', '/api/v1/media/upload-session', {
          file_name: path.split('/').at(-1),
          content_type: contentType,
        })
      ).data as { media_id: string; upload_url: string; finalize_token: string };
      const put = await fetch(session.upload_url, {
        method: 'PUT',
        body: readFileSync(path),
        headers: { 'content-type': contentType },
      });
      if (!put.ok) throw new Error(`upload PUT answered ${put.status}: ${await put.text()}`);
      // 201 once verified within the wait; 202 while it is still being checked (asked again with the same token).
      const deadline = Date.now() + waitSeconds * 1000;
      for (;;) {
        const wait = Math.max(1, Math.min(30, Math.ceil((deadline - Date.now()) / 1000)));
        const done = await request(
          'POST',
          '/api/v1/media/complete',
          { media_id: session.media_id, finalize_token: session.finalize_token },
          { prefer: `wait=${wait}` },
        );
        if (done.status === 201) return session.media_id;
        if (Date.now() >= deadline)
          throw new Error(`media ${session.media_id} not verified within ${waitSeconds} s (${done.status})`);
      }
    },
  };
}

/** A transcription job of one uploaded media with a profile (oracle by default), as `POST /api/v1/jobs` takes it. */
export const oracleJob = (mediaId: string, profile = 'oracle') => ({
  type: 'transcription',
  input: { type: 'media_ref', media_id: mediaId },
  profile,
  options: { language: 'en' },
});
