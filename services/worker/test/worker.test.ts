// The worker (started in this process, so tests can set its options and read its logs) against
// the real jobs, media, artifacts, billing and accounts services, a real NATS work queue, real
// S3 storage, ffmpeg and PocketSphinx. Work is created as the product creates it: media uploaded
// and verified, then CreateJob, which publishes the ticket.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { concatSpeech, HARVARD_SENTENCES, synthesizeSpeech, wordErrorRate } from '@tp/testing';
import { validateTranscript } from '@tp/transcript';
import { liveGroupCount } from '../src/decode/process-group.ts';
import { startBackends, type Backends, type UploadedMedia } from './backends.ts';
import { aliveInGroups, childGroups, eventually, script, tempDir } from './support.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

let dir: { path: string; remove(): Promise<void> };
let b: Backends;
/** A few seconds of speech (about 1.5 s of work), a longer clip (several seconds) and a word or two. */
let speechPath: string;
let speech: UploadedMedia;
let clip: UploadedMedia;
let short: UploadedMedia;

before(async () => {
  dir = await tempDir();
  // (Assigned as soon as it runs, so `after` stops it even when a fixture fails.)
  const [, speechFile, clipFile, shortFile] = await Promise.all([
    startBackends().then((started) => (b = started)),
    synthesizeSpeech(SENTENCE, { voice: 'rms', dir: dir.path, name: 'speech' }),
    concatSpeech(HARVARD_SENTENCES.slice(0, 6), { voice: 'rms', format: 'mp3', dir: dir.path, name: 'clip' }),
    synthesizeSpeech('Hello there.', { voice: 'rms', dir: dir.path, name: 'short' }),
  ]);
  speechPath = speechFile;
  speech = await b.upload(speechPath, 'audio/wav');
  clip = await b.upload(clipFile.path, 'audio/mpeg');
  short = await b.upload(shortFile, 'audio/wav');
});

after(async () => {
  await b?.dispose();
  await dir?.remove();
});

// Every test leaves the queue empty; workers of one test do not take the next one's tickets.
afterEach(async () => {
  await b.stopWorkers();
});

/** The hold of a job that ended without success: released whole, nothing charged. */
async function assertReleased(jobId: string): Promise<void> {
  const ledger = await b.billed(jobId);
  assert.deepEqual(ledger.map((e) => e.kind), ['reservation', 'release'], 'the hold released, nothing charged');
  assert.equal(ledger[1]!.reservedDeltaMicro, -ledger[0]!.reservedDeltaMicro, 'all of it');
}

const drained = () => eventually('the ticket to be acknowledged', () => b.queueDrained(), 15_000, 50);

