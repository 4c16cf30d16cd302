// Captions burnt into a video through the gateway with the real worker: a transcript of a spoken
// test-pattern video burnt in two styles and read back by OCR where the transcript says each word
// is spoken; the export checked with ffprobe and downloaded through its signed URL; an audio-only
// burn cancelled midway (ffmpeg gone, the hold released).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probeOutput } from '@tp/captions';
import { eventually, ocrFrame } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from './support/http.ts';
import { ada, dir, fleet, speech, useJobsFleet } from './support/jobs-fleet.ts';
import {
  balance,
  childrenOf,
  createJob,
  getJob,
  repeatAudio,
  transcribe,
  uploadMedia,
  waitForJob,
} from './support/jobs.ts';

useJobsFleet();

const WIDTH = 640;
const HEIGHT = 360;
const api = (method: string, path: string, body?: unknown) =>
  call(fleet.gatewayUrl, method, path, { token: ada.token, body });

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Streams and duration as ffprobe reads them (the worker checks its output with the same reader). */
async function probe(path: string): Promise<{ duration: number; codecs: string[]; width: number; height: number }> {
  const probed = await probeOutput('ffprobe', path);
  const video = probed.streams.find((s) => s.type === 'video');
  return {
    duration: probed.durationSeconds,
    codecs: probed.streams.map((s) => s.codec).sort(),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
  };
}

