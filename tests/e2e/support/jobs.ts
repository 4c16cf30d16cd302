// What a client does around jobs: users with credits, media uploaded the documented way
// (upload session → PUT → complete, through the SDK), jobs polled until they end. Tests that
// send what the SDK would not (malformed bodies, raw headers) keep call().
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { promisify } from 'node:util';
import { type Client, createClient } from '@tp/sdk';
import { eventually, type Fleet } from '@tp/testing';
import { call } from './http.ts';

/** The SDK's client of the fleet's gateway, as a user. */
export const sdkOf = (fleet: Fleet, token: string): Client => createClient({ baseUrl: fleet.gatewayUrl, token });

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export async function createUser(fleet: Fleet, name: string, credits: string | null): Promise<TestUser> {
  const email = `${name}@example.com`;
  const created = await fleet.tsctl('users', 'create', '--email', email);
  assert.equal(created.code, 0, created.stderr);
  const token = (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'full')).stdout.trim();
  if (credits !== null) {
    const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', credits, '--reason', 'e2e');
    assert.equal(granted.code, 0, granted.stderr);
  }
  return { id: JSON.parse(created.stdout).user_id, email, token };
}

/** A read-only token (preset read-only) of the user with this email. */
export async function readOnlyToken(fleet: Fleet, email: string): Promise<string> {
  return (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'read-only')).stdout.trim();
}

/** Uploads a file through an upload session and waits for verification; returns the media id. */
export async function uploadMedia(
  fleet: Fleet,
  token: string,
  path: string,
  contentType = 'audio/wav',
  fileName = path.split('/').pop()!,
): Promise<string> {
  const file = await openAsBlob(path);
  const media = await sdkOf(fleet, token).uploadFile({ file, fileName, contentType });
  assert.equal(media.status, 'ready');
  return media.media_id;
}

export async function createJob(fleet: Fleet, token: string, body: object, headers: Record<string, string> = {}) {
  return call(fleet.gatewayUrl, 'POST', '/api/v1/jobs', { token, body, headers });
}

export const transcribe = (mediaId: string, profile = 'oracle') => ({
  type: 'transcription',
  input: { type: 'media_ref', media_id: mediaId },
  profile,
  options: { language: 'en' },
});

// Job bodies are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobBody = any;

export async function getJob(fleet: Fleet, token: string, jobId: string): Promise<JobBody> {
  return sdkOf(fleet, token).GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: jobId } } });
}

/** Polls the job until `until` holds (default: it has ended); returns the job. */
export async function waitForJob(
  fleet: Fleet,
  token: string,
  jobId: string,
  until: (job: JobBody) => boolean = (j) => ['succeeded', 'failed', 'cancelled'].includes(j.status),
  timeoutMs = 120_000,
): Promise<JobBody> {
  let job: JobBody = null;
  await eventually(`job ${jobId}`, async () => until((job = await getJob(fleet, token, jobId))), timeoutMs, 100).catch(
    (err: Error) => {
      throw new Error(
        `${err.message}; job is ${JSON.stringify(job)}\nworker log:\n${fleet.logs('worker').slice(-3000)}`,
      );
    },
  );
  return job;
}

export async function balance(
  fleet: Fleet,
  token: string,
): Promise<{ available_credits: number; reserved_credits: number; total_credits: number }> {
  return sdkOf(fleet, token).GET('/api/v1/billing/balance');
}

/** `ffmpeg -i in.<ext> out.<ext>`: what a real player's parser accepts. Asynchronous: tests beside it go on meanwhile. */
export async function ffmpegConverts(input: string, output: string): Promise<{ ok: boolean; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', input, output]);
    return { ok: true, stderr };
  } catch (err) {
    return { ok: false, stderr: String((err as { stderr?: string }).stderr ?? err) };
  }
}

/** Child processes of a process (the worker's ffmpeg and engine), from /proc. */
export function childrenOf(pid: number): number[] {
  const result = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

/** A longer recording: the same file played `times` times in a row. */
export function repeatAudio(input: string, times: number, output: string): string {
  const result = spawnSync(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-stream_loop', String(times - 1), '-i', input, '-c', 'copy', output],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  return output;
}
