import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseJobOptions } from './job-options.ts';

const plain = { diarization: null, targetLanguage: null, channelSeparation: false };

describe('parseJobOptions', () => {
  it('reads the language', () => {
    assert.deepEqual(parseJobOptions('{"language":"en","diarization":null}'), { ...plain, language: 'en' });
    assert.deepEqual(parseJobOptions('{"language":"auto"}'), { ...plain, language: 'auto' });
    assert.deepEqual(parseJobOptions('{"language":"pt-BR"}'), { ...plain, language: 'pt-BR' });
  });

  it('reads diarization, the translation target and channel separation', () => {
    assert.deepEqual(
      parseJobOptions(
        '{"language":"en","target_language":"es","diarization":{"mode":"regular","num_speakers":2,"auto_speaker_names":true}}',
      ),
      {
        language: 'en',
        diarization: { numSpeakers: 2, autoSpeakerNames: true },
        targetLanguage: 'es',
        channelSeparation: false,
      },
    );
    assert.deepEqual(parseJobOptions('{"diarization":{}}').diarization, { numSpeakers: null, autoSpeakerNames: false });
    assert.equal(parseJobOptions('{"channel_speaker_separation":true}').channelSeparation, true);
  });

  it('falls back to the defaults for missing or malformed options', () => {
    for (const raw of ['', '{}', 'not json', '[]', 'null', '{"language":42}', '{"language":"EN GLISH"}'])
      assert.deepEqual(parseJobOptions(raw), { ...plain, language: 'auto' }, raw);
    assert.deepEqual(parseJobOptions('{"diarization":[],"target_language":7,"channel_speaker_separation":"yes"}'), {
      ...plain,
      language: 'auto',
    });
  });
});
