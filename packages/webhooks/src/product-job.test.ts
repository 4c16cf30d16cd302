import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyTranscript, exampleTranscript, exportTranscript, validateTranscriptJson } from '@tp/transcript';
import { eventTypeOf, productJob, productStatus, TRANSCRIPT_EXPORT, WEBHOOK_EVENT_TYPES } from './index.ts';
import { jobFixture, succeededJob } from './test-fixtures.ts';

describe('statuses and events', () => {
  it('maps every job status to the product one', () => {
    assert.deepEqual(['queued', 'running', 'succeeded', 'failed', 'cancelled'].map(productStatus), [
      'PENDING',
      'IN_PROGRESS',
      'COMPLETED',
      'FAILED',
      'CANCELLED',
    ]);
    assert.throws(() => productStatus('paused'), /Unknown job status: paused/);
  });

  it('names the event of each terminal status, and none for the others', () => {
    assert.deepEqual(WEBHOOK_EVENT_TYPES, [
      'transcription.completed',
      'transcription.failed',
      'transcription.cancelled',
    ]);
    assert.equal(eventTypeOf('succeeded'), 'transcription.completed');
    assert.equal(eventTypeOf('COMPLETED'), 'transcription.completed');
    assert.equal(eventTypeOf('failed'), 'transcription.failed');
    assert.equal(eventTypeOf('CANCELLED'), 'transcription.cancelled');
    assert.equal(eventTypeOf('running'), null);
    assert.equal(eventTypeOf('PENDING'), null);
  });
});

describe('productJob: a job without a result', () => {
  it('shows a queued job without result or error', () => {
    assert.deepEqual(productJob(jobFixture({ options: { language: 'de' } }), null), {
      jobId: 'job_01JABCDEFGHJKMNPQRSTVWXYZ0',
      status: 'PENDING',
      progress: 0,
      model: 'base',
      language: 'de',
      output_format: 'json',
      created_at: '2026-11-25T10:00:00.000Z',
      started_at: null,
      finished_at: null,
      error: null,
      result: null,
    });
  });

  it('reads language and output_format from the options, json and auto where they say none', () => {
    const srt = productJob(jobFixture({ options: { language: 'fr', outputFormat: 'srt' } }), null);
    assert.deepEqual([srt.language, srt.output_format], ['fr', 'srt']);
    // None: jobs could not read the job's options (it fails job_options_unreadable), or an older job had none.
    for (const options of [undefined, {}]) {
      const job = productJob(jobFixture({ status: 'running', progress: 40, options }), null);
      assert.equal(job.status, 'IN_PROGRESS');
      assert.equal(job.progress, 40);
      assert.equal(job.output_format, 'json', JSON.stringify(options));
      assert.equal(job.language, 'auto', JSON.stringify(options));
    }
  });

  it('gives a failed job its error, and a code even when none was recorded', () => {
    const failed = jobFixture({ status: 'failed', errorCode: 'media_unreadable', errorMessage: 'Not audio.' });
    assert.deepEqual(productJob(failed, exampleTranscript()).error, {
      code: 'media_unreadable',
      message: 'Not audio.',
    });
    assert.equal(productJob(failed, exampleTranscript()).result, null);
    assert.deepEqual(productJob(jobFixture({ status: 'failed' }), null).error, {
      code: 'job_failed',
      message: 'The transcription failed.',
    });
  });

  it('gives a cancelled job an error only when a reason was recorded', () => {
    assert.equal(productJob(jobFixture({ status: 'cancelled' }), null).error, null);
    const withReason = jobFixture({ status: 'cancelled', errorCode: 'media_deleted', errorMessage: 'Gone.' });
    assert.deepEqual(productJob(withReason, null).error, { code: 'media_deleted', message: 'Gone.' });
  });
});

describe('productJob: the result of a succeeded job', () => {
  it('gives a succeeded job its result from the transcript', () => {
    const job = productJob(succeededJob(), exampleTranscript());
    assert.equal(job.status, 'COMPLETED');
    assert.equal(job.finished_at, '2026-11-25T10:00:09.500Z');
    const result = job.result;
    assert.ok(result);
    assert.equal(result.text, 'Hello there.\nHi!');
    assert.deepEqual(result.segments, [
      { text: 'Hello there.', start: 0, end: 2.5, speaker: 'Ada' },
      { text: 'Hi!', start: 2.5, end: 5.2, speaker: 'Speaker 2' },
    ]);
    assert.equal(result.language, 'en');
    assert.equal(result.duration_seconds, 5.2);
    assert.deepEqual(result.translation, { language: 'es', text: 'Hola.\n¡Hola!' });
    assert.equal(result.output.format, 'json');
    assert.match(result.output.content_type, /^application\/json/);
    const parsed = validateTranscriptJson(result.output.content);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, exampleTranscript());
  });

  it('writes the output in the output_format asked', () => {
    const transcript = exampleTranscript();
    const srt = productJob(succeededJob({ outputFormat: 'srt' }), transcript).result?.output;
    assert.deepEqual(srt, {
      format: 'srt',
      content_type: 'application/x-subrip; charset=utf-8',
      content: exportTranscript(transcript, { format: 'srt' }).content,
    });
    assert.match(srt?.content ?? '', /^1\n00:00:00,000 --> /);
    const txt = productJob(succeededJob({ outputFormat: 'txt' }), transcript).result?.output;
    assert.deepEqual(txt, {
      format: 'txt',
      content_type: 'text/plain; charset=utf-8',
      content: exportTranscript(transcript, { format: 'text' }).content,
    });
    assert.match(txt?.content ?? '', /Ada: Hello there\./);
  });

  it('shows an empty transcript, a transcript without speakers or translation, plainly', () => {
    const result = productJob(succeededJob(), emptyTranscript({}, { language: 'en', duration: 3 })).result;
    assert.deepEqual(
      { ...result, output: undefined },
      { text: '', segments: [], language: 'en', duration_seconds: 3, translation: null, output: undefined },
    );
  });

  it('has no result for a succeeded job whose transcript is not at hand', () => {
    assert.equal(productJob(succeededJob(), null).result, null);
  });
});

describe('TRANSCRIPT_EXPORT', () => {
  it('reads the canonical transcript whole: an export with it round-trips, word timings included', () => {
    const transcript = exampleTranscript();
    // maxCharsPerEntry 0 and highlightColor '' are the wire's "unset" (jobs applies the defaults).
    const { format, includeSpeakers, includeTimestamps, includeWordTimestamps, pretty } = TRANSCRIPT_EXPORT;
    const file = exportTranscript(transcript, {
      format,
      includeSpeakers,
      includeTimestamps,
      includeWordTimestamps,
      pretty,
    });
    const read = validateTranscriptJson(file.content);
    assert.ok(read.ok);
    assert.deepEqual(read.value, transcript);
    assert.ok(
      read.value.segments.some((s) => s.words.length > 0),
      'the example has word timings to keep',
    );
  });
});
