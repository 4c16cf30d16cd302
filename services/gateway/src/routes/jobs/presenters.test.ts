import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobOptionsFromView } from '@tp/job-options';
import { Job } from '@tp/proto';
import { presentJob } from './presenters.ts';

const job = (overrides: Partial<Job>): Job =>
  Job.fromPartial({
    jobId: 'job_1',
    type: 'transcription',
    status: 'succeeded',
    profile: 'oracle',
    engine: 'whisper',
    mediaId: 'med_1',
    language: 'en',
    createdAt: new Date('2026-12-01T10:00:00Z'),
    updatedAt: new Date('2026-12-01T10:01:00Z'),
    ...overrides,
  });

describe('presentJob: options', () => {
  it('answers the options exactly as the request gave them, nulls and all', () => {
    for (const text of [
      '{"language":"en","target_language":null,"diarization":null,"channel_speaker_separation":false,"caption_burn":null}',
      '{"language":"auto","target_language":"es","diarization":{},"output_format":"srt"}',
      '{}',
    ]) {
      const presented = presentJob(job({ options: jobOptionsFromView(JSON.parse(text)) }));
      assert.equal(JSON.stringify(presented.options), text);
    }
  });

  it('answers a job whose options jobs cannot read with none, and the failure that says why', () => {
    const presented = presentJob(
      job({
        status: 'failed',
        language: '',
        errorCode: 'job_options_unreadable',
        errorMessage: 'The job\'s options could not be read: options has an unknown key "speakers".',
      }),
    );
    assert.deepEqual(presented.options, {});
    assert.equal(presented.error?.code, 'job_options_unreadable');
  });
});
