import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { tempDir, type TempDir } from '@tp/testing';
import { type FakeWorkerOptions, fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { storeExport } from './store-export.ts';

let dir: TempDir;
let video: string;

before(async () => {
  dir = await tempDir();
  video = join(dir.path, 'output.mp4');
  await writeFile(video, 'not really a video');
});
after(() => dir?.remove());

/** Stores the file; the presigned upload goes to `uploadUrl` (a port nobody listens on: the upload cannot be made). */
function store(artifacts: FakeWorkerOptions['artifacts'] = {}) {
  const w = fakeWorker({
    artifacts: {
      createOutputUpload: () => ({
        outputKey: 'users/usr_1/exports/job_1/talk-captions.mp4',
        uploadUrl: 'http://127.0.0.1:1/x',
        contentType: 'video/mp4',
      }),
      createArtifact: () => ({ artifact: { artifactId: 'art_export' } as never }),
      ...artifacts,
    },
  });
  const outcome = storeExport(w.deps, {
    job: testJob({ type: 'caption_burn' }),
    ticket: fakeTicket(),
    path: video,
    fileName: 'talk-captions.mp4',
    payload: { format: 'mp4' },
  });
  return { w, outcome };
}

describe('storeExport', () => {
  it('asks artifacts for an upload of the job’s MP4 export by its file name', async () => {
    const { w, outcome } = store();
    await outcome;
    assert.deepEqual(w.artifacts.called('createOutputUpload')[0]?.request, {
      userId: 'usr_1',
      jobId: 'job_1',
      fileName: 'talk-captions.mp4',
      format: 'mp4',
      contentType: 'video/mp4',
    });
  });

  it('retries the attempt when the file cannot be uploaded, storing no artifact', async () => {
    const { w, outcome } = store();
    const stored = await outcome;
    assert.ok(stored.kind === 'retry' && /ECONNREFUSED/.test(stored.error.message));
    assert.equal(w.artifacts.called('createArtifact').length, 0);
  });

  it('fails the job when artifacts refuses the upload for good', async () => {
    const { w, outcome } = store({
      createOutputUpload: () => Promise.reject(new AppError('validation_error', 'bad name')),
    });
    assert.deepEqual(await outcome, {
      kind: 'failed',
      failure: {
        errorCode: 'processing_failed',
        errorMessage: 'The video could not be stored (validation_error: bad name).',
      },
    });
    assert.equal(w.logged('artifacts refused the upload of the video', { jobId: 'job_1' }).length, 1);
  });
});
