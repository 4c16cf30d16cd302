import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { transcriptionOptions } from './job-options.ts';

const plain = { diarization: null, targetLanguage: null, channelSeparation: false };

describe('transcriptionOptions', () => {
  it('reads the language; unset is auto, as the API defines it', () => {
    assert.deepEqual(transcriptionOptions({ language: 'en', diarizationNull: 'NULL_VALUE' }), {
      ...plain,
      language: 'en',
    });
    assert.deepEqual(transcriptionOptions({ language: 'pt-BR' }), { ...plain, language: 'pt-BR' });
    assert.deepEqual(transcriptionOptions({}), { ...plain, language: 'auto' });
  });

  it('reads diarization, the translation target and channel separation; a null is not asked for', () => {
    assert.deepEqual(
      transcriptionOptions({
        language: 'en',
        targetLanguage: 'es',
        diarization: { mode: 'regular', numSpeakers: 2, autoSpeakerNames: true },
      }),
      {
        language: 'en',
        diarization: { numSpeakers: 2, autoSpeakerNames: true },
        targetLanguage: 'es',
        channelSeparation: false,
      },
    );
    assert.deepEqual(transcriptionOptions({ diarization: {} }), {
      ...plain,
      language: 'auto',
      diarization: { numSpeakers: null, autoSpeakerNames: false },
    });
    assert.deepEqual(
      transcriptionOptions({ targetLanguageNull: 'NULL_VALUE', diarization: { numSpeakersNull: 'NULL_VALUE' } }),
      { ...plain, language: 'auto', diarization: { numSpeakers: null, autoSpeakerNames: false } },
    );
    assert.equal(
      (transcriptionOptions({ channelSpeakerSeparation: true }) as { channelSeparation: boolean }).channelSeparation,
      true,
    );
  });

  it('fails a job without options (jobs could not read them) with job_options_unreadable, never defaults', () => {
    assert.deepEqual(transcriptionOptions(undefined), {
      failure: {
        errorCode: 'job_options_unreadable',
        errorMessage: 'The job cannot run: its options could not be read; create the job again.',
      },
    });
  });
});
