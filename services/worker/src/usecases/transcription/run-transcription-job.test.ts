import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DecodeError, EngineError } from '@tp/engines';
import { AppError } from '@tp/errors';
import type { Job } from '@tp/proto';
import { tempDir, type TempDir } from '@tp/testing';
import { validateTranscriptJson } from '@tp/transcript';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { type FakeWorker, type FakeWorkerOptions, fakeWorker } from '../../../test/fake-worker.ts';
import { fakeEngine, fakeTicket, testJob, writeToneWav } from '../../../test/fakes.ts';
import { runTranscriptionJob } from './run-transcription-job.ts';

let dir: TempDir;
/** Three tones apart: three windows of one word each. */
let speech: string;
let seconds: number;
/** Storage answering every read with `storage.status`, as S3 does for a deleted object (404) or an outage (503). */
let storage: Server;
let status = 404;
let storageUrl: string;

before(async () => {
  storage = createServer((_request, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/bucket/media.wav?X-Amz-Signature=secret`;
  dir = await tempDir();
  speech = join(dir.path, 'speech.wav');
  const tone: [number, boolean][] = [
    [1, true],
    [0.6, false],
  ];
  seconds = await writeToneWav(speech, [[0.3, false], ...tone, ...tone, [1, true], [0.3, false]]);
});
after(async () => {
  await new Promise((resolve) => storage?.close(resolve));
  await dir?.remove();
});

/** A worker whose media is the three tones. */
const worker = (options: FakeWorkerOptions = {}) =>
  fakeWorker({ mediaUrl: speech, media: { durationSeconds: seconds, fileName: 'speech.wav' }, ...options });

const run = (w: FakeWorker, job: Job = testJob()) => runTranscriptionJob(w.deps, { ticket: fakeTicket(), job });

/** The one FailJob the worker sent: the job's error code and message. */
function failure(w: FakeWorker): { errorCode: unknown; errorMessage: unknown } {
  const [call, ...more] = w.jobs.called('failJob');
  assert.ok(call, 'the job failed');
  assert.equal(more.length, 0, 'once');
  assert.equal(w.jobs.called('completeJob').length, 0);
  return { errorCode: call.request.errorCode, errorMessage: call.request.errorMessage };
}

describe('runTranscriptionJob: a job that runs to its end', () => {
  it('transcribes the media, stores its transcript once and completes the job for the seconds decoded', async () => {
    const w = worker();
    await run(w);
    const [created, ...more] = w.artifacts.called('createArtifact');
    assert.ok(created && more.length === 0, 'one artifact');
    const { payloadJson, ...request } = created.request;
    assert.deepEqual(
      [request.artifactType, request.title, request.idempotencyKey, request.authorId],
      ['transcript', 'speech.wav', 'job:job_1', 'worker'],
    );
    const transcript = validateTranscriptJson(payloadJson as string);
    assert.ok(transcript.ok, 'a valid transcript');
    assert.deepEqual(
      transcript.value.segments.map((s) => s.text),
      ['hello', 'hello', 'hello'],
      'a word per tone',
    );
    assert.deepEqual(transcript.value.source, {
      media_id: 'med_1',
      job_id: 'job_1',
      profile: 'oracle',
      engine: 'pocketsphinx',
    });
    const [completed] = w.jobs.called('completeJob');
    assert.deepEqual(completed?.request, {
      jobId: 'job_1',
      ticketId: 'tkt_1',
      artifactId: 'art_1',
      billedSeconds: seconds,
      language: 'en',
    });
    assert.equal(w.jobs.called('failJob').length, 0);
    const [line] = w.logged('job transcribed', { jobId: 'job_1' });
    assert.deepEqual([line?.windows, line?.audioSeconds, line?.words], [3, seconds, 3]);
  });

  it('names the artifact after the job when it has a title', async () => {
    const w = worker();
    await run(w, testJob({ title: 'Monday meeting' }));
    assert.equal(w.artifacts.called('createArtifact')[0]?.request.title, 'Monday meeting');
  });

  it('forgets the job’s window checkpoints once it is settled', async () => {
    const bucket = fakeBucket();
    await bucket.put('job_1.mix.pocketsphinx.en.0-16000', '{}');
    await bucket.put('job_2.mix.pocketsphinx.en.0-16000', '{}');
    await run(worker({ deps: { windowBucket: bucket } }));
    assert.deepEqual([...bucket.values.keys()], ['job_2.mix.pocketsphinx.en.0-16000']);
  });
});

describe('runTranscriptionJob: jobs whose engine or media cannot serve them', () => {
  it('fails a job of an engine or a model this worker does not run, reading no media', async () => {
    const whisper = worker();
    await run(whisper, testJob({ engine: 'whisper', profile: 'oracle-pro' }));
    assert.deepEqual(failure(whisper), {
      errorCode: 'engine_failed',
      errorMessage: 'This worker does not run the whisper engine.',
    });
    const model = worker();
    await run(model, testJob({ profile: 'oracle-pro' }));
    assert.deepEqual(failure(model), {
      errorCode: 'engine_failed',
      errorMessage: 'This worker does not have the weights of the pocketsphinx model small.en.',
    });
    assert.equal(whisper.media.calls.length + model.media.calls.length, 0);
  });

  it('fails media_unavailable when the media was deleted or is not ready', async () => {
    const deleted = worker({ mediaAnswers: { getReadUrl: () => Promise.reject(new AppError('not_found')) } });
    await run(deleted);
    assert.deepEqual(failure(deleted), {
      errorCode: 'media_unavailable',
      errorMessage: 'The media was deleted before the job ran.',
    });
    const notReady = worker({
      mediaAnswers: { getReadUrl: () => Promise.reject(new AppError('media_not_ready', 'it is still uploading')) },
    });
    await run(notReady);
    assert.equal(failure(notReady).errorMessage, 'The media is not available for transcription: it is still uploading');
  });

  it('fails media_unreadable, saying what ffmpeg said and no path, when the media is not audio', async () => {
    const junk = join(dir.path, 'junk.wav');
    await writeFile(junk, 'ID3 definitely not audio '.repeat(100));
    const w = worker({ mediaUrl: junk });
    await run(w);
    const { errorCode, errorMessage } = failure(w);
    assert.equal(errorCode, 'media_unreadable');
    assert.match(String(errorMessage), /^The media could not be decoded as audio \(ffmpeg: .+\)\. Re-encode it/);
    assert.ok(!String(errorMessage).includes(dir.path), String(errorMessage));
  });

  it('fails media_unavailable when storage no longer has the media’s object', async () => {
    status = 404;
    const w = worker({ mediaUrl: storageUrl });
    await run(w);
    assert.deepEqual(failure(w), {
      errorCode: 'media_unavailable',
      errorMessage: 'The media could not be read from storage; it was probably deleted.',
    });
  });
});

describe('runTranscriptionJob: a job whose stored options jobs could not read', () => {
  it('fails job_options_unreadable, never running on defaults, reading no media', async () => {
    const w = worker();
    await run(w, testJob({ options: undefined }));
    assert.equal(failure(w).errorCode, 'job_options_unreadable');
    assert.equal(w.media.calls.length, 0);
  });
});

describe('runTranscriptionJob: jobs whose engine or artifacts fail', () => {
  it('fails engine_failed with a fixed text, what the engine printed going to the log only', async () => {
    const secret = 'FATAL: cannot open /models/private/acoustic-v7.bin';
    const crashing = fakeEngine(() =>
      Promise.reject(new EngineError('pocketsphinx exited with code 1', { output: secret })),
    );
    const w = worker({ engine: crashing });
    await run(w);
    assert.deepEqual(failure(w), {
      errorCode: 'engine_failed',
      errorMessage: 'The speech engine failed while transcribing the media.',
    });
    const [line, ...more] = w.logged('speech engine failed', { jobId: 'job_1' });
    assert.equal(more.length, 0);
    assert.equal(line?.engineOutput, secret);
  });

  it('fails engine_failed when the engine’s words make no valid transcript', async () => {
    const babbling = fakeEngine(async () => ({
      language: 'en',
      utterances: [{ words: [{ text: 'x'.repeat(1001), start: 0, end: 0.5, confidence: null }] }],
    }));
    const w = worker({ engine: babbling });
    await run(w);
    const { errorCode, errorMessage } = failure(w);
    assert.equal(errorCode, 'engine_failed');
    assert.match(String(errorMessage), /^The engine's output could not be turned into a valid transcript \(segments/);
    assert.equal(w.logged('built transcript is invalid').length, 1);
  });

  it('fails processing_failed when artifacts refuses the transcript for good', async () => {
    const w = worker({
      artifacts: { createArtifact: () => Promise.reject(new AppError('validation_error', 'payload too large')) },
    });
    await run(w);
    assert.deepEqual(failure(w), {
      errorCode: 'processing_failed',
      errorMessage: 'The transcript could not be stored (validation_error: payload too large).',
    });
  });
});

describe('runTranscriptionJob: attempts that end for a redelivery', () => {
  const unavailable = () => Promise.reject(new AppError('service_unavailable'));

  it('throws when media, artifacts or jobs cannot be reached, after retrying in place, settling nothing', async () => {
    const media = worker({ mediaAnswers: { getReadUrl: unavailable } });
    await assert.rejects(run(media), (err: AppError) => err.code === 'service_unavailable');
    assert.equal(media.media.called('getReadUrl').length, 2, 'one retry (retryDelaysMs: [1])');
    assert.equal(media.jobs.calls.length, 0);

    const artifacts = worker({ artifacts: { createArtifact: unavailable } });
    await assert.rejects(run(artifacts), (err: AppError) => err.code === 'service_unavailable');
    assert.equal(artifacts.jobs.called('completeJob').length + artifacts.jobs.called('failJob').length, 0);

    const jobs = worker({ jobs: { completeJob: unavailable } });
    await assert.rejects(run(jobs), (err: AppError) => err.code === 'service_unavailable');
    assert.equal(jobs.jobs.called('completeJob').length, 2);
  });

  it('throws when storage answers with an error that may pass, failing nothing', async () => {
    status = 503;
    const w = worker({ mediaUrl: storageUrl });
    await assert.rejects(run(w), (err: unknown) => err instanceof DecodeError && err.failure.kind === 'transient');
    assert.equal(w.jobs.called('failJob').length, 0);
  });

  it('acknowledges a job that jobs refuses to complete for good (it ended meanwhile)', async () => {
    const w = worker({ jobs: { completeJob: () => Promise.reject(new AppError('job_not_running')) } });
    await run(w);
    assert.equal(w.logged('jobs refused CompleteJob; acknowledging the ticket', { jobId: 'job_1' }).length, 1);
  });

  it('keeps the window checkpoints of a job that will run again', async () => {
    const bucket = fakeBucket();
    await bucket.put('job_1.mix.pocketsphinx.en.0-16000', '{}');
    const w = worker({ deps: { windowBucket: bucket }, jobs: { completeJob: unavailable } });
    await assert.rejects(run(w));
    const kept = [...bucket.values.keys()];
    assert.ok(kept.includes('job_1.mix.pocketsphinx.en.0-16000'), kept.join());
    assert.equal(kept.length, 4, 'and the three windows this attempt recognized');
  });
});
