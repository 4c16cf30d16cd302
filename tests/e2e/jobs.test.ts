// A transcription job from upload to export, through the gateway, with the real worker and
// PocketSphinx: queued, run, exported in every format, kept from other users; then /format on
// its transcript and the OpenAPI document of the job routes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findProfile, priceForSeconds } from '@tp/catalog';
import { wordErrorRate } from '@tp/testing';
import { call } from './support/http.ts';
import { balance, createJob, ffmpegConverts, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';
import { ada, bob, dir, exportOf, fleet, SENTENCE, speech, useJobsFleet } from './support/jobs-fleet.ts';

/** Word error rate PocketSphinx stays under on this flite voice (measured: about 0.07). */
const WER_BOUND = 0.25;
const MICRO = 1_000_000;

useJobsFleet();

// The steps of one job, in order.
let jobId: string;
let mediaId: string;

it('queues with Idempotency-Key, replays it, and refuses the key with another body', async () => {
  mediaId = await uploadMedia(fleet, ada.token, speech, 'audio/wav', 'Fox & Seashells.wav');
  const body = transcribe(mediaId);
  const first = await createJob(fleet, ada.token, body, { 'idempotency-key': 'fox-1' });
  assert.equal(first.status, 202, first.text);
  const job = first.body.data;
  assert.match(job.job_id, /^job_/);
  assert.equal(job.status, 'queued');
  assert.equal(job.type, 'transcription');
  assert.equal(job.profile, 'oracle');
  assert.equal(job.engine, 'pocketsphinx');
  assert.deepEqual(job.input, { type: 'media_ref', media_id: mediaId });
  assert.equal(job.title, 'Fox & Seashells.wav');
  assert.equal(
    Math.round(job.credits_reserved * MICRO),
    priceForSeconds(findProfile('oracle')!, job.media_duration_seconds),
    'the hold is the media duration at the profile rate',
  );
  jobId = job.job_id;

  const replay = await createJob(fleet, ada.token, body, { 'idempotency-key': 'fox-1' });
  assert.equal(replay.status, 202);
  assert.equal(replay.body.data.job_id, jobId, 'the same job, not a second one');
  const conflict = await createJob(
    fleet,
    ada.token,
    { ...body, profile: 'oracle-mini' },
    { 'idempotency-key': 'fox-1' },
  );
  assert.equal(conflict.status, 409);
  assert.equal(conflict.body.detail.code, 'idempotency_conflict');
  const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs', { token: ada.token });
  assert.deepEqual(
    listed.body.data.map((j: { job_id: string }) => j.job_id),
    [jobId],
    'one job for the key',
  );
});

it('runs to succeeded with the sentence recognised, words timed, and credits settled to the micro-credit', async () => {
  const job = await waitForJob(fleet, ada.token, jobId);
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  assert.equal(job.progress, 100);
  assert.equal(job.queue_position, null);
  assert.equal(job.language, 'en');
  assert.equal(job.language_detected, false, 'pocketsphinx assumes English; it detects nothing');
  assert.equal(job.error, null);
  assert.equal(job.artifact_ids.length, 1);
  assert.ok(job.started_at && job.finished_at && job.finished_at >= job.started_at);
  assert.ok(
    Math.abs(job.billed_seconds - job.media_duration_seconds) < 0.05,
    `billed ${job.billed_seconds} s of ${job.media_duration_seconds} s`,
  );
  const charged = priceForSeconds(findProfile('oracle')!, job.billed_seconds);
  assert.equal(Math.round(job.credits_charged * MICRO), charged);
  const after = await balance(fleet, ada.token);
  assert.equal(
    Math.round(after.available_credits * MICRO),
    10 * MICRO - charged,
    'exactly the price of the seconds transcribed is spent',
  );
  assert.equal(after.reserved_credits, 0, 'the hold is gone');

  const json = await exportOf(ada, jobId, 'format=json');
  assert.equal(json.status, 200);
  const transcript = JSON.parse(json.text);
  assert.equal(transcript.language, 'en');
  assert.equal(transcript.source.job_id, jobId);
  assert.equal(transcript.source.engine, 'pocketsphinx');
  const words = transcript.segments.flatMap(
    (s: { words: { text: string; start: number; end: number; confidence: number }[] }) => s.words,
  );
  const wer = wordErrorRate(SENTENCE, words.map((w: { text: string }) => w.text).join(' '));
  assert.ok(
    wer.wer <= WER_BOUND,
    `word error rate ${wer.wer.toFixed(3)} above ${WER_BOUND}: ${words.map((w: { text: string }) => w.text).join(' ')}`,
  );
  for (const [i, w] of words.entries()) {
    assert.ok(w.end >= w.start && w.confidence >= 0 && w.confidence <= 1, JSON.stringify(w));
    if (i > 0) assert.ok(w.start >= words[i - 1].end, 'words are ordered');
  }
  assert.ok(words.at(-1).end <= transcript.duration + 0.001);
  // What GET /models promised of the profile: every word timed, in a language it lists.
  const models = await call(fleet.gatewayUrl, 'GET', '/api/v1/models');
  const oracle = models.body.data.find((m: { id: string }) => m.id === 'oracle');
  assert.equal(oracle.capabilities.word_timestamps, true);
  assert.ok(words.length > 0 && oracle.capabilities.languages.includes(transcript.language));
});

it('exports text, json, srt and vtt with their types, file names and options', async () => {
  const text = await exportOf(ada, jobId, 'format=text&include_timestamps=true');
  assert.equal(text.status, 200);
  assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.match(text.headers.get('content-disposition')!, /^attachment; filename="Fox Seashells\.txt"/);
  assert.match(text.text, /^\[00:00:0\d\] the quick brown/i);

  const compact = await exportOf(ada, jobId, 'format=json&pretty=false&include_word_timestamps=false');
  assert.match(compact.headers.get('content-type')!, /^application\/json/);
  assert.ok(!compact.text.includes('\n  '), 'compact JSON');
  assert.ok(
    JSON.parse(compact.text).segments.every((s: { words: unknown[] }) => s.words.length === 0),
    'no word timings',
  );

  const srt = await exportOf(ada, jobId, 'format=srt&max_chars_per_entry=24');
  assert.equal(srt.status, 200);
  assert.match(srt.headers.get('content-type')!, /^application\/x-subrip/);
  assert.match(srt.headers.get('content-disposition')!, /filename="Fox Seashells\.srt"/);
  const cues = srt.text.trim().split(/\n\n+/);
  assert.ok(cues.length >= 3, 'a sentence of 15 words does not fit in 24 characters');
  for (const [i, cue] of cues.entries()) {
    const [number, timing, ...lines] = cue.split('\n');
    assert.equal(number, String(i + 1));
    assert.match(timing!, /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    assert.ok(lines.join(' ').length <= 24, `cue "${lines.join(' ')}" is wider than 24 characters`);
  }
  const vtt = await exportOf(ada, jobId, 'format=vtt');
  assert.match(vtt.headers.get('content-type')!, /^text\/vtt/);
  assert.match(vtt.text, /^WEBVTT\n/);
  const karaoke = await exportOf(ada, jobId, 'format=srt&highlight_words=true&highlight_color=%23ff0000');
  assert.match(karaoke.text, /<font color="#ff0000">[a-z']+<\/font>/i);

  for (const [name, content] of [
    ['out.srt', srt.text],
    ['out.vtt', vtt.text],
    ['karaoke.srt', karaoke.text],
  ] as const) {
    await writeFile(join(dir, name), content);
    const target = join(dir, `${name}.${name.endsWith('.srt') ? 'vtt' : 'srt'}`);
    const converted = ffmpegConverts(join(dir, name), target);
    assert.ok(converted.ok, `ffmpeg refused ${name}: ${converted.stderr}`);
    assert.match(await readFile(target, 'utf8'), /quick/i);
  }

  const bad = await exportOf(ada, jobId, 'format=docx&max_chars_per_entry=3');
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.')).sort(), [
    'query.format',
    'query.max_chars_per_entry',
  ]);
});

it('lists the artifact the job produced, and keeps every job away from other users', async () => {
  const artifacts = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${jobId}/artifacts`, { token: ada.token });
  assert.equal(artifacts.status, 200);
  assert.equal(artifacts.body.data.length, 1);
  assert.equal(artifacts.body.data[0].artifact_type, 'transcript');
  assert.equal(artifacts.body.data[0].job_id, jobId);
  assert.equal(artifacts.body.data[0].media_id, mediaId);
  for (const [method, path] of [
    ['GET', `/api/v1/jobs/${jobId}`],
    ['DELETE', `/api/v1/jobs/${jobId}`],
    ['GET', `/api/v1/jobs/${jobId}/export`],
    ['GET', `/api/v1/jobs/${jobId}/artifacts`],
    ['GET', `/api/v1/jobs/${jobId}/items`],
  ] as const) {
    const res = await call(fleet.gatewayUrl, method, path, { token: bob.token });
    assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
  }
  const foreignMedia = await createJob(fleet, bob.token, transcribe(mediaId));
  assert.equal(foreignMedia.status, 404, 'another user’s media cannot be transcribed');
  const finished = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${jobId}`, { token: ada.token });
  assert.equal(finished.status, 409);
  assert.equal(finished.body.detail.code, 'job_not_cancellable');
});

describe('POST /api/v1/format', () => {
  it('converts a transcript without authentication, with the converters of export', async () => {
    const job = (await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs?status=succeeded', { token: ada.token })).body
      .data[0];
    const transcript = JSON.parse((await exportOf(ada, job.job_id, 'format=json')).text);
    for (const format of ['text', 'json', 'srt', 'vtt'] as const) {
      const formatted = await call(fleet.gatewayUrl, 'POST', '/api/v1/format', {
        body: { transcript, format, max_chars_per_entry: 30, title: 'Interview' },
      });
      assert.equal(formatted.status, 200, formatted.text);
      const exported = await exportOf(ada, job.job_id, `format=${format}&max_chars_per_entry=30`);
      assert.equal(formatted.text, exported.text, `${format}: /format and export agree`);
      assert.equal(formatted.headers.get('content-type'), exported.headers.get('content-type'));
      assert.match(
        formatted.headers.get('content-disposition')!,
        new RegExp(`filename="Interview\\.${format === 'text' ? 'txt' : format}"`),
      );
    }
  });

  it('refuses an invalid transcript or option with 422, located in the body', async () => {
    const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/format', {
      body: {
        transcript: {
          version: 1,
          language: 'en',
          duration: 1,
          speakers: [],
          segments: [{ id: 's1', start: 2, end: 1, text: 'x', speaker: null, words: [] }],
          translation: null,
          source: { media_id: null, job_id: null, profile: null, engine: null },
        },
        format: 'srt',
        highlight_color: 'red;x',
      },
    });
    assert.equal(res.status, 422);
    const locs = res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'));
    assert.ok(locs.includes('body.highlight_color'), locs.join(', '));
    assert.ok(
      locs.some((l: string) => l.startsWith('body.transcript.segments.0')),
      locs.join(', '),
    );
    const none = await call(fleet.gatewayUrl, 'POST', '/api/v1/format', {});
    assert.equal(none.status, 422);
  });
});

describe('the OpenAPI document', () => {
  it('declares every job route with its scope, and /format without one', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    const scopes = {
      'get /api/v1/jobs': 'jobs:read',
      'post /api/v1/jobs': 'jobs:write',
      'get /api/v1/jobs/queue': 'jobs:read',
      'post /api/v1/jobs/queue/reorder': 'jobs:write',
      'get /api/v1/jobs/{job_id}': 'jobs:read',
      'delete /api/v1/jobs/{job_id}': 'jobs:write',
      'get /api/v1/jobs/{job_id}/artifacts': 'jobs:read',
      'get /api/v1/jobs/{job_id}/items': 'jobs:read',
      'get /api/v1/jobs/{job_id}/export': 'jobs:read',
    };
    for (const [key, scope] of Object.entries(scopes)) {
      const [method, path] = key.split(' ') as [string, string];
      assert.equal(doc.paths[path]?.[method]?.['x-required-scope'], scope, key);
    }
    assert.equal(doc.paths['/api/v1/format'].post['x-required-scope'], null);
    assert.ok(doc.paths['/api/v1/jobs/{job_id}/export'].get.responses['200'].content['application/x-subrip']);
  });
});