describe('worker: a transcription job', () => {
  it('claims the job, transcribes it, stores the transcript once, completes the job and settles its credits', async () => {
    const worker = await b.startWorker();
    const before = await b.balance();
    const created = await b.createJob(speech.mediaId);
    const job = await b.ended(created.jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.attempts, 1);
    assert.equal(job.progress, 100);
    assert.equal(job.language, 'en');

    const [artifact, ...more] = await b.artifactsOf(job);
    assert.ok(artifact, 'a transcript artifact');
    assert.equal(more.length, 0, 'stored once');
    assert.deepEqual(job.artifactIds, [artifact.artifactId]);
    assert.equal(artifact.artifactType, 'transcript');
    assert.equal(artifact.title, 'speech.wav');
    assert.equal(artifact.versionCount, 1);
    const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact.artifactId });
    assert.equal(version.authorType, 'service');
    assert.equal(version.authorId, 'worker');
    const checked = validateTranscript(JSON.parse(version.payloadJson));
    assert.ok(checked.ok, 'a valid canonical transcript');
    const transcript = checked.value;
    assert.deepEqual(transcript.source, { media_id: speech.mediaId, job_id: job.jobId, profile: 'oracle', engine: 'pocketsphinx' });
    assert.equal(transcript.language, 'en');
    assert.ok(Math.abs(transcript.duration - speech.durationSeconds) < 0.05, `${transcript.duration} s of ${speech.durationSeconds} s`);
    const hypothesis = transcript.segments.map((s) => s.text).join(' ');
    assert.ok(wordErrorRate(SENTENCE, hypothesis).wer <= 0.2, hypothesis);
    assert.deepEqual(transcript.segments.map((s) => s.id), transcript.segments.map((_, i) => `s${i + 1}`));
    assert.equal(job.billedSeconds, transcript.duration);

    // Completed once: one `succeeded` event, naming the artifact.
    await eventually('the succeeded event', () => b.events.some((e) => e.data.job_id === job.jobId && e.data.status === 'succeeded'));
    const ends = b.events.filter((e) => e.data.job_id === job.jobId && ['succeeded', 'failed', 'cancelled'].includes(e.data.status));
    assert.deepEqual(ends.map((e) => [e.subject, e.data.artifact_ids]), [['events.job.succeeded', [artifact.artifactId]]]);

    // Credits: held for the media's duration, settled for the seconds transcribed.
    const ledger = await b.billed(job.jobId);
    assert.deepEqual(ledger.map((e) => e.kind), ['reservation', 'settlement']);
    assert.ok(job.chargedMicro > 0 && job.chargedMicro <= job.reservedMicro, `charged ${job.chargedMicro} of ${job.reservedMicro}`);
    const after = await b.balance();
    assert.equal(after.reservedMicro, 0);
    assert.equal(before.totalMicro - after.totalMicro, job.chargedMicro, 'exactly the charge left the balance');
    await drained();

    const benchmark = worker.logged('job transcribed', { jobId: job.jobId })[0];
    assert.ok(benchmark, 'a benchmark line');
    assert.equal(benchmark.audioSeconds, transcript.duration);
    assert.ok(typeof benchmark.engineMs === 'number' && typeof benchmark.rtf === 'number' && typeof benchmark.wallMs === 'number');
    assert.ok((benchmark.rtf as number) > 0 && (benchmark.rtf as number) < 2);
  });

  it('reports progress while it runs, rising and below 100', async () => {
    await b.startWorker();
    const { jobId } = await b.createJob(clip.mediaId);
    const seen: number[] = [];
    const job = await eventually(
      'the job to end',
      async () => {
        const now = await b.getJob(jobId);
        if (now.status === 'running') seen.push(now.progress);
        return ['succeeded', 'failed', 'cancelled'].includes(now.status) ? now : undefined;
      },
      60_000,
      25,
    );
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.progress, 100);
    const distinct = [...new Set(seen)];
    assert.ok(distinct.filter((p) => p > 0).length >= 3, `progress seen while running: ${distinct.join(', ')}`);
    assert.ok(seen.every((p, i) => p >= 0 && p < 100 && (i === 0 || p >= seen[i - 1]!)), distinct.join(', '));
    assert.ok(seen.at(-1)! >= 50, distinct.join(', '));
    await drained();
  });

  it('stops within a second when the job is cancelled, kills ffmpeg and the engine, and acknowledges', async () => {
    const worker = await b.startWorker();
    const before = new Set(await childGroups());
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    const groups = (await childGroups()).filter((g) => !before.has(g));
    // ffmpeg may already have decoded everything into the (bounded) pipe buffers and left.
    assert.ok(groups.length >= 1 && groups.length <= 2, `the engine (and ffmpeg while it decodes) run in their own groups: ${groups.length}`);
    const cancelled = await b.jobs.cancelJob({ userId: b.userId, jobId });
    assert.equal(cancelled.status, 'cancelled');
    const cancelledAt = Date.now();
    await eventually('both process groups to end', async () => (await aliveInGroups(groups)).length === 0, 5_000);
    assert.ok(Date.now() - cancelledAt < 3_000, `stopped after ${Date.now() - cancelledAt} ms (progress interval 200 ms)`);
    await drained();
    await eventually('the worker to let the job go', () => worker.logged('job cancelled; ticket acknowledged', { jobId }).length === 1);
    const job = await b.getJob(jobId);
    assert.equal(job.status, 'cancelled');
    assert.equal(job.attempts, 1, 'not redelivered');
    assert.deepEqual(await b.artifactsOf(job), [], 'nothing stored');
    await assertReleased(jobId);
  });

  it('fails the job media_unreadable with an actionable message that leaks no URL', async () => {
    await b.startWorker();
    // Verified as audio, then its object is replaced in storage by bytes that are not.
    const spoiled = await b.upload(speechPath, 'audio/wav');
    await b.putObject(spoiled.storageKey, Buffer.from('ID3\u0003 definitely not audio '.repeat(100)));
    const { jobId } = await b.createJob(spoiled.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'media_unreadable', job.errorMessage);
    assert.match(job.errorMessage, /^The media could not be decoded as audio \(ffmpeg: .+\)\. Re-encode it/);
    assert.ok(!/https?:|Signature|X-Amz|127\.0\.0\.1|users\//.test(job.errorMessage), job.errorMessage);
    assert.equal(job.attempts, 1);
    await assertReleased(jobId);
    await drained();
  });

  it('fails the job media_unavailable when its object vanished from storage (404)', async () => {
    await b.startWorker();
    const vanishing = await b.upload(speechPath, 'audio/wav');
    await b.deleteObject(vanishing.storageKey);
    const { jobId } = await b.createJob(vanishing.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'media_unavailable', job.errorMessage);
    assert.equal(job.errorMessage, 'The media could not be read from storage; it was probably deleted.');
    await assertReleased(jobId);
    await drained();
  });

  it('fails the job media_unavailable when the media was deleted before the job ran', async () => {
    // No worker runs while the job waits and its media is deleted.
    const doomed = await b.upload(speechPath, 'audio/wav');
    const { jobId } = await b.createJob(doomed.mediaId);
    await b.media.deleteMedia({ userId: b.userId, mediaId: doomed.mediaId });
    await b.startWorker();
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'media_unavailable', job.errorMessage);
    assert.equal(job.errorMessage, 'The media was deleted before the job ran.');
    await assertReleased(jobId);
    await drained();
  });

  it('acknowledges a ticket with nothing to run', async () => {
    // The job is cancelled while queued: its ticket stays in the queue, with no job left for it.
    const { jobId } = await b.createJob(speech.mediaId);
    await b.jobs.cancelJob({ userId: b.userId, jobId });
    const worker = await b.startWorker();
    await eventually('the ticket to be presented', () => worker.logged('nothing to run for this ticket', { ticketId: jobId }).length === 1);
    await drained();
    const job = await b.getJob(jobId);
    assert.equal(job.status, 'cancelled');
    assert.equal(job.attempts, 0, 'never claimed');
    assert.equal(worker.logged('job claimed').length, 0);
  });

  it('is ready on its ops port and leaves no child process behind', async () => {
    const worker = await b.startWorker();
    const ready = await fetch(`http://127.0.0.1:${worker.service.opsPort}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, { nats: true, engines: true, ffmpeg: true, consuming: true });
    assert.equal(worker.service.running(), 0);
    assert.equal(liveGroupCount(), 0);
  });
});

describe('worker: backend outages', () => {
  it('rides out an artifacts outage: the redelivered job stores one artifact, completes once and settles once', async () => {
    // Calls retried in place for about 4 s: longer than artifacts takes to come back.
    const worker = await b.startWorker({}, { retryDelaysMs: [100, 250, 500, 1_000, 2_000], backoffMs: [300] });
    const { jobId } = await b.createJob(speech.mediaId);
    await b.makingProgress(jobId);
    await b.fleet.stopService('artifacts');
    try {
      await eventually('the first attempt to fail on the outage', () => worker.logged('handler failed; will retry').length > 0, 30_000, 50);
    } finally {
      await b.restart('artifacts');
    }
    const job = await b.ended(jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    // Run again on the redelivery (a third time when artifacts came back slowly: the machine is busy).
    assert.ok(job.attempts >= 2, `attempts ${job.attempts}`);
    const deliveries = worker.logged('job claimed', { jobId }).map((l) => l.deliveryCount);
    assert.deepEqual(deliveries, Array.from({ length: job.attempts }, (_, i) => i + 1), 'claimed once per delivery');
    const artifacts = await b.artifactsOf(job);
    assert.equal(artifacts.length, 1);
    assert.deepEqual(job.artifactIds, [artifacts[0]!.artifactId]);
    await eventually('the succeeded event', () => b.events.some((e) => e.data.job_id === jobId && e.data.status === 'succeeded'));
    assert.equal(b.events.filter((e) => e.data.job_id === jobId && e.data.status === 'succeeded').length, 1, 'completed once');
    assert.deepEqual((await b.billed(jobId)).map((e) => e.kind), ['reservation', 'settlement'], 'settled once');
    await drained();
  });

  it('rides out a jobs outage: the claim waits for jobs, and the transcript sent twice is stored once', async () => {
    const worker = await b.startWorker();
    const { jobId } = await b.createJob(speech.mediaId);
    const running = await b.makingProgress(jobId);
    await b.fleet.stopService('jobs');
    let storedDuringOutage: string[];
    try {
      // CompleteJob fails (the transcript is stored already); the redelivered ticket cannot be
      // claimed while jobs is down, and waits in place instead of using up its deliveries.
      await eventually('the redelivered ticket to wait for jobs', () => worker.logged('jobs unreachable; retrying the claim', { ticketId: jobId }).length > 0, 30_000, 50);
      storedDuringOutage = (await b.artifactsOf(running)).map((a) => a.artifactId);
    } finally {
      await b.restart('jobs');
    }
    assert.equal(storedDuringOutage.length, 1, 'the first attempt stored the transcript');
    const job = await b.ended(jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.attempts, 2);
    assert.deepEqual(worker.logged('job claimed', { jobId }).map((l) => l.deliveryCount), [1, 2], 'the outage used up no delivery');
    assert.equal(worker.logged('job transcribed', { jobId }).length, 2, 'the transcript was made (and sent) twice');
    const artifacts = await b.artifactsOf(job);
    assert.deepEqual(artifacts.map((a) => [a.artifactId, a.versionCount]), [[storedDuringOutage[0], 1]], 'but stored once (idempotency key)');
    assert.deepEqual(job.artifactIds, storedDuringOutage);
    assert.deepEqual((await b.billed(jobId)).map((e) => e.kind), ['reservation', 'settlement']);
    await drained();
  });

  it('fails the job processing_failed, its hold released, once the ticket runs out of attempts', async () => {
    const worker = await b.startWorker();
    await b.fleet.stopService('artifacts');
    let job;
    try {
      const { jobId } = await b.createJob(short.mediaId);
      job = await b.ended(jobId);
    } finally {
      await b.restart('artifacts');
    }
    assert.equal(job.errorCode, 'processing_failed', job.errorMessage);
    assert.match(job.errorMessage, /^Transcription failed after 3 attempts; the last error was: A backend service is unavailable/);
    assert.equal(job.attempts, 3);
    assert.deepEqual(worker.logged('job claimed', { jobId: job.jobId }).map((l) => l.deliveryCount), [1, 2, 3]);
    assert.deepEqual(await b.artifactsOf(job), []);
    await assertReleased(job.jobId);
    await drained();
  });
});

describe('worker: a crashing engine', () => {
  it('fails each job engine_failed and carries on with the next ticket', async () => {
    const crashing = await script(dir.path, 'segv-engine.sh', 'head -c 32000 > /dev/null\nkill -SEGV $$');
    const crashy = await b.startWorker({ POCKETSPHINX_BIN: crashing });
    const first = await b.createJob(speech.mediaId);
    const second = await b.createJob(speech.mediaId);
    for (const { jobId } of [first, second]) {
      const job = await b.ended(jobId);
      assert.equal(job.errorCode, 'engine_failed', job.errorMessage);
      assert.match(job.errorMessage, /^The speech engine failed: pocketsphinx crashed \(killed by SIGSEGV\)/);
      assert.equal(job.attempts, 1);
      await assertReleased(jobId);
    }
    assert.equal((await fetch(`http://127.0.0.1:${crashy.service.opsPort}/healthz`)).status, 200);
    await drained();
  });
});

