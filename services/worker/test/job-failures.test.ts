// Jobs a worker cannot transcribe end failed with a code and a message their user can act on, and
// their credits released: media that is not audio, media gone from storage, an engine that fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeScript } from '@tp/testing';
import { assertReleased, drained, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

describe('worker: media that cannot be transcribed', () => {
  it('fails the job media_unreadable with an actionable message that leaks no URL', async () => {
    const { b, speechPath } = fx;
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
    await assertReleased(b, jobId);
    await drained(b);
  });

  it('fails the job media_unavailable when its object vanished from storage (404)', async () => {
    const { b, speechPath } = fx;
    await b.startWorker();
    const vanishing = await b.upload(speechPath, 'audio/wav');
    await b.deleteObject(vanishing.storageKey);
    const { jobId } = await b.createJob(vanishing.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'media_unavailable', job.errorMessage);
    assert.equal(job.errorMessage, 'The media could not be read from storage; it was probably deleted.');
    await assertReleased(b, jobId);
    await drained(b);
  });

  it('fails the job media_unavailable when the media was deleted before the job ran', async () => {
    const { b, speechPath } = fx;
    // No worker runs while the job waits and its media is deleted.
    const doomed = await b.upload(speechPath, 'audio/wav');
    const { jobId } = await b.createJob(doomed.mediaId);
    await b.media.deleteMedia({ userId: b.userId, mediaId: doomed.mediaId });
    await b.startWorker();
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'media_unavailable', job.errorMessage);
    assert.equal(job.errorMessage, 'The media was deleted before the job ran.');
    await assertReleased(b, jobId);
    await drained(b);
  });
});

describe('worker: a failing engine', () => {
  const FIXED = 'The speech engine failed while transcribing the media.';

  it('fails each job engine_failed and carries on with the next ticket', async () => {
    const { b, dir, speech } = fx;
    const crashing = await writeScript(dir.path, 'segv-engine.sh', 'head -c 32000 > /dev/null\nkill -SEGV $$');
    const crashy = await b.startWorker({ POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: crashing });
    const first = await b.createJob(speech.mediaId);
    const second = await b.createJob(speech.mediaId);
    for (const { jobId } of [first, second]) {
      const job = await b.ended(jobId);
      assert.equal(job.errorCode, 'engine_failed', job.errorMessage);
      assert.equal(job.errorMessage, FIXED);
      assert.equal(job.attempts, 1);
      await assertReleased(b, jobId);
      const [logged] = crashy.logged('speech engine failed', { jobId });
      assert.match(
        String((logged?.err as { message?: string })?.message),
        /pocketsphinx crashed \(killed by SIGSEGV\)/,
      );
    }
    assert.equal((await fetch(`http://127.0.0.1:${crashy.service.opsPort}/healthz`)).status, 200);
    await drained(b);
  });

  it('tells the user a fixed text and writes what the engine printed to the log, with the job id', async () => {
    const { b, dir, speech } = fx;
    const secret = 'FATAL: cannot open /models/private/acoustic-v7.bin (tenant acme)';
    const failing = await writeScript(dir.path, 'stderr-engine.sh', `cat > /dev/null\necho "${secret}" >&2\nexit 1`);
    const worker = await b.startWorker({ POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: failing });
    const { jobId } = await b.createJob(speech.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'engine_failed');
    assert.equal(job.errorMessage, FIXED);
    for (const word of ['FATAL', 'acoustic', '/models', 'acme', 'exit', 'code 1'])
      assert.ok(!job.errorMessage.includes(word), `${word} in ${job.errorMessage}`);
    const lines = worker.logged('speech engine failed', { jobId });
    assert.equal(lines.length, 1, 'logged once, with the job id');
    assert.equal(lines[0]!.engineOutput, secret);
    assert.equal((lines[0]!.err as { message?: string }).message, 'pocketsphinx exited with code 1');
    assert.ok(!worker.lines.some((line) => line.msg === 'job failed' && JSON.stringify(line).includes('acme')));
    await assertReleased(b, jobId);
    await drained(b);
  });
});
