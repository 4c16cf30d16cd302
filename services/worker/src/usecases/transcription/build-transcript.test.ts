import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capturedLog, fakeEngine, testJob, transcriptionOptions } from '../../../test/fakes.ts';
import { buildJobTranscript } from './build-transcript.ts';

const word = (text: string, start: number) => ({ text, start, end: start + 0.4, confidence: 0.8 });

function build(language: string, texts: string[]) {
  const out = capturedLog();
  const built = buildJobTranscript(out, {
    job: testJob(),
    options: transcriptionOptions({ language }),
    engine: fakeEngine(),
    recognition: {
      language: 'en',
      decodedBytes: 3.5 * 32_000,
      utterances: [{ speaker: null, words: texts.map((t, i) => word(t, i * 0.5)) }],
    },
  });
  return { built, out };
}

describe('buildJobTranscript', () => {
  it('builds the job’s transcript in the language asked for, billed for the seconds decoded', () => {
    const { built } = build('auto', ['hello', 'world']);
    assert.ok(built.kind === 'done');
    assert.equal(built.value.billedSeconds, 3.5);
    assert.deepEqual(
      [built.value.transcript.language, built.value.transcript.duration, built.value.transcript.segments[0]?.text],
      ['en', 3.5, 'hello world'],
    );
    assert.deepEqual(built.value.transcript.source, {
      media_id: 'med_1',
      job_id: 'job_1',
      profile: 'oracle',
      engine: 'pocketsphinx',
    });
  });

  it('fails the job engine_failed, logging the evidence, when the words break a rule of the transcript', () => {
    const { built, out } = build('en', ['x'.repeat(1001)]);
    assert.ok(built.kind === 'failed');
    assert.equal(built.failure.errorCode, 'engine_failed');
    assert.match(built.failure.errorMessage, /could not be turned into a valid transcript \(segments\.0\./);
    assert.equal(out.logged('built transcript is invalid', { jobId: 'job_1' }).length, 1);
  });
});
