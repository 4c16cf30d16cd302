// A client-local job (ADR 0023) through the gateway of a real fleet: the user's device runs the
// model and reports to the platform, which keeps the job, its transcript artifact and its exports.
// Its whole life (create, progress, deliver, export), the refusals a user meets, and the idle
// timeout (a fleet whose jobs give a silent device 10 s).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, type Fleet, startFleet, synthesizeSpeech } from '@tp/testing';
import { call } from './support/http.ts';
import { balance, getJob, uploadMedia, waitForJob } from './support/jobs.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';
const IDLE_TIMEOUT_MS = 10_000;

let fleet: Fleet;
let dir: string;
let speech: string;
/** Granted jobs.client_local and 10 credits; `plain` has the credits only. */
let device: { token: string; mediaId: string };
let plain: { token: string; mediaId: string };

async function user(name: string, features: string[]): Promise<{ token: string; mediaId: string }> {
  const email = `${name}@example.com`;
  const tsctl = async (...args: string[]) => {
    const result = await fleet.tsctl(...args);
    assert.equal(result.code, 0, result.stderr);
    return result.stdout.trim();
  };
  await tsctl('users', 'create', '--email', email);
  for (const feature of features) await tsctl('features', 'grant', '--email', email, '--feature', feature);
  await tsctl('credits', 'grant', '--email', email, '--credits', '10', '--reason', 'e2e');
  const token = await tsctl('tokens', 'create', '--email', email, '--preset', 'full');
  return { token, mediaId: await uploadMedia(fleet, token, speech, 'audio/wav', 'fox.wav') };
}

before(async () => {
  fleet = await startFleet({
    without: ['shares'],
    jobsEnv: { CLIENT_LOCAL_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS), RECONCILE_INTERVAL_MS: '500' },
  });
  dir = await mkdtemp(join(tmpdir(), 'tp-e2e-client-local-'));
  speech = await synthesizeSpeech(SENTENCE, { voice: 'rms', dir });
  device = await user('device', ['jobs.client_local']);
  plain = await user('plain', []);
});

