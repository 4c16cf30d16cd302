// What a finished transcription gives its user (transcription.ts runs it): exports in text, JSON,
// SRT and VTT with their types and file names, the subtitles read by ffmpeg as a player would;
// /format converting its transcript exactly as export does; its artifact listed, and nothing of it
// reachable by another user. Export options and refusals branch by branch are the gateway's and
// jobs' own tests (services/gateway/test/job-export.test.ts, services/jobs/test/list-and-export.test.ts).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { call } from '../support/http.ts';
import { createJob, ffmpegConverts, transcribe } from '../support/jobs.ts';
import { api, exportOf, type Transcribed, userOf, world } from './world.ts';

/** Each SRT cue numbered in order, timed, no wider than `width` characters. */
function assertCues(srt: string, width: number): void {
  const cues = srt.trim().split(/\n\n+/);
  assert.ok(cues.length >= 3, `a sentence of 15 words does not fit in ${width} characters`);
  for (const [i, cue] of cues.entries()) {
    const [number, timing, ...lines] = cue.split('\n');
    assert.equal(number, String(i + 1));
    assert.match(timing!, /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    assert.ok(lines.join(' ').length <= width, `cue "${lines.join(' ')}" is wider than ${width} characters`);
  }
}

/** ffmpeg converts each subtitle file to the other format, keeping its words. */
async function assertFfmpegReads(files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(world.dir, name), content);
    const target = join(world.dir, `${name}.${name.endsWith('.srt') ? 'vtt' : 'srt'}`);
    const converted = await ffmpegConverts(join(world.dir, name), target);
    assert.ok(converted.ok, `ffmpeg refused ${name}: ${converted.stderr}`);
    assert.match(await readFile(target, 'utf8'), /quick/i);
  }
}

async function exportsEveryFormat(done: Transcribed): Promise<void> {
  const exported = (query: string) => exportOf(done.user, done.jobId, query);
  const text = await exported('format=text&include_timestamps=true');
  assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.match(text.headers.get('content-disposition')!, /^attachment; filename="Fox Seashells\.txt"/);
  assert.match(text.text, /^\[00:00:0\d\] the quick brown/i);
  const compact = await exported('format=json&pretty=false&include_word_timestamps=false');
  assert.match(compact.headers.get('content-type')!, /^application\/json/);
  assert.ok(!compact.text.includes('\n  '), 'compact JSON');
  assert.ok(JSON.parse(compact.text).segments.every((s: { words: unknown[] }) => s.words.length === 0));

  const srt = await exported('format=srt&max_chars_per_entry=24');
  assert.match(srt.headers.get('content-type')!, /^application\/x-subrip/);
  assert.match(srt.headers.get('content-disposition')!, /filename="Fox Seashells\.srt"/);
  assertCues(srt.text, 24);
  const vtt = await exported('format=vtt');
  assert.match(vtt.headers.get('content-type')!, /^text\/vtt/);
  assert.match(vtt.text, /^WEBVTT\n/);
  const karaoke = await exported('format=srt&highlight_words=true&highlight_color=%23ff0000');
  assert.match(karaoke.text, /<font color="#ff0000">[a-z']+<\/font>/i);
  await assertFfmpegReads({ 'out.srt': srt.text, 'out.vtt': vtt.text, 'karaoke.srt': karaoke.text });
}

async function formatsAsExport(done: Transcribed): Promise<void> {
  const transcript = JSON.parse((await exportOf(done.user, done.jobId, 'format=json')).text);
  for (const format of ['text', 'json', 'srt', 'vtt'] as const) {
    const formatted = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/format', {
      body: { transcript, format, max_chars_per_entry: 30, title: 'Interview' },
    });
    assert.equal(formatted.status, 200, formatted.text);
    const exported = await exportOf(done.user, done.jobId, `format=${format}&max_chars_per_entry=30`);
    assert.equal(formatted.text, exported.text, `${format}: /format and export agree`);
    assert.equal(formatted.headers.get('content-type'), exported.headers.get('content-type'));
  }
}

async function keptFromOthers(done: Transcribed): Promise<void> {
  const artifacts = await api(done.user, 'GET', `/api/v1/jobs/${done.jobId}/artifacts`);
  assert.deepEqual(
    artifacts.body.data.map((a: { artifact_type: string; job_id: string; media_id: string }) => [
      a.artifact_type,
      a.job_id,
      a.media_id,
    ]),
    [['transcript', done.jobId, done.mediaId]],
  );
  const intruder = await userOf('intruder', 10);
  assert.equal((await api(intruder, 'GET', `/api/v1/jobs/${done.jobId}`)).status, 404);
  assert.equal((await exportOf(intruder, done.jobId, 'format=text')).status, 404);
  const foreignMedia = await createJob(world.fleet, intruder.token, transcribe(done.mediaId));
  assert.equal(foreignMedia.status, 404, 'another user’s media cannot be transcribed');
}

/** Registers the checks of `done`'s exports, to run once the transcription has finished. */
export function exportTests(done: Transcribed): void {
  it('exports text, json, srt and vtt with their types and file names, which ffmpeg reads', () =>
    exportsEveryFormat(done));
  it('converts its transcript with /format, without a credential, exactly as export does', () => formatsAsExport(done));
  it('lists the artifact it produced, and is nobody else’s: another user meets 404', () => keptFromOthers(done));
}
