import assert from 'node:assert/strict';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCaptionBurnOptions } from '@tp/captions';
import { tempDir, type TempDir, writeScript } from '@tp/testing';
import { JobStopped } from '../../domain/job-stopped.ts';
import { type FakeWorker, type FakeWorkerOptions, fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, oneCue, testJob, writeToneWav } from '../../../test/fakes.ts';
import { burnMedia } from './burn-media.ts';

let dir: TempDir;
/** A second of tone: audio-only media, burnt onto the canvas. */
let tone: string;

before(async () => {
  dir = await tempDir();
  tone = join(dir.path, 'tone.wav');
  await writeToneWav(tone, [[1, true]]);
});
after(() => dir?.remove());

let burns = 0;

/** Burns the tone with `ffmpeg` (a stand-in script where the branch needs one) into a folder of its own. */
async function burn(
  options: FakeWorkerOptions['deps'] & { durationSeconds?: number } = {},
  answers: FakeWorkerOptions = {},
) {
  const { durationSeconds = 1, ...deps } = options;
  const w: FakeWorker = fakeWorker({ ...answers, deps });
  const folder = join(dir.path, `burn-${(burns += 1)}`);
  await mkdir(folder);
  const outcome = await burnMedia(w.deps, {
    ticket: fakeTicket(),
    job: testJob({ type: 'caption_burn' }),
    plan: { style: parseCaptionBurnOptions({}), transcript: { artifactId: 'art_t', versionId: 'ver_t' } },
    transcript: oneCue,
    url: tone,
    durationSeconds,
    video: null,
    dir: folder,
  });
  return { w, outcome, folder };
}

/** An ffmpeg stand-in running `body` (`$last`: the output path it was given). */
const fakeFfmpeg = (name: string, body: string) => writeScript(dir.path, name, `for last in "$@"; do :; done\n${body}`);

describe('burnMedia', () => {
  it('burns the captions onto the canvas of audio-only media: an H.264 and AAC MP4 of its length', async () => {
    const { w, outcome, folder } = await burn();
    assert.ok(outcome.kind === 'done', JSON.stringify(outcome));
    assert.deepEqual(
      [outcome.value.output.width, outcome.value.output.height, Math.round(outcome.value.output.durationSeconds)],
      [1280, 720, 1],
    );
    assert.deepEqual((await readdir(folder)).sort(), ['captions.ass', 'output.mp4']);
    assert.equal(outcome.value.path, join(folder, 'output.mp4'));
    assert.equal(w.logged('captions burnt', { jobId: 'job_1', cues: 1, audioOnly: true }).length, 1);
  });

  it('fails the job with ffmpeg’s last error line when ffmpeg fails', async () => {
    const failing = await fakeFfmpeg('failing-ffmpeg', 'echo "Error opening input: Invalid data found" >&2\nexit 1');
    const { outcome } = await burn({ ffmpegPath: failing });
    assert.ok(outcome.kind === 'failed');
    assert.equal(outcome.failure.errorCode, 'processing_failed');
    assert.match(
      outcome.failure.errorMessage,
      /^The captions could not be burnt into the media: ffmpeg: .*Invalid data found/,
    );
  });

  it('fails the job when the media’s duration cannot be encoded, or the video written is not an MP4', async () => {
    const zero = await burn({ durationSeconds: 0 });
    assert.ok(zero.outcome.kind === 'failed');
    assert.match(zero.outcome.failure.errorMessage, /the media’s duration or picture size cannot be encoded/);
    const junk = await fakeFfmpeg('junk-ffmpeg', 'echo "not a video" > "$last"');
    const { outcome } = await burn({ ffmpegPath: junk });
    assert.ok(outcome.kind === 'failed');
    assert.match(outcome.failure.errorMessage, /the video written could not be read back/);
  });

  it('stops ffmpeg when the job is cancelled, runs too long or the worker shuts down', async () => {
    const stuck = await fakeFfmpeg('stuck-ffmpeg', 'exec sleep 30');
    const cancelled = await burn({ ffmpegPath: stuck }, { jobs: { reportProgress: () => ({ cancel: true }) } });
    assert.deepEqual(cancelled.outcome, { kind: 'cancelled' });
    assert.deepEqual(await readdir(cancelled.folder), ['captions.ass'], 'no partial video left');
    const late = await burn({ ffmpegPath: stuck, jobTimeoutMs: 600 });
    assert.deepEqual(late.outcome, {
      kind: 'failed',
      failure: { errorCode: 'processing_failed', errorMessage: 'The job did not finish within 1 second.' },
    });
    const shutdown = new AbortController();
    shutdown.abort();
    const leaving = await burn({ ffmpegPath: stuck, shutdownSignal: shutdown.signal });
    assert.ok(leaving.outcome.kind === 'retry' && leaving.outcome.error instanceof JobStopped);
  });
});
