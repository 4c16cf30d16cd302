// The fleet of the product back-end tests (POST /upload, POST /transcribe, GET /transcribe/{jobId}
// and the webhook deliveries): every service but shares, private targets allowed (the receivers
// and the remote file server listen on loopback), a short retry schedule, job creation counted at
// a limit it never reaches; ada with credits, and a spoken sentence.
// useProductFleet() starts it for the test file that calls it; the bindings below hold its parts.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  eventually,
  type Fleet,
  type FleetOptions,
  type FleetService,
  startFleet,
  synthesizeSpeech,
  UNREACHED_RATE_LIMITS,
} from '@tp/testing';
import { call, type CallResult } from './http.ts';
import { createUser, type TestUser } from './jobs.ts';
import type { Received } from './receiver.ts';

export const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';
/** The fleet's name of the webhook dispatcher (killed and restarted by the fault tests). */
export const DISPATCHER: FleetService = 'webhook-dispatcher';
const TERMINAL = ['COMPLETED', 'FAILED', 'CANCELLED'];

/**
 * The waits between attempts (the first is at once): a few hundred milliseconds growing to
 * seconds, long enough that a test sees a delivery pending between attempts, short enough that
 * the whole schedule (about 16 s, jittered by the dispatcher) never holds a test up for long.
 */
export const RETRY_WAITS = ['300ms', '600ms', '1s', '1s', '1s', '2s', '2s', '3s', '5s'];
const SHORT_RETRY_SCHEDULE = { WEBHOOK_RETRY_SCHEDULE: RETRY_WAITS.join(',') };
const PRIVATE_TARGETS = { EGRESS_ALLOW_PRIVATE_TARGETS: 'true' };

export let fleet: Fleet;
export let dir: string;
/** The sentence spoken by flite (16 kHz mono WAV). */
export let speech: string;
export let ada: TestUser;

export interface ProductFleetOptions {
  dispatcherEnv?: Record<string, string>;
  mediaEnv?: Record<string, string>;
  without?: FleetOptions['without'];
}

export function useProductFleet(options: ProductFleetOptions = {}): void {
  // A start the hook gave up on (its timeout, on a busy machine) goes on: `after` stops it once it
  // ends, so its processes do not hold the test file open.
  let starting: Promise<Fleet> | undefined;
  before(async () => {
    starting = startFleet({
      without: ['shares', ...(options.without ?? [])],
      // The gateway's calls to the services may take far longer than production's 5 s here: the
      // modules run side by side beside other fleets on two cores (as the jobs world's, jobs/world.ts).
      gatewayEnv: { ...UNREACHED_RATE_LIMITS, ...PRIVATE_TARGETS, BACKEND_DEADLINE_MS: '30000' },
      mediaEnv: { ...PRIVATE_TARGETS, ...options.mediaEnv },
      webhookDispatcherEnv: { ...PRIVATE_TARGETS, ...SHORT_RETRY_SCHEDULE, ...options.dispatcherEnv },
    });
    fleet = await starting;
    dir = await mkdtemp(join(tmpdir(), 'tp-e2e-product-'));
    [speech, ada] = await Promise.all([
      synthesizeSpeech(SENTENCE, { voice: 'rms', dir }),
      createUser(fleet, 'ada', '10'),
    ]);
  });

  after(async () => {
    await (fleet ?? (await starting?.catch(() => undefined)))?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}

export const api = (
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(fleet.gatewayUrl, method, path, { token: user.token, body, headers });

export interface Uploaded {
  fileUrl: string;
  mediaId: string;
}

const uploaded = (res: CallResult): Uploaded => {
  assert.equal(res.status, 201, res.text);
  return { fileUrl: res.body.data.fileUrl, mediaId: res.body.data.mediaId };
};

/** POST /upload with JSON and data_base64 (up to 4 MiB decoded). */
export async function uploadInline(user: TestUser, path: string, contentType = 'audio/wav'): Promise<Uploaded> {
  const bytes = await readFile(path);
  const fileName = path.split('/').at(-1);
  return uploaded(
    await api(user, 'POST', '/upload', {
      file_name: fileName,
      content_type: contentType,
      data_base64: bytes.toString('base64'),
    }),
  );
}

/** POST /upload as multipart/form-data with a `file` field. */
export async function uploadMultipart(user: TestUser, path: string, contentType = 'audio/wav'): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(path)], { type: contentType }), path.split('/').at(-1));
  const res = await fetch(`${fleet.gatewayUrl}/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${user.token}` },
  });
  const text = await res.text();
  return uploaded({ status: res.status, text, body: JSON.parse(text), headers: res.headers });
}