/** The spoken sentence over a 640×360 test pattern, with 1.5 s of silence after it (no caption there). */
function spokenVideo(): string {
  const out = join(dir, 'spoken.mp4');
  const made = spawnSync(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${WIDTH}x${HEIGHT}:rate=25`, '-i', speech]
      .concat(['-filter_complex', '[1:a]apad=pad_dur=1.5[a]', '-map', '0:v', '-map', '[a]', '-shortest'])
      .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]),
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, made.stderr);
  return out;
}

/** Downloads the job's export through a signed URL; returns the local file. */
async function downloadExport(jobId: string): Promise<{ path: string; artifact: Record<string, unknown> }> {
  const listed = await api('GET', `/api/v1/jobs/${jobId}/artifacts`);
  assert.equal(listed.status, 200, listed.text);
  const artifact = listed.body.data[0];
  assert.equal(artifact.artifact_type, 'media_export');
  const versionId = artifact.current_version_id;
  const url = await api(
    'GET',
    `/api/v1/artifacts/${artifact.artifact_id}/versions/${versionId}/download-url?ttl_seconds=120`,
  );
  assert.equal(url.status, 200, url.text);
  const res = await fetch(url.body.data.url);
  assert.equal(res.status, 200);
  const path = join(dir, `${jobId}.mp4`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return { path, artifact };
}

/** Letters of an OCR reading, lower case, one space between words. */
const letters = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

const TOP = { x: 0, y: 0, width: WIDTH, height: Math.round(HEIGHT * 0.4) };
const BOTTOM = { x: 0, y: Math.round(HEIGHT * 0.6), width: WIDTH, height: HEIGHT - Math.round(HEIGHT * 0.6) };

interface Band {
  crop: { x: number; y: number; width: number; height: number };
  /** The caption text's colour: OCR reads the pixels near it (black on white). */
  textColor: string;
}

/** Edit distance of two words (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1)
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/** A word of five letters or more is read when OCR gives it with at most one letter wrong ("scashore"). */
const readsAs = (tokens: string[], word: string) => tokens.some((token) => distance(token, word) <= 1);

/**
 * Each long word is read in the band where the style puts captions while it is spoken, never in the
 * other band; after the last word, no word of the transcript is on screen.
 */
async function assertWordsBurnt(video: string, words: Word[], band: Band, other: Band['crop']): Promise<void> {
  const long = words.filter((w) => w.text.length >= 5).map((w) => ({ ...w, text: w.text.toLowerCase() }));
  assert.ok(long.length >= 3, `the transcript has long words: ${JSON.stringify(words)}`);
  const read = async (at: number, crop: Band['crop']) =>
    letters(await ocrFrame(video, at, { crop, textColor: band.textColor })).split(' ');
  for (const word of [long[0]!, long[Math.floor(long.length / 2)]!, long.at(-1)!]) {
    const at = (word.start + word.end) / 2;
    const here = await read(at, band.crop);
    assert.ok(readsAs(here, word.text), `"${word.text}" at ${at}s; OCR read "${here.join(' ')}"`);
    const elsewhere = await read(at, other);
    assert.ok(!readsAs(elsewhere, word.text), `"${word.text}" is not in the other band: "${elsewhere.join(' ')}"`);
  }
  const after = await read(words.at(-1)!.end + 0.9, band.crop);
  assert.deepEqual(
    long.filter((w) => readsAs(after, w.text)),
    [],
    `no caption after the last word: "${after.join(' ')}"`,
  );
}

let mediaId: string;
let transcriptId: string;
let words: Word[];
let source: Awaited<ReturnType<typeof probe>>;

async function burn(style: Record<string, unknown>): Promise<{ jobId: string; path: string }> {
  const created = await createJob(fleet, ada.token, {
    type: 'caption_burn',
    input: { type: 'media_ref', media_id: mediaId },
    profile: 'oracle',
    options: { caption_burn: style },
  });
  assert.equal(created.status, 202, created.text);
  const jobId = created.body.data.job_id;
  const job = await waitForJob(fleet, ada.token, jobId);
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  assert.ok(Math.abs(job.billed_seconds - source.duration) < 0.1, `billed ${job.billed_seconds} s of output`);
  const { path } = await downloadExport(jobId);
  const out = await probe(path);
  assert.deepEqual(out.codecs, ['aac', 'h264']);
  assert.deepEqual([out.width, out.height], [WIDTH, HEIGHT]);
  assert.ok(Math.abs(out.duration - source.duration) <= 0.1, `output ${out.duration} s, source ${source.duration} s`);
  return { jobId, path };
}

describe('caption burn', () => {
  it('burns the newest transcript at the bottom in the default style, readable where each word is spoken', async () => {
    const video = spokenVideo();
    source = await probe(video);
    mediaId = await uploadMedia(fleet, ada.token, video, 'video/mp4');
    const transcribed = await createJob(fleet, ada.token, transcribe(mediaId));
    assert.equal(transcribed.status, 202, transcribed.text);
    const job = await waitForJob(fleet, ada.token, transcribed.body.data.job_id);
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    transcriptId = job.artifact_ids[0];
    const exported = await api('GET', `/api/v1/jobs/${job.job_id}/export?format=json&pretty=false`);
    words = exported.body.segments.flatMap((s: { words: Word[] }) => s.words);

    const { path } = await burn({ background_color: '#000000FF', font_size: 30 });
    await assertWordsBurnt(path, words, { crop: BOTTOM, textColor: '#FFFFFF' }, TOP);
  });

  it('burns a named transcript at the top in bold yellow serif, with the style in the export payload', async () => {
    const style = {
      transcript_artifact_id: transcriptId,
      font_family: 'DejaVu Serif',
      bold: true,
      font_size: 36,
      primary_color: '#FFFF00',
      background_color: '#101060FF',
      alignment: 'top_center',
      margin_y: 24,
    };
    const { jobId, path } = await burn(style);
    await assertWordsBurnt(path, words, { crop: TOP, textColor: '#FFFF00' }, BOTTOM);
    const artifacts = await api('GET', '/api/v1/artifacts?artifact_type=media_export');
    assert.ok(
      artifacts.body.data.some((a: { job_id: string }) => a.job_id === jobId),
      artifacts.text,
    );
    const { artifact } = await downloadExport(jobId);
    const versions = await api('GET', `/api/v1/artifacts/${artifact.artifact_id}/versions?include_payload=true`);
    assert.equal(versions.status, 200, versions.text);
    const payload = versions.body.data[0].payload;
    assert.equal(payload.format, 'mp4');
    assert.equal(payload.transcript_artifact_id, transcriptId);
    assert.equal(payload.style.alignment, 'top_center');
  });

  it('refuses download URLs outside 60 to 86400 seconds', async () => {
    const listed = await api('GET', '/api/v1/artifacts?artifact_type=media_export');
    const artifact = listed.body.data[0];
    const path = `/api/v1/artifacts/${artifact.artifact_id}/versions/${artifact.current_version_id}/download-url`;
    for (const ttl of [59, 86_401]) assert.equal((await api('GET', `${path}?ttl_seconds=${ttl}`)).status, 422);
  });

  it('refuses a media without a transcript; cancels a burn midway: ffmpeg gone, the hold released, no export', async () => {
    const before = await balance(fleet, ada.token);
    const long = repeatAudio(speech, 120, join(dir, 'long.wav'));
    const audioId = await uploadMedia(fleet, ada.token, long);
    const burnOf = (captions: Record<string, unknown>) =>
      createJob(fleet, ada.token, {
        type: 'caption_burn',
        input: { type: 'media_ref', media_id: audioId },
        options: { caption_burn: captions },
      });
    const untranscribed = await burnOf({});
    assert.equal(untranscribed.status, 422, untranscribed.text);
    assert.match(untranscribed.text, /no transcript/);
    const created = await burnOf({ transcript_artifact_id: transcriptId });
    assert.equal(created.status, 202, created.text);
    const jobId = created.body.data.job_id;
    assert.ok(created.body.data.credits_reserved > 0, 'the burn holds credits');
    await waitForJob(fleet, ada.token, jobId, (j) => j.status === 'running' && j.progress > 0);
    const worker = fleet.pid('worker');
    assert.ok(childrenOf(worker).length > 0, 'ffmpeg runs as a child of the worker');
    const cancelled = await api('DELETE', `/api/v1/jobs/${jobId}`);
    assert.equal(cancelled.status, 200, cancelled.text);
    await eventually('the burn’s ffmpeg gone', () => childrenOf(worker).length === 0, SETTLED_WITHIN_MS);
    const after = await balance(fleet, ada.token);
    assert.equal(after.reserved_credits, 0);
    assert.equal(after.available_credits, before.available_credits, 'nothing charged for a cancelled burn');
    const job = await getJob(fleet, ada.token, jobId);
    assert.equal(job.status, 'cancelled');
    assert.deepEqual(job.artifact_ids, []);
  });
});
