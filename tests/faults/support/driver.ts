// A client of the platform through a fault: it uploads media, creates jobs and saves transcript
// versions the documented way, retries what a client retries (with the same Idempotency-Key),
// and records every 2xx in `Acknowledged`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Fleet } from '@tp/testing';
import { Acknowledged, type Answer, call, retrying } from './client.ts';

export interface User {
  id: string;
  email: string;
  token: string;
  /** Micro-credits granted. */
  grantedMicro: number;
}

/** How long a client keeps trying through an outage (a restart takes seconds; a loaded machine, more). */
export const CLIENT_PATIENCE_MS = 90_000;

const newKey = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

export async function createUser(fleet: Fleet, name: string, credits: number): Promise<User> {
  const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
  const created = await fleet.tsctl('users', 'create', '--email', email);
  assert.equal(created.code, 0, created.stderr);
  const token = (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'full')).stdout.trim();
  const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', String(credits));
  assert.equal(granted.code, 0, granted.stderr);
  return { id: JSON.parse(created.stdout).user_id, email, token, grantedMicro: credits * 1_000_000 };
}

export class Driver {
  readonly acknowledged = new Acknowledged();
  readonly fleet: Fleet;
  readonly user: User;

  constructor(fleet: Fleet, user: User) {
    this.fleet = fleet;
    this.user = user;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const answer = await call(this.fleet.gatewayUrl, method, path, {
      token: this.user.token,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    if (answer.status === 0 || answer.status >= 500)
      this.acknowledged.failures.set(answer.status, (this.acknowledged.failures.get(answer.status) ?? 0) + 1);
    if (answer.status === 500) {
      const route = `${method} ${path.replace(/[a-z]{3}_[0-9a-z]+/g, '{id}').replace(/\?.*/, '')}`;
      this.acknowledged.internalErrors.push(`${route}: ${answer.body?.detail?.message ?? answer.text.slice(0, 120)}`);
    }
    return answer;
  }

  /** Upload session → PUT → complete, each step retried; the media id, or undefined when the platform never took it. */
  async upload(path: string, fileName: string): Promise<string | undefined> {
    const bytes = await readFile(path);
    const sessionBody = { file_name: fileName, content_type: 'audio/wav', size_bytes: bytes.length };
    const key = newKey('upload');
    const session = await retrying(
      () => this.call('POST', '/api/v1/media/upload-session', sessionBody, { 'idempotency-key': key }),
      CLIENT_PATIENCE_MS,
    );
    if (session.status !== 201) return undefined;
    const s = session.body.data as { upload_url: string; media_id: string; finalize_token: string };
    this.acknowledged.media.set(s.media_id, { completed: false });
    const put = await retrying(async () => {
      try {
        const res = await fetch(s.upload_url, { method: 'PUT', body: bytes, headers: { 'content-type': 'audio/wav' } });
        return { status: res.status, body: null, text: await res.text() };
      } catch (err) {
        return { status: 0, body: null, text: (err as Error).message };
      }
    }, CLIENT_PATIENCE_MS);
    if (put.status !== 200) return undefined;
    const completeBody = { media_id: s.media_id, finalize_token: s.finalize_token };
    const done = await retrying(
      () => this.call('POST', '/api/v1/media/complete', completeBody, { prefer: 'wait=20' }),
      CLIENT_PATIENCE_MS,
    );
    if (done.status !== 201 && done.status !== 202) return undefined;
    this.acknowledged.media.set(s.media_id, { completed: true });
    return s.media_id;
  }

  /** POST /jobs under one Idempotency-Key, repeated through an outage; the job id once answered 202. */
  async createJob(mediaId: string): Promise<string | undefined> {
    const key = newKey('job');
    const body = { type: 'transcription', input: { type: 'media_ref', media_id: mediaId }, profile: 'oracle' };
    const answer = await retrying(
      () => this.call('POST', '/api/v1/jobs', body, { 'idempotency-key': key }),
      CLIENT_PATIENCE_MS,
    );
    if (answer.status !== 202) return undefined;
    const jobId = answer.body.data.job_id as string;
    this.acknowledged.job(key, jobId);
    // The same key again answers the same job (a client that lost the first answer sees no second job).
    const replay = await retrying(
      () => this.call('POST', '/api/v1/jobs', body, { 'idempotency-key': key }),
      CLIENT_PATIENCE_MS,
    );
    if (replay.status === 202) this.acknowledged.job(key, replay.body.data.job_id);
    return jobId;
  }

  /** A user's edit: a new version of a transcript artifact, retried through an outage under one Idempotency-Key (ADR 0035). */
  async saveVersion(artifactId: string, transcript: unknown): Promise<string | undefined> {
    const body = { payload: transcript, note: newKey('edit') };
    const key = newKey('version');
    const answer = await retrying(
      () => this.call('POST', `/api/v1/artifacts/${artifactId}/versions`, body, { 'idempotency-key': key }),
      CLIENT_PATIENCE_MS,
    );
    if (answer.status !== 201) return undefined;
    const versionId = answer.body.data.version.version_id as string;
    this.acknowledged.versions.set(versionId, artifactId);
    return versionId;
  }

  async job(jobId: string): Promise<Answer> {
    return retrying(() => this.call('GET', `/api/v1/jobs/${jobId}`), CLIENT_PATIENCE_MS);
  }
}