// The signed form's answer is checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UploadForm = any;

/** POST /upload with JSON and no bytes: the signed form. */
export async function uploadForm(user: TestUser, fileName: string, contentType = 'audio/wav'): Promise<UploadForm> {
  const res = await api(user, 'POST', '/upload', { file_name: fileName, content_type: contentType });
  assert.equal(res.status, 201, res.text);
  return res.body.data;
}

/**
 * Posts the bytes to a signed form the way a browser does: its fields first, the file last. The
 * object's type is the form's Content-Type field: `contentType` replaces it (the policy fixes it).
 */
export async function postToForm(form: UploadForm, bytes: Uint8Array, contentType: string, fileName = 'talk.wav') {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.upload.fields as Record<string, string>))
    body.append(name, name.toLowerCase() === 'content-type' ? contentType : value);
  body.append('file', new Blob([bytes], { type: contentType }), fileName);
  const res = await fetch(form.upload.url, { method: 'POST', body });
  return { status: res.status, text: await res.text() };
}

/** Uploads through a signed form: the form, then the bytes to storage. */
export async function uploadByForm(user: TestUser, path: string, contentType = 'audio/wav'): Promise<Uploaded> {
  const form = await uploadForm(user, path.split('/').at(-1)!, contentType);
  const posted = await postToForm(form, await readFile(path), contentType);
  assert.ok(posted.status >= 200 && posted.status < 300, `storage answered ${posted.status}: ${posted.text}`);
  return { fileUrl: form.fileUrl, mediaId: form.mediaId };
}

export const transcribe = (user: TestUser, body: object, headers: Record<string, string> = {}) =>
  api(user, 'POST', '/transcribe', body, headers);

/**
 * POST /transcribe, sent again while it answers 409 media_not_ready, as the answer tells a client
 * to: on a remote or form file it waits a few seconds for media's verification (COMPLETE_WAIT_MS),
 * which a busy machine can take longer than. A remote file is fetched again each time.
 */
export function transcribeVerified(user: TestUser, body: object): Promise<CallResult> {
  const notReady = (res: CallResult) => res.status === 409 && res.body?.detail?.code === 'media_not_ready';
  return eventually(
    'POST /transcribe on verified media',
    async () => {
      const res = await transcribe(user, body);
      return notReady(res) ? undefined : res;
    },
    120_000,
    500,
  );
}

// Product job views and deliveries are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ProductView = any;

export async function productJob(user: TestUser, jobId: string): Promise<ProductView> {
  const res = await api(user, 'GET', `/transcribe/${jobId}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Polls GET /transcribe/{jobId} until the job has ended; returns its view. */
export async function waitForProductJob(user: TestUser, jobId: string, timeoutMs = 120_000): Promise<ProductView> {
  let job: ProductView = null;
  await eventually(
    `job ${jobId} ended`,
    async () => TERMINAL.includes((job = await productJob(user, jobId)).status),
    timeoutMs,
    100,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; job is ${JSON.stringify(job)}\nworker log:\n${fleet.logs('worker').slice(-3000)}`);
  });
  return job;
}

/** The body of a delivery `r` that tells of the job's end: `more` is the result (or none, where it has none). */
export function deliveryBody(r: Received, jobId: string, status: 'COMPLETED' | 'CANCELLED', more: object = {}) {
  return {
    type: `transcription.${status.toLowerCase()}`,
    delivery_id: r.deliveryId,
    jobId,
    status,
    occurred_at: r.body.occurred_at,
    result_omitted: false,
    ...more,
  };
}

export async function deliveriesOf(user: TestUser, jobId: string): Promise<ProductView[]> {
  const res = await api(user, 'GET', `/transcribe/${jobId}/deliveries`);
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Waits until the job's only delivery satisfies `until`; returns it. */
export async function waitForDelivery(
  user: TestUser,
  jobId: string,
  until: (delivery: ProductView) => boolean,
  what: string,
): Promise<ProductView> {
  let delivery: ProductView = null;
  await eventually(
    `${what} (job ${jobId})`,
    async () => {
      [delivery] = await deliveriesOf(user, jobId);
      return delivery !== undefined && until(delivery);
    },
    120_000,
    100,
  ).catch((err: Error) => {
    throw new Error(
      `${err.message}; delivery is ${JSON.stringify(delivery)}\ndispatcher log:\n${fleet.logs(DISPATCHER).slice(-3000)}`,
    );
  });
  return delivery;
}
