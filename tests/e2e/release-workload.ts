// A day of a release's use, recorded for the upgrade test (upgrade.test.ts). Not a test: the
// release snapshot (tools/dev/release-snapshot.ts) copies this file into a worktree of the release's
// commit and runs it there, against that release's own fleet and migrations, then dumps each
// service's schema with the rows this left. Every service that keeps data gets some: a user with a
// password, tokens and preferences, a credit grant, verified media, a job settled with its
// artifact (created with an Idempotency-Key), a public share, a product job whose webhook was
// delivered, and a cancelled job.
// Usage (inside the worktree): RELEASE_OUT=<dir> node tests/e2e/release-workload.ts
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FleetService, startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS } from '@tp/testing';
import { call } from './support/http.ts';
import { balance, createJob, createUser, getJob, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';
import { startReceiver } from './support/receiver.ts';

const out = process.env.RELEASE_OUT;
if (!out) throw new Error('RELEASE_OUT: the folder the dumps and manifest go to');

const SCHEMAS = ['accounts', 'billing', 'media', 'artifacts', 'jobs', 'shares', 'webhook_dispatcher'] as const;
const SERVICE_OF: Record<(typeof SCHEMAS)[number], string> = {
  accounts: 'accounts',
  billing: 'billing',
  media: 'media',
  artifacts: 'artifacts',
  jobs: 'jobs',
  shares: 'shares',
  webhook_dispatcher: 'webhook-dispatcher',
};
const PRIVATE_TARGETS = { EGRESS_ALLOW_PRIVATE_TARGETS: 'true' };

/** The database a running service of the fleet uses (from its environment: the release's Fleet has no accessor). */
function databaseUrlOf(service: string): string {
  const environ = readFileSync(`/proc/${fleet.pid(service as FleetService)}/environ`, 'utf8').split('\0');
  const found = environ.find((entry) => entry.startsWith('DATABASE_URL='));
  if (!found) throw new Error(`${service} runs without DATABASE_URL`);
  return found.slice('DATABASE_URL='.length);
}

const fleet = await startFleet({
  gatewayEnv: { ...UNREACHED_RATE_LIMITS, ...PRIVATE_TARGETS },
  mediaEnv: PRIVATE_TARGETS,
  webhookDispatcherEnv: PRIVATE_TARGETS,
});
const dir = await mkdtemp(join(tmpdir(), 'tp-release-workload-'));
try {
  const ada = await createUser(fleet, 'ada', '25');
  const api = (method: string, path: string, body?: unknown) =>
    call(fleet.gatewayUrl, method, path, { token: ada.token, body });
  const speech = await synthesizeSpeech('Open the window and let the fresh air in.', { voice: 'slt', dir });

  // The main interface: media, a job to succeeded, its artifact shared.
  const mediaId = await uploadMedia(fleet, ada.token, speech);
  // With an Idempotency-Key: the upgrade test replays it (the hash of the request must not change).
  const idempotencyKey = 'release-first-job';
  const created = await createJob(fleet, ada.token, transcribe(mediaId), { 'idempotency-key': idempotencyKey });
  assert.equal(created.status, 202, created.text);
  const job = await waitForJob(fleet, ada.token, created.body.data.job_id);
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  const artifactId = job.artifact_ids[0] as string;
  const shared = await api('POST', '/api/v1/shares', {
    artifact_id: artifactId,
    share_kind: 'transcript',
    access_scope: 'everyone',
  });
  assert.equal(shared.status, 201, shared.text);
  const prefs = await api('PATCH', '/api/v1/account/app-experience', { theme: 'dark' });
  assert.equal(prefs.status, 200, prefs.text);

  // A cancelled job: queued behind nothing, cancelled before or while it runs.
  const second = await createJob(fleet, ada.token, transcribe(mediaId));
  const cancelled = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${second.body.data.job_id}`, {
    token: ada.token,
  });
  assert.equal(cancelled.status, 200, cancelled.text);

  // The product interface: an upload and a job with a webhook, delivered.
  const secret = randomBytes(24).toString('hex');
  // Release 0.1.0's /openapi.json predates its `webhooks` section.
  const receiver = await startReceiver({ secret, contractFrom: null });
  const form = new FormData();
  form.append('file', new Blob([await readFile(speech)], { type: 'audio/wav' }), 'speech.wav');
  const upload = await fetch(`${fleet.gatewayUrl}/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${ada.token}` },
  });
  assert.equal(upload.status, 201, await upload.clone().text());
  const { fileUrl } = ((await upload.json()) as { data: { fileUrl: string } }).data;
  const product = await call(fleet.gatewayUrl, 'POST', '/transcribe', {
    token: ada.token,
    body: { audio_url: fileUrl, model: 'oracle', language: 'en', webhook_url: receiver.url, webhook_secret: secret },
  });
  assert.equal(product.status, 202, product.text);
  const productJobId = product.body.data.jobId as string;
  await waitForJob(fleet, ada.token, productJobId);
  const deadline = Date.now() + 120_000;
  while (!receiver.received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  assert.ok(receiver.received.length > 0, 'the webhook was delivered');
  await receiver.close();

  const cancelledJobId = second.body.data.job_id as string;
  const shareId = shared.body.data.share_id as string;
  const read = async (path: string) => {
    const res = await api('GET', path);
    assert.equal(res.status, 200, res.text);
    return res.body.data;
  };
  // What the release answered, kept to compare what the upgraded fleet answers.
  const manifest = {
    user: { email: ada.email, token: ada.token },
    mediaId,
    idempotencyKey,
    jobId: job.job_id,
    cancelledJobId,
    productJobId,
    artifactId,
    shareId,
    balance: await balance(fleet, ada.token),
    answers: {
      [`/api/v1/jobs/${job.job_id}`]: await getJob(fleet, ada.token, job.job_id),
      [`/api/v1/jobs/${cancelledJobId}`]: await getJob(fleet, ada.token, cancelledJobId),
      [`/api/v1/shares/${shareId}`]: await read(`/api/v1/shares/${shareId}`),
      [`/api/v1/media/${mediaId}`]: await read(`/api/v1/media/${mediaId}`),
      [`/transcribe/${productJobId}`]: await read(`/transcribe/${productJobId}`),
      '/api/v1/account/app-experience': await read('/api/v1/account/app-experience'),
    },
  };
  await writeFile(join(out, 'workload.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const schema of SCHEMAS) {
    const url = new URL(databaseUrlOf(SERVICE_OF[schema]));
    url.search = '';
    const dump = execFileSync(
      'pg_dump',
      ['--dbname', url.toString(), '--schema', schema, '--no-owner', '--no-privileges', '--inserts', '--no-comments'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    // psql meta-commands (\restrict in newer pg_dump) are not SQL; the loader runs SQL only.
    const sql = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    await writeFile(join(out, `${schema}.sql`), sql);
  }
} finally {
  await fleet.stop();
  await rm(dir, { recursive: true, force: true });
}
