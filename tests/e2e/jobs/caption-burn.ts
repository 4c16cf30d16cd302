// Captions burnt into a video with the real worker (ADR 0024): the transcript of the spoken video
// (transcription.ts) burnt at the bottom in the default style, the MP4 downloaded through its signed
// URL and checked with ffprobe, each word read back by OCR where the transcript says it is spoken
// and nowhere after the last. Styles, the pinned transcript and a burn cancelled midway are the
// worker's and jobs' own tests (services/worker/test/caption-burn.test.ts, services/jobs/test).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { probeOutput } from '@tp/captions';
import { ocrFrame } from '@tp/testing';
import { createJob, type TestUser } from '../support/jobs.ts';
import { api, type Transcribed, type Word, world, jobOf, ON_THE_WORKER } from './world.ts';

export const VIDEO = { width: 640, height: 360 };

type Crop = { x: number; y: number; width: number; height: number };

const TOP: Crop = { x: 0, y: 0, width: VIDEO.width, height: Math.round(VIDEO.height * 0.4) };
const BOTTOM: Crop = {
  x: 0,
  y: Math.round(VIDEO.height * 0.6),
  width: VIDEO.width,
  height: VIDEO.height - Math.round(VIDEO.height * 0.6),
};

/** Streams and duration as ffprobe reads them (the worker checks its output with the same reader). */
async function probe(path: string) {
  const probed = await probeOutput('ffprobe', path);
  const video = probed.streams.find((s) => s.type === 'video');
  return {
    duration: probed.durationSeconds,
    codecs: probed.streams.map((s) => s.codec).sort(),
    size: [video?.width ?? 0, video?.height ?? 0],
  };
}

/** Letters of an OCR reading, lower case, one space between words. */
const letters = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

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
 * Three long words (the first, one midway, the last) are each read at the bottom (white text) while
 * spoken, the midway one not at the top; after the last word, no word of the transcript is on
 * screen. The frames are read at once: each is an ffmpeg and a tesseract of their own.
 */
async function assertWordsBurnt(video: string, words: Word[]): Promise<void> {
  const long = words.filter((w) => w.text.length >= 5).map((w) => ({ ...w, text: w.text.toLowerCase() }));
  assert.ok(long.length >= 3, `the transcript has long words: ${JSON.stringify(words)}`);
  const read = async (at: number, crop: Crop) =>
    letters(await ocrFrame(video, at, { crop, textColor: '#FFFFFF' })).split(' ');
  const checked = [long[0]!, long[Math.floor(long.length / 2)]!, long.at(-1)!];
  const spokenAt = checked.map((w) => (w.start + w.end) / 2);
  const afterAt = words.at(-1)!.end + 0.9;
  const [top, after, ...bottoms] = await Promise.all([
    read(spokenAt[1]!, TOP),
    read(afterAt, BOTTOM),
    ...spokenAt.map((at) => read(at, BOTTOM)),
  ]);
  for (const [i, word] of checked.entries()) {
    const here = bottoms[i]!;
    assert.ok(readsAs(here, word.text), `"${word.text}" at ${spokenAt[i]}s; OCR read "${here.join(' ')}"`);
  }
  assert.ok(!readsAs(top!, checked[1]!.text), `"${checked[1]!.text}" is not at the top: "${top!.join(' ')}"`);
  assert.deepEqual(
    long.filter((w) => readsAs(after!, w.text)),
    [],
    `no caption ${afterAt}s in, after the last word: "${after!.join(' ')}"`,
  );
}

/** Downloads the job's media export through a signed URL; returns the local file. */
async function downloadExport(user: TestUser, jobId: string): Promise<string> {
  const listed = await api(user, 'GET', `/api/v1/jobs/${jobId}/artifacts`);
  assert.equal(listed.status, 200, listed.text);
  const [artifact] = listed.body.data;
  assert.equal(artifact.artifact_type, 'media_export');
  const { artifact_id: id, current_version_id: version } = artifact;
  const url = await api(user, 'GET', `/api/v1/artifacts/${id}/versions/${version}/download-url?ttl_seconds=120`);
  assert.equal(url.status, 200, url.text);
  const res = await fetch(url.body.data.url);
  assert.equal(res.status, 200);
  const path = join(world.dir, `${jobId}.mp4`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

/** Registers the burn of `done`'s transcript, to run once the transcription has finished. */
export function captionBurnTests(done: Transcribed): void {
  it(
    'burns the newest transcript into the video, readable where each word is spoken, billed for its seconds',
    ON_THE_WORKER,
    async () => {
      const source = await probe(done.video);
      const created = await createJob(world.fleet, done.user.token, {
        type: 'caption_burn',
        input: { type: 'media_ref', media_id: done.mediaId },
        profile: 'oracle',
        options: { caption_burn: { background_color: '#000000FF', font_size: 30 } },
      });
      assert.equal(created.status, 202, created.text);
      const jobId = created.body.data.job_id;
      const job = await jobOf(done.user, jobId);
      assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
      assert.ok(Math.abs(job.billed_seconds - source.duration) < 0.1, `billed ${job.billed_seconds} s of output`);
      const path = await downloadExport(done.user, jobId);
      const out = await probe(path);
      assert.deepEqual([out.codecs, out.size], [['aac', 'h264'], source.size]);
      assert.ok(
        Math.abs(out.duration - source.duration) <= 0.1,
        `output ${out.duration} s, source ${source.duration} s`,
      );
      await assertWordsBurnt(path, done.words);
      const versions = await api(
        done.user,
        'GET',
        `/api/v1/artifacts/${job.artifact_ids[0]}/versions?include_payload=true`,
      );
      assert.equal(versions.status, 200, versions.text);
      const { payload } = versions.body.data[0];
      assert.deepEqual([payload.format, payload.transcript_artifact_id], ['mp4', done.transcriptId]);
    },
  );
}
