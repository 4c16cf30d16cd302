import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCaptionBurnOptions } from '@tp/captions';
import { AppError } from '@tp/errors';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, oneCue, testJob } from '../../../test/fakes.ts';
import { readPinnedTranscript } from './read-pinned-transcript.ts';

const plan = { style: parseCaptionBurnOptions({}), transcript: { artifactId: 'art_t', versionId: 'ver_t' } };

function read(getVersion: () => unknown) {
  const w = fakeWorker({ artifacts: { getVersion: getVersion as never } });
  return { w, outcome: readPinnedTranscript(w.deps, { job: testJob(), ticket: fakeTicket(), plan }) };
}

const failureOf = async (outcome: ReturnType<typeof read>['outcome']) => {
  const read = await outcome;
  return read.kind === 'failed' ? read.failure.errorMessage : read.kind;
};

describe('readPinnedTranscript', () => {
  it('reads the transcript version jobs pinned, for the job’s user', async () => {
    const { w, outcome } = read(() => ({ payloadJson: JSON.stringify(oneCue), payloadUnavailable: false }));
    assert.deepEqual(await outcome, { kind: 'done', value: oneCue });
    assert.deepEqual(w.artifacts.calls[0]?.request, {
      userId: 'usr_1',
      artifactId: 'art_t',
      versionId: 'ver_t',
      includePayload: true,
    });
  });

  it('fails the job when the version was deleted, cannot be read or is not a transcript', async () => {
    const deleted = read(() => Promise.reject(new AppError('not_found')));
    assert.match(
      await failureOf(deleted.outcome),
      /the transcript art_t \(version ver_t\) was deleted after the job was created/,
    );
    assert.match(
      await failureOf(read(() => ({ payloadJson: '', payloadUnavailable: true })).outcome),
      /could not be read; create the job again/,
    );
    const invalid = read(() => ({ payloadJson: '{"version":1}', payloadUnavailable: false }));
    assert.match(await failureOf(invalid.outcome), /is not a valid transcript/);
    assert.equal(invalid.w.logged('pinned transcript is invalid', { artifactId: 'art_t' }).length, 1);
  });

  it('retries the attempt when artifacts cannot be reached', async () => {
    assert.equal(await failureOf(read(() => Promise.reject(new AppError('service_unavailable'))).outcome), 'retry');
  });
});
