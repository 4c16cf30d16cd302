import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { readMediaUrl } from './read-media-url.ts';

const read = (getReadUrl: () => unknown) =>
  readMediaUrl(fakeWorker({ mediaAnswers: { getReadUrl: getReadUrl as never } }).deps, {
    job: testJob(),
    ticket: fakeTicket(),
  });

describe('readMediaUrl', () => {
  it('answers the presigned URL media signs for the job’s user and media, for READ_URL_TTL_SECONDS', async () => {
    const w = fakeWorker({ mediaUrl: 'https://storage/media?sig' });
    const read = await readMediaUrl(w.deps, { job: testJob(), ticket: fakeTicket() });
    assert.ok(read.kind === 'done');
    assert.equal(read.value.url, 'https://storage/media?sig');
    assert.deepEqual(w.media.calls[0]?.request, { userId: 'usr_1', mediaId: 'med_1', ttlSeconds: 3600 });
  });

  it('fails the job when the media is gone or not ready', async () => {
    assert.deepEqual(await read(() => Promise.reject(new AppError('not_found'))), {
      kind: 'failed',
      failure: { errorCode: 'media_unavailable', errorMessage: 'The media was deleted before the job ran.' },
    });
    const notReady = await read(() => Promise.reject(new AppError('media_not_ready', 'it is still uploading')));
    assert.ok(notReady.kind === 'failed');
    assert.equal(notReady.failure.errorMessage, 'The media is not available for transcription: it is still uploading');
  });

  it('retries the attempt when media cannot be reached or answers otherwise', async () => {
    const unreachable = await read(() => Promise.reject(new AppError('service_unavailable')));
    assert.ok(unreachable.kind === 'retry' && (unreachable.error as AppError).code === 'service_unavailable');
    const refused = await read(() => Promise.reject(new AppError('caller_not_allowed')));
    assert.ok(refused.kind === 'retry' && (refused.error as AppError).code === 'caller_not_allowed');
  });
});
