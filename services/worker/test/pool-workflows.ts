// What a pool of workers does that needs real processes: two workers sharing a recording's windows
// over the bus (ADR 0026), an outage that outlasts every delivery of a ticket (the dead letter), a
// whisper worker of the gpu pool through its decoder host, and a worker's start with the library
// runner (ADR 0027). Registered by workflows.test.ts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { liveGroupCount } from '@tp/engines';
import { writeRandomWhisperModel } from '@tp/testing';
import { validateTranscript } from '@tp/transcript';
import type { JobProfile } from './backends.ts';
import {
  assertCompletedOnce,
  assertReleased,
  drained,
  endedDuringOutage,
  type WorkerFixture,
} from './worker-fixture.ts';

/** Every recording fans out; one engine slot each, so the two workers must share the work. */
const FAN_OUT = { WINDOW_FANOUT_MIN_SECONDS: '0', ENGINE_POOL_SIZE: '1' };

const BASE_WHISPER: JobProfile = { profile: 'base-whisper', features: ['profile.base-whisper'] };

export function poolWorkflows(fx: WorkerFixture): void {
  fanOut(fx);
  outage(fx);
  whisper(fx);
  startUp(fx);
}

function fanOut(fx: WorkerFixture): void {
  describe('worker: fan-out of windows', () => {
    it('shares one job’s windows between two workers; the owner stitches every window once, in order', async () => {
      const { b, clip } = fx;
      const workers = [
        await b.startWorker({ ...FAN_OUT, WORKER_ID: 'first' }),
        await b.startWorker({ ...FAN_OUT, WORKER_ID: 'second' }),
      ];
      const { jobId } = await b.createJob(clip.mediaId);
      const job = await b.ended(jobId);
      assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
      await assertCompletedOnce(b, jobId);
      const owner = workers.find((w) => w.logged('job transcribed', { jobId }).length === 1);
      assert.ok(owner, 'one worker owned the job');
      const line = owner.logged('job transcribed', { jobId })[0]!;
      assert.ok((line.windows as number) >= 3, `${line.windows} windows`);
      assert.equal(line.windowsElsewhere, line.windows, 'every window went through the pool');
      const done = workers.map((w) => w.logged('window recognized', { jobId, forOwner: true }));
      assert.ok(done[0]!.length >= 1 && done[1]!.length >= 1, `windows per worker: ${done.map((d) => d.length)}`);
      assert.deepEqual(
        done
          .flat()
          .map((l) => l.index as number)
          .sort((x, y) => x - y),
        Array.from({ length: line.windows as number }, (_, i) => i),
        'each window recognized once',
      );
      const [artifact] = await b.artifactsOf(job);
      const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact!.artifactId });
      const checked = validateTranscript(JSON.parse(version.payloadJson));
      assert.ok(checked.ok, 'a valid transcript');
      const words = checked.value.segments.flatMap((s) => s.words);
      assert.ok(words.length > 20, `${words.length} words`);
      for (const [i, w] of words.entries()) if (i > 0) assert.ok(w.start >= words[i - 1]!.start, `word ${i} in order`);
      await drained(b);
    });
  });
}

function outage(fx: WorkerFixture): void {
  describe('worker: an outage that outlasts the attempts', () => {
    it('fails the job processing_failed with its reason (not worker_lost), its hold released', async () => {
      const { b, short } = fx;
      const worker = await b.startWorker({ WORK_MAX_DELIVER: '2' });
      const job = await endedDuringOutage(b, 'artifacts', short.mediaId);
      assert.equal(job.errorCode, 'processing_failed', job.errorMessage);
      assert.match(
        job.errorMessage,
        /^Transcription failed after 2 attempts; the last error was: A backend service is unavailable/,
      );
      assert.deepEqual(
        worker.logged('job claimed', { jobId: job.jobId }).map((l) => l.deliveryCount),
        [1, 2],
      );
      assert.equal(worker.logged('ticket dead-lettered; failing its job', { jobId: job.jobId }).length, 1);
      assert.deepEqual(await b.artifactsOf(job), []);
      await assertReleased(b, job.jobId);
      await drained(b);
    });
  });
}

function whisper(fx: WorkerFixture): void {
  describe('worker: a whisper worker of the gpu pool', () => {
    it('runs a base-whisper job through its decoder host (random weights): timed words in order, billed', async () => {
      const { b, dir, video } = fx;
      await writeRandomWhisperModel(join(dir.path, 'ggml-base.en.bin'), 'base.en');
      const worker = await b.startWorker({
        WORKER_ENGINES: 'whisper',
        WORKER_POOL: 'gpu',
        WHISPER_MODEL_DIR: dir.path,
        ENGINE_POOL_SIZE: '1',
      });
      const created = await b.createJob(video.mediaId, { language: 'auto' }, BASE_WHISPER);
      assert.equal(created.engine, 'whisper');
      const job = await b.ended(created.jobId);
      assert.equal(job.status, 'succeeded', `${job.errorCode} ${job.errorMessage}`);
      assert.equal(job.language, 'en', 'the .en model transcribes English');
      const [artifact] = await b.artifactsOf(job);
      const payload = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact!.artifactId });
      const checked = validateTranscript(JSON.parse(payload.payloadJson));
      assert.ok(checked.ok, 'a valid canonical transcript');
      assert.deepEqual([checked.value.source.profile, checked.value.source.engine], ['base-whisper', 'whisper']);
      const words = checked.value.segments.flatMap((segment) => segment.words ?? []);
      assert.ok(words.length > 0, 'random weights still say something');
      for (const [i, word] of words.entries())
        assert.ok(word.end <= video.durationSeconds + 1e-6 && (i === 0 || word.start >= words[i - 1]!.start));
      assert.deepEqual(
        (await b.billed(job.jobId)).map((entry) => entry.kind),
        ['reservation', 'settlement'],
      );
      assert.ok((worker.logged('job transcribed', { jobId: job.jobId })[0]?.engineMs as number) > 0);
    });
  });
}

function startUp(fx: WorkerFixture): void {
  describe('worker: start-up', () => {
    it('is ready on its ops port with the library runner (one decoder host loaded), leaving no child behind', async () => {
      const worker = await fx.b.startWorker({ POCKETSPHINX_RUNNER: 'library' });
      const ready = await fetch(`http://127.0.0.1:${worker.service.opsPort}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, {
        nats: true,
        engines: true,
        ffmpeg: true,
        consuming: true,
      });
      assert.equal(worker.service.running(), 0);
      assert.equal(liveGroupCount(), 1, 'the decoder host its start-up check loaded, waiting for the first window');
      await worker.stop();
      assert.equal(liveGroupCount(), 0);
    });
  });
}
