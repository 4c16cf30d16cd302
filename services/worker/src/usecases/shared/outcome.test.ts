import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JobStopped } from '../../domain/job-stopped.ts';
import { retry, stopOutcome } from './outcome.ts';

describe('stopOutcome', () => {
  it('lets a cancelled job go, fails one that timed out, retries one the shutdown stopped', () => {
    assert.deepEqual(stopOutcome(new JobStopped('cancelled', 'The job was cancelled.')), { kind: 'cancelled' });
    assert.deepEqual(stopOutcome(new JobStopped('timeout', 'The job did not finish within 1 second.')), {
      kind: 'failed',
      failure: { errorCode: 'processing_failed', errorMessage: 'The job did not finish within 1 second.' },
    });
    const shutdown = new JobStopped('shutdown', 'The worker is shutting down.');
    assert.deepEqual(stopOutcome(shutdown), { kind: 'retry', error: shutdown });
    assert.equal(stopOutcome(new Error('anything else')), undefined);
  });
});

describe('retry', () => {
  it('carries an Error, whatever was thrown', () => {
    const error = new Error('boom');
    const retried = retry(error);
    assert.ok(retried.kind === 'retry' && retried.error === error, 'the very error');
    assert.deepEqual(retry('a string'), { kind: 'retry', error: new Error('a string') });
  });
});
