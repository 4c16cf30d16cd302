import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  attemptsExhausted,
  decodeFailureOutcome,
  engineFailed,
  engineNotRunHere,
  spanText,
  timeoutMessage,
  unreadableMessage,
} from './job-failures.ts';

describe('job failures', () => {
  it('says how long a job may run in a user’s words', () => {
    assert.equal(spanText(1_000), '1 second');
    assert.equal(spanText(90_000), '90 seconds');
    assert.equal(spanText(4 * 60 * 60 * 1000), '240 minutes');
    assert.equal(timeoutMessage(1_000), 'The job did not finish within 1 second.');
  });

  it('tells the user of unreadable media what to do', () => {
    assert.match(
      unreadableMessage('<media>: Invalid data found when processing input'),
      /could not be decoded as audio \(ffmpeg: <media>: Invalid data.*\)\. Re-encode it/,
    );
  });

  it('ends a job on a decode failure unless storage may come back', () => {
    assert.equal(decodeFailureOutcome({ kind: 'unreadable', detail: 'x' })?.errorCode, 'media_unreadable');
    assert.deepEqual(decodeFailureOutcome({ kind: 'unavailable', detail: 'x' }), {
      errorCode: 'media_unavailable',
      errorMessage: 'The media could not be read from storage; it was probably deleted.',
    });
    assert.equal(decodeFailureOutcome({ kind: 'transient', detail: 'x' }), undefined);
  });

  it('names the last error of exhausted attempts by its public text only', () => {
    const outage = new AppError('service_unavailable', 'connect ECONNREFUSED 10.0.0.7:50054');
    const failure = attemptsExhausted(1, outage);
    assert.equal(failure.errorCode, 'processing_failed');
    assert.match(failure.errorMessage, /^Transcription failed after 1 attempt; the last error was: /);
    assert.ok(!failure.errorMessage.includes('10.0.0.7'), failure.errorMessage);
    assert.match(
      attemptsExhausted(3, new Error('boom')).errorMessage,
      /after 3 attempts; .*An internal error occurred\.$/,
    );
    assert.equal(engineNotRunHere('').errorMessage, 'This worker does not run the (unnamed) engine.');
  });

  it('tells the user of a failed engine a fixed text', () => {
    assert.deepEqual(engineFailed(), {
      errorCode: 'engine_failed',
      errorMessage: 'The speech engine failed while transcribing the media.',
    });
  });
});
