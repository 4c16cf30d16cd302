import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { transcriptRefused } from '../../domain/job-failures.ts';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { storeJobArtifact } from './job-artifact.ts';

const artifact = { artifactType: 'transcript' as const, title: 't', payloadJson: '{}', idempotencyKey: 'job:job_1' };

function store(createArtifact: () => unknown) {
  const w = fakeWorker({ artifacts: { createArtifact: createArtifact as never } });
  const outcome = storeJobArtifact(w.deps, {
    job: testJob({ workspaceId: 'wsp_1' }),
    ticket: fakeTicket(),
    artifact,
    refused: transcriptRefused,
  });
  return { w, outcome };
}

describe('storeJobArtifact', () => {
  it('creates the artifact as the worker, for the job’s user, media and workspace, and answers its id', async () => {
    const { w, outcome } = store(() => ({ artifact: { artifactId: 'art_7' } }));
    assert.deepEqual(await outcome, { kind: 'done', value: 'art_7' });
    assert.deepEqual(w.artifacts.calls[0]?.request, {
      userId: 'usr_1',
      artifactType: 'transcript',
      mediaId: 'med_1',
      workspaceId: 'wsp_1',
      jobId: 'job_1',
      title: 't',
      payloadJson: '{}',
      authorType: 'service',
      authorId: 'worker',
      outputKey: '',
      outputFormat: '',
      idempotencyKey: 'job:job_1',
    });
  });

  it('fails the job as `refused` says when artifacts refuses it for good', async () => {
    const { w, outcome } = store(() => Promise.reject(new AppError('validation_error', 'too big')));
    assert.deepEqual(await outcome, { kind: 'failed', failure: transcriptRefused('validation_error', 'too big') });
    assert.equal(w.logged('artifacts refused the job’s artifact', { artifactType: 'transcript' }).length, 1);
  });

  it('retries the attempt when artifacts cannot be reached, or answers no artifact', async () => {
    const unreachable = await store(() => Promise.reject(new AppError('service_unavailable'))).outcome;
    assert.equal(unreachable.kind, 'retry');
    const empty = await store(() => ({})).outcome;
    assert.ok(empty.kind === 'retry' && /without an artifact/.test(empty.error.message));
  });
});
