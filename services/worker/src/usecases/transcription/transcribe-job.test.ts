import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EnginePool, type SpeechEngine } from '@tp/engines';
import { tempDir, type TempDir } from '@tp/testing';
import type { TranscriptionOptions } from '../../domain/job-options.ts';
import { JobStopped } from '../../domain/job-stopped.ts';
import { type FakeWorker, fakeWorker } from '../../../test/fake-worker.ts';
import {
  fakeDiarizer,
  fakeEngine,
  fakeTicket,
  testJob,
  transcriptionOptions,
  untilAborted,
  writeToneWav,
} from '../../../test/fakes.ts';
import { transcribeJob } from './transcribe-job.ts';

let dir: TempDir;
/** Three tones apart (three windows); in stereo, the first and third on the left, the second on the right. */
let mono: string;
let stereo: string;
let seconds: number;

before(async () => {
  dir = await tempDir();
  mono = join(dir.path, 'mono.wav');
  stereo = join(dir.path, 'stereo.wav');
  const quiet: [number, boolean] = [0.6, false];
  seconds = await writeToneWav(mono, [[0.3, false], [1, true], quiet, [1, true], quiet, [1, true], [0.3, false]]);
  await writeToneWav(
    stereo,
    [[0.3, false], [1, true], quiet, [1, false], quiet, [1, true], [0.3, false]],
    [[0.3, false], [1, false], quiet, [1, true], quiet, [1, false], [0.3, false]],
  );
});
after(() => dir?.remove());

/** Runs transcribeJob on `path` with the job's `options`. */
function transcribe(w: FakeWorker, options: Partial<TranscriptionOptions> = {}, path = mono, channels = 1) {
  const engine = w.deps.engines.get('pocketsphinx') as SpeechEngine;
  return transcribeJob(w.deps, {
    ticket: fakeTicket(),
    job: testJob(),
    options: transcriptionOptions(options),
    engine,
    model: 'en-us',
    url: path,
    durationSeconds: seconds,
    channels,
  });
}

describe('transcribeJob: recognition', () => {
  it('recognizes every window, reporting progress that rises below 100 and extending the ticket', async () => {
    // Each window takes a few beats of the heartbeat (every 10 ms).
    const slow = fakeEngine(async (length) => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { language: 'en', utterances: [{ words: [{ text: 'hi', start: 0, end: length / 2, confidence: 1 }] }] };
    });
    const w = fakeWorker({ engine: slow, deps: { enginePool: new EnginePool(1) } });
    const recognized = await transcribe(w);
    assert.equal(recognized.kind, 'done');
    assert.equal(recognized.kind === 'done' && recognized.value.utterances.length, 3);
    assert.equal(recognized.kind === 'done' && recognized.value.decodedBytes, seconds * 32_000);
    const reported = w.jobs.called('reportProgress').map((c) => c.request.progress as number);
    assert.ok(reported.length >= 3, `${reported.length} reports`);
    assert.ok(
      reported.every((p, i) => p >= 0 && p < 100 && (i === 0 || p >= reported[i - 1]!)),
      reported.join(', '),
    );
    assert.ok(reported.at(-1)! > 0, reported.join(', '));
    assert.equal(w.logged('window recognized', { jobId: 'job_1' }).length, 3);
  });

  it('attributes the words to the diarizer’s speakers, fed the PCM the engine got', async () => {
    const diarizer = fakeDiarizer([
      { start: 0, end: 2, speaker: 0 },
      { start: 2, end: 5, speaker: 1 },
    ]);
    const w = fakeWorker({ deps: { createDiarizer: () => diarizer } });
    const recognized = await transcribe(w, { diarization: { numSpeakers: 2, autoSpeakerNames: false } });
    assert.ok(recognized.kind === 'done');
    assert.deepEqual(
      recognized.value.utterances.map((u) => u.speaker),
      [0, 1, 1],
    );
    assert.equal(diarizer.bytes, seconds * 32_000, 'every sample');
    assert.ok(diarizer.closed);
    assert.equal(w.logged('job diarized', { jobId: 'job_1', speakers: 2 }).length, 1);
  });

  it('transcribes each channel as its own speaker, merged by time, billed once', async () => {
    const w = fakeWorker();
    const recognized = await transcribe(w, { channelSeparation: true }, stereo, 2);
    assert.ok(recognized.kind === 'done');
    assert.deepEqual(
      recognized.value.utterances.map((u) => u.speaker),
      [0, 1, 0],
    );
    assert.equal(recognized.value.decodedBytes, seconds * 32_000, 'one channel’s length');
  });
});

describe('transcribeJob: stopped', () => {
  it('lets a cancelled job go: jobs’ answer to a progress report stops the engine', async () => {
    const w = fakeWorker({ engine: fakeEngine(untilAborted), jobs: { reportProgress: () => ({ cancel: true }) } });
    assert.deepEqual(await transcribe(w), { kind: 'cancelled' });
    assert.equal(w.logged('job cancelled; stopping ffmpeg and the engine').length, 1);
    assert.equal(w.logged('job transcribed').length, 0);
  });

  it('fails a job that runs past JOB_TIMEOUT_MS processing_failed', async () => {
    const w = fakeWorker({ engine: fakeEngine(untilAborted), deps: { jobTimeoutMs: 500 } });
    assert.deepEqual(await transcribe(w), {
      kind: 'failed',
      failure: { errorCode: 'processing_failed', errorMessage: 'The job did not finish within 1 second.' },
    });
  });

  it('hands the job back for another attempt when the worker shuts down', async () => {
    const w = fakeWorker({ engine: fakeEngine(untilAborted) });
    const outcome = transcribe(w);
    setTimeout(() => w.shutdown.abort(), 50);
    const ended = await outcome;
    assert.equal(ended.kind, 'retry');
    assert.ok(ended.kind === 'retry' && ended.error instanceof JobStopped && ended.error.reason === 'shutdown');
  });

  it('stops a diarizing job whose diarizer never finishes when it is cancelled', async () => {
    const stuck = { ...fakeDiarizer([]), finish: () => new Promise<never>(() => undefined) };
    const engine = fakeEngine();
    const w = fakeWorker({
      engine,
      deps: { createDiarizer: () => stuck },
      // Cancelled once every window is recognized: the job then waits for the diarizer.
      jobs: { reportProgress: () => ({ cancel: engine.windows >= 3 }) },
    });
    assert.deepEqual(await transcribe(w, { diarization: { numSpeakers: null, autoSpeakerNames: false } }), {
      kind: 'cancelled',
    });
  });
});