describe('worker: a job that runs too long', () => {
  it('is stopped at JOB_TIMEOUT_MS and fails processing_failed', async () => {
    await b.startWorker({ JOB_TIMEOUT_MS: '1000' });
    const { jobId } = await b.createJob(clip.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'processing_failed', job.errorMessage);
    assert.equal(job.errorMessage, 'The job did not finish within 1 second.');
    await assertReleased(jobId);
    await drained();
    assert.equal(liveGroupCount(), 0);
  });
});

describe('worker: start-up checks and shutdown', () => {
  it('refuses to start without the engine model or ffmpeg, saying what is missing', async () => {
    await assert.rejects(b.startWorker({ POCKETSPHINX_MODEL_DIR: join(dir.path, 'nowhere') }), /pocketsphinx cannot run: .*nowhere\/en-us is missing.*pocketsphinx-en-us/);
    await assert.rejects(b.startWorker({ FFMPEG_BIN: join(dir.path, 'no-ffmpeg') }), /ffmpeg cannot run \(FFMPEG_BIN=.*no-ffmpeg: not found\)/);
  });

  it('on shutdown kills the running job and puts its ticket back for another worker', async () => {
    const leaving = await b.startWorker();
    const before = new Set(await childGroups());
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    const groups = (await childGroups()).filter((g) => !before.has(g));
    assert.ok(groups.length >= 1 && groups.length <= 2, `the engine, and ffmpeg while it decodes: ${groups.length} groups`);
    const stopping = Date.now();
    await leaving.stop();
    assert.ok(Date.now() - stopping < 3_000, `stopped in ${Date.now() - stopping} ms`);
    // SIGKILLed processes may take a moment to leave /proc after their pipes closed.
    await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0, 1_000);
    const left = await b.getJob(jobId);
    assert.equal(left.status, 'running', 'neither completed nor failed');

    const successor = await b.startWorker();
    const job = await b.ended(jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.attempts, 2);
    assert.deepEqual(leaving.logged('job claimed', { jobId }).map((l) => l.deliveryCount), [1]);
    assert.deepEqual(successor.logged('job claimed', { jobId }).map((l) => l.deliveryCount), [2]);
    assert.deepEqual((await b.billed(jobId)).map((e) => e.kind), ['reservation', 'settlement']);
    await drained();
  });
});
