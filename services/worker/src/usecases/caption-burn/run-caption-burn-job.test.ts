import { CaptionBurnOptionsSchema } from '@tp/captions';
import { jobOptionsFromView } from '@tp/job-options';
import assert from 'node:assert/strict';
import { mkdir, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { tempDir, type TempDir } from '@tp/testing';
import { type FakeWorker, type FakeWorkerOptions, fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, oneCue, testJob, writeToneWav } from '../../../test/fakes.ts';
import { runCaptionBurnJob } from './run-caption-burn-job.ts';

let dir: TempDir;
let tone: string;
/** Where the export is PUT: the bodies it received; it answers `storage.status`. */
let server: Server;
const storage = { status: 200, received: [] as { type: string | undefined; bytes: number }[] };

before(async () => {
  dir = await tempDir();
  tone = join(dir.path, 'tone.wav');
  await writeToneWav(tone, [[1, true]]);
  server = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      storage.received.push({ type: request.headers['content-type'], bytes });
      response.writeHead(storage.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await dir?.remove();
});

/** The block as jobs accepted it: every field of the style filled in, the transcript version pinned. */
const PINNED = CaptionBurnOptionsSchema.parse({ transcript_artifact_id: 'art_t', transcript_version_id: 'ver_t' });
let burns = 0;

/** A caption burn of the tone, pinned to `oneCue`, its files in a folder of its own. */
async function burnJob(options: FakeWorkerOptions = {}, style: object | null = PINNED) {
  const burnDir = join(dir.path, `burns-${(burns += 1)}`);
  await mkdir(burnDir);
  const w: FakeWorker = fakeWorker({
    mediaUrl: tone,
    media: { durationSeconds: 1, fileName: 'talk.m4a' },
    ...options,
    artifacts: {
      getVersion: () => ({ payloadJson: JSON.stringify(oneCue), payloadUnavailable: false }),
      createOutputUpload: () => ({
        outputKey: 'users/usr_1/exports/job_1/talk-captions.mp4',
        uploadUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload?X-Amz-Signature=secret`,
        contentType: 'video/mp4',
      }),
      createArtifact: () => ({ artifact: { artifactId: 'art_export' } as never }),
      ...options.artifacts,
    },
    deps: { burnDir, ...options.deps },
  });
  const job = testJob({ type: 'caption_burn', options: jobOptionsFromView({ caption_burn: style }) });
  const run = runCaptionBurnJob(w.deps, { ticket: fakeTicket(), job });
  return { w, run, burnDir };
}

const failureOf = (w: FakeWorker) => w.jobs.called('failJob')[0]?.request.errorMessage;

describe('runCaptionBurnJob: a burn that runs to its end', () => {
  it('burns the pinned transcript, uploads the MP4, stores it as the job’s media export and completes the job', async () => {
    storage.received.length = 0;
    const { w, run, burnDir } = await burnJob();
    await run;
    assert.deepEqual(w.artifacts.called('getVersion')[0]?.request, {
      userId: 'usr_1',
      artifactId: 'art_t',
      versionId: 'ver_t',
      includePayload: true,
    });
    assert.equal(w.artifacts.called('createOutputUpload')[0]?.request.fileName, 'talk-captions.mp4');
    assert.equal(storage.received.length, 1);
    assert.equal(storage.received[0]?.type, 'video/mp4');
    assert.ok(storage.received[0]!.bytes > 1000, `${storage.received[0]?.bytes} bytes`);
    const created = w.artifacts.called('createArtifact')[0]?.request;
    assert.deepEqual(
      [created?.artifactType, created?.outputKey, created?.outputFormat, created?.idempotencyKey],
      ['media_export', 'users/usr_1/exports/job_1/talk-captions.mp4', 'mp4', 'job:job_1'],
    );
    const payload = JSON.parse(String(created?.payloadJson));
    assert.deepEqual([payload.width, payload.height, payload.transcript_version_id], [1280, 720, 'ver_t']);
    const completed = w.jobs.called('completeJob')[0]?.request;
    assert.equal(completed?.artifactId, 'art_export');
    assert.equal(completed?.billedSeconds, payload.duration_seconds);
    assert.equal(completed?.language, '');
    assert.deepEqual(await readdir(burnDir), [], 'its temporary files are gone');
  });
});

describe('runCaptionBurnJob: burns that cannot succeed', () => {
  it('fails a job that names no transcript version, reading nothing', async () => {
    const { w, run } = await burnJob({}, { ...PINNED, transcript_version_id: null });
    await run;
    assert.match(String(failureOf(w)), /it names no transcript version/);
    assert.equal(w.media.calls.length + w.artifacts.calls.length, 0);
  });

  it('fails a job whose media or pinned transcript is gone or unreadable', async () => {
    const media = await burnJob({ mediaAnswers: { getReadUrl: () => Promise.reject(new AppError('not_found')) } });
    await media.run;
    assert.equal(failureOf(media.w), 'The media was deleted before the job ran.');
    for (const [getVersion, why] of [
      [() => Promise.reject(new AppError('not_found')), /was deleted after the job was created/],
      [() => ({ payloadJson: '', payloadUnavailable: true }), /could not be read/],
      [() => ({ payloadJson: '{"version":1}', payloadUnavailable: false }), /is not a valid transcript/],
    ] as const) {
      const { w, run, burnDir } = await burnJob({ artifacts: { getVersion } });
      await run;
      assert.match(String(failureOf(w)), why);
      assert.deepEqual(await readdir(burnDir), []);
    }
  });

  it('fails a job whose export artifacts refuses for good', async () => {
    const refusing = () => Promise.reject(new AppError('validation_error', 'bad name'));
    const { w, run } = await burnJob({ artifacts: { createOutputUpload: refusing } });
    await run;
    assert.equal(failureOf(w), 'The video could not be stored (validation_error: bad name).');
  });
});

describe('runCaptionBurnJob: attempts that end for a redelivery', () => {
  it('throws when artifacts or storage cannot be reached, naming no URL, leaving no file behind', async () => {
    const unreachable = await burnJob({
      artifacts: { getVersion: () => Promise.reject(new AppError('service_unavailable')) },
    });
    await assert.rejects(unreachable.run, (err: AppError) => err.code === 'service_unavailable');
    storage.status = 503;
    try {
      const { w, run, burnDir } = await burnJob();
      await assert.rejects(run, (err: Error) => err.message === 'storage answered 503 to the upload of the output');
      assert.equal(w.jobs.calls.filter((c) => c.method !== 'reportProgress').length, 0, 'nothing settled');
      assert.deepEqual(await readdir(burnDir), []);
    } finally {
      storage.status = 200;
    }
  });
});
