import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyTranscript, exampleTranscript, transcriptText, validateTranscript } from './index.ts';

describe('emptyTranscript', () => {
  it('is valid and carries its source', () => {
    const t = emptyTranscript({ media_id: 'med_1', engine: 'pocketsphinx' }, { language: 'en', duration: 3 });
    assert.deepEqual(t, {
      version: 1,
      language: 'en',
      duration: 3,
      speakers: [],
      segments: [],
      translation: null,
      source: { media_id: 'med_1', job_id: null, profile: null, engine: 'pocketsphinx' },
    });
    assert.ok(validateTranscript(t).ok);
    assert.equal(emptyTranscript().language, 'und');
  });
});

describe('transcriptText', () => {
  it('joins segment texts by line', () => {
    assert.equal(transcriptText(exampleTranscript()), 'Hello there.\nHi!');
    assert.equal(transcriptText(emptyTranscript()), '');
  });

  it('can prefix speakers (name, else label) and use the translation', () => {
    assert.equal(transcriptText(exampleTranscript(), { speakers: true }), 'Ada: Hello there.\nSpeaker 2: Hi!');
    const t = exampleTranscript();
    t.translation!.segments.pop();
    t.segments[1]!.speaker = null;
    assert.equal(transcriptText(t, { translation: true, speakers: true }), 'Ada: Hola.\nHi!');
  });
});