after(async () => {
  await fleet?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const post = (token: string, path: string, body: unknown) => call(fleet.gatewayUrl, 'POST', path, { token, body });
const createLocal = (who: { token: string; mediaId: string }, profile = 'base') =>
  post(who.token, '/api/v1/jobs', {
    input: { type: 'media_ref', media_id: who.mediaId },
    profile,
    options: { language: 'en' },
    execution_mode: 'client_local',
  });

/** What the device's model heard: the sentence's words spread over the media, one segment per sentence. */
function transcriptOf(duration: number, end = duration) {
  const sentences = SENTENCE.split(/(?<=\.) /);
  const words = sentences.map((s) => s.split(' '));
  const step = end / words.flat().length;
  let at = 0;
  const segments = words.map((line, i) => {
    const start = at;
    const timed = line.map((text) => {
      const word = { text, start: at, end: at + step * 0.9, confidence: 0.9, speaker: null };
      at += step;
      return word;
    });
    return { id: `s${i + 1}`, start, end: timed.at(-1)!.end, text: sentences[i]!, speaker: null, words: timed };
  });
  const source = { media_id: null, job_id: null, profile: null, engine: 'device-whisper' };
  return { version: 1, language: 'en', duration: end, speakers: [], segments, translation: null, source };
}

describe('a client-local job', () => {
  let job: { job_id: string; media_duration_seconds: number };

  it('is created queued, waiting for the device, with nothing reserved', async () => {
    const res = await createLocal(device);
    assert.equal(res.status, 202, res.text);
    job = res.body.data;
    assert.deepEqual(
      [res.body.data.status, res.body.data.execution_mode, res.body.data.queue_reason, res.body.data.queue_position],
      ['queued', 'client_local', 'waiting_for_device', null],
    );
    assert.equal(res.body.data.credits_reserved, 0);
    const queue = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue', { token: device.token });
    assert.equal(queue.body.data.total_queued, 0, 'it waits in no queue');
    const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs', { token: device.token });
    assert.ok(listed.body.data.some((j: { job_id: string }) => j.job_id === job.job_id));
  });

  it('runs once the device reports progress, and succeeds with the transcript it delivers', async () => {
    const progress = await post(device.token, `/api/v1/jobs/${job.job_id}/progress`, { progress: 40 });
    assert.equal(progress.status, 200, progress.text);
    assert.deepEqual([progress.body.data.status, progress.body.data.progress], ['running', 40]);
    const delivered = await post(device.token, `/api/v1/jobs/${job.job_id}/transcript`, {
      transcript: transcriptOf(job.media_duration_seconds),
    });
    assert.equal(delivered.status, 200, delivered.text);
    const done = await getJob(fleet, device.token, job.job_id);
    assert.deepEqual([done.status, done.progress, done.language, done.error], ['succeeded', 100, 'en', null]);
    assert.equal(done.billed_seconds, job.media_duration_seconds);
    assert.deepEqual([done.credits_reserved, done.credits_charged], [0, 0]);
    const after = await balance(fleet, device.token);
    assert.deepEqual([after.available_credits, after.reserved_credits], [10, 0], 'the balance is unchanged');
  });

  it('exports as SRT and JSON and lists its artifact, like any transcription', async () => {
    const exported = (query: string) =>
      call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${job.job_id}/export?${query}`, { token: device.token });
    const srt = await exported('format=srt');
    assert.equal(srt.status, 200, srt.text);
    assert.match(srt.headers.get('content-type') ?? '', /^application\/x-subrip/);
    assert.match(srt.text, /^1\r?\n00:00:00,000 --> /);
    assert.ok(srt.text.includes('The quick brown fox'), srt.text);
    const json = await exported('format=json');
    assert.equal(json.status, 200, json.text);
    const transcript = JSON.parse(json.text);
    assert.deepEqual(transcript.source, {
      media_id: device.mediaId,
      job_id: job.job_id,
      profile: 'base',
      engine: 'device-whisper',
    });
    const artifacts = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${job.job_id}/artifacts`, {
      token: device.token,
    });
    assert.equal(artifacts.status, 200, artifacts.text);
    assert.deepEqual(
      artifacts.body.data.map((a: { artifact_type: string; job_id: string }) => [a.artifact_type, a.job_id]),
      [['transcript', job.job_id]],
    );
    const again = await post(device.token, `/api/v1/jobs/${job.job_id}/progress`, { progress: 100 });
    assert.deepEqual([again.status, again.body.detail.code], [409, 'job_not_running']);
  });
});

describe('client-local refusals', () => {
  it('403 feature_required without the feature, 422 on a profile without the mode', async () => {
    const denied = await createLocal(plain);
    assert.equal(denied.status, 403, denied.text);
    assert.deepEqual(
      [denied.body.detail.code, denied.body.detail.feature_key],
      ['feature_required', 'jobs.client_local'],
    );
    const oracle = await createLocal(device, 'oracle');
    assert.equal(oracle.status, 422, oracle.text);
    assert.deepEqual(oracle.body.detail[0].loc, ['body', 'execution_mode']);
    assert.equal(oracle.body.detail[0].type, 'unsupported_option');
    assert.deepEqual(oracle.body.detail[0].ctx, { execution_modes: ['cloud'] });
  });

  it('409 job_not_running for progress after a cancel', async () => {
    const { job_id } = (await createLocal(device)).body.data;
    const cancelled = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${job_id}`, { token: device.token });
    assert.deepEqual([cancelled.status, cancelled.body.data.status], [200, 'cancelled']);
    const late = await post(device.token, `/api/v1/jobs/${job_id}/progress`, { progress: 50 });
    assert.deepEqual([late.status, late.body.detail.code], [409, 'job_not_running']);
    assert.match(late.body.detail.message, /is cancelled/);
  });

  it('422 for an invalid transcript and one past the media’s end; the job stays running', async () => {
    const { job_id, media_duration_seconds } = (await createLocal(device)).body.data;
    await post(device.token, `/api/v1/jobs/${job_id}/progress`, { progress: 90 });
    const invalid = await post(device.token, `/api/v1/jobs/${job_id}/transcript`, {
      transcript: { ...transcriptOf(media_duration_seconds), language: 'english!' },
    });
    assert.equal(invalid.status, 422, invalid.text);
    assert.deepEqual(invalid.body.detail[0].loc, ['body', 'transcript', 'language']);
    const late = await post(device.token, `/api/v1/jobs/${job_id}/transcript`, {
      transcript: transcriptOf(media_duration_seconds, media_duration_seconds + 3),
    });
    assert.equal(late.status, 422, late.text);
    assert.deepEqual(late.body.detail[0].loc, ['body', 'transcript', 'duration']);
    assert.match(late.body.detail[0].msg, /past the end of the media/);
    const still = await getJob(fleet, device.token, job_id);
    assert.deepEqual([still.status, still.progress, still.artifact_ids], ['running', 90, []]);
    await call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${job_id}`, { token: device.token });
  });
});

describe('a device that goes silent', () => {
  it('fails its job device_timeout after the idle timeout', async () => {
    const { job_id } = (await createLocal(device)).body.data;
    await post(device.token, `/api/v1/jobs/${job_id}/progress`, { progress: 10 });
    const failed = await waitForJob(fleet, device.token, job_id, (j) => j.status !== 'running', 4 * IDLE_TIMEOUT_MS);
    assert.equal(failed.status, 'failed');
    assert.deepEqual(failed.error, {
      code: 'device_timeout',
      message: 'No progress report or transcript came from the device for 10 seconds; the job failed.',
    });
    const late = await post(device.token, `/api/v1/jobs/${job_id}/transcript`, { transcript: transcriptOf(1) });
    assert.deepEqual([late.status, late.body.detail.code], [409, 'job_not_running']);
    await eventually('nothing held', async () => (await balance(fleet, device.token)).reserved_credits === 0);
  });
});
