// The worker in the real fleet (every service a process, through the gateway): a video is
// transcribed from its audio track; and a job whose every attempt fails on a backend outage ends
// `processing_failed` with its reason (not `worker_lost`, which jobs keeps for dead workers), its
// credits released. The rest of the job life cycle is covered by tests/e2e.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startFleet, synthesizeSpeech, wordErrorRate, type Fleet, eventually, tempDir } from '@tp/testing';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

let fleet: Fleet;
let dir: { path: string; remove(): Promise<void> };
let token: string;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
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
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function upload(path: string, contentType: string, fileName: string): Promise<string> {
  const bytes = await readFile(path);
  const session = await api('POST', '/api/v1/media/upload-session', {
    file_name: fileName,
    content_type: contentType,
    size_bytes: bytes.length,
  });
  assert.equal(session.status, 201, session.text);
  const { upload_url: url, media_id: mediaId, finalize_token: finalizeToken } = session.json().data;
  assert.equal(
    (await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } })).status,
    200,
  );
  const done = await api(
    'POST',
    '/api/v1/media/complete',
    { media_id: mediaId, finalize_token: finalizeToken },
    { prefer: 'wait=20' },
  );
  assert.equal(done.status, 201, done.text);
  return mediaId;
}

async function transcribe(mediaId: string): Promise<string> {
  const created = await api('POST', '/api/v1/jobs', {
    type: 'transcription',
    input: { type: 'media_ref', media_id: mediaId },
    profile: 'oracle',
    options: { language: 'auto' },
  });
  assert.equal(created.status, 202, created.text);
  return created.json().data.job_id;
}

// Job bodies are checked field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ended(jobId: string, timeoutMs = 90_000): Promise<any> {
  return eventually(
    `job ${jobId} to end`,
    async () => {
      const job = (await api('GET', `/api/v1/jobs/${jobId}`)).json().data;
      return ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    },
    timeoutMs,
    200,
  );
}

before(async () => {
  // Two deliveries per ticket keep the outage case short.
  fleet = await startFleet({ without: ['shares'], workerEnv: { WORK_MAX_DELIVER: '2', LOG_LEVEL: 'info' } });
  dir = await tempDir();
  const email = 'worker-fleet@example.com';
  assert.equal((await fleet.tsctl('users', 'create', '--email', email)).code, 0);
  assert.equal(
    (await fleet.tsctl('credits', 'grant', '--email', email, '--credits', '10', '--reason', 'worker test')).code,
    0,
  );
  token = (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'full')).stdout.trim();
});

after(async () => {
  await fleet?.stop();
  await dir?.remove();
});

describe('worker in the fleet', () => {
  it('transcribes the audio track of an MP4 video', async () => {
    const video = await synthesizeSpeech(SENTENCE, { voice: 'rms', format: 'mp4', dir: dir.path, name: 'talk' });
    const jobId = await transcribe(await upload(video, 'video/mp4', 'talk.mp4'));
    const job = await ended(jobId);
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    assert.equal(job.language, 'en');
    const exported = await api('GET', `/api/v1/jobs/${jobId}/export?format=json`);
    assert.equal(exported.status, 200, exported.text);
    const transcript = JSON.parse(exported.text);
    const hypothesis = transcript.segments.map((s: { text: string }) => s.text).join(' ');
    assert.ok(wordErrorRate(SENTENCE, hypothesis).wer <= 0.25, hypothesis);
    assert.equal(transcript.source.engine, 'pocketsphinx');
    // The benchmark reads this line.
    const line = fleet
      .logs('worker')
      .split('\n')
      .find((l) => l.includes('"job transcribed"') && l.includes(jobId));
    assert.ok(line, 'a "job transcribed" line');
    const { audioSeconds, engineMs, rtf } = JSON.parse(line) as { audioSeconds: number; engineMs: number; rtf: number };
    assert.ok(Math.abs(audioSeconds - job.billed_seconds) < 0.001 && engineMs > 0 && rtf > 0, line);
  });

  it('fails a job processing_failed, with its reason, when every attempt meets an outage', async () => {
    const speech = await synthesizeSpeech(SENTENCE, { voice: 'slt', dir: dir.path, name: 'outage' });
    const mediaId = await upload(speech, 'audio/wav', 'outage.wav');
    await fleet.stopService('artifacts');
    try {
      const jobId = await transcribe(mediaId);
      const job = await ended(jobId, 120_000);
      assert.equal(job.status, 'failed');
      assert.equal(job.error.code, 'processing_failed', JSON.stringify(job.error));
      assert.match(
        job.error.message,
        /^Transcription failed after 2 attempts; the last error was: A backend service is unavailable/,
      );
      // jobs releases the hold right after recording the failure.
      await eventually(
        'the hold to be released',
        async () => (await api('GET', '/api/v1/billing/balance')).json().data.reserved_credits === 0,
        10_000,
        100,
      );
    } finally {
      await fleet.startService('artifacts');
    }
  });
});
