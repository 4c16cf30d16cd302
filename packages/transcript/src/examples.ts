import type { Transcript } from './schema.ts';

/** A small valid transcript (two speakers, words, a translation); a fresh copy on every call. */
export function exampleTranscript(): Transcript {
  return {
    version: 1,
    language: 'en',
    duration: 5.2,
    speakers: [
      { id: 'S1', label: 'Speaker 1', name: 'Ada', name_source: 'user' },
      { id: 'S2', label: 'Speaker 2', name: null },
    ],
    segments: [
      {
        id: 's1',
        start: 0,
        end: 2.5,
        text: 'Hello there.',
        speaker: 'S1',
        words: [
          { text: 'Hello', start: 0, end: 0.4, confidence: 0.93, speaker: 'S1' },
          { text: 'there.', start: 0.45, end: 2.5, confidence: 0.871, speaker: 'S1' },
        ],
      },
      {
        id: 's2',
        start: 2.5,
        end: 5.2,
        text: 'Hi!',
        speaker: 'S2',
        words: [{ text: 'Hi!', start: 3, end: 3.4, confidence: null, speaker: 'S2' }],
      },
    ],
    translation: {
      language: 'es',
      segments: [
        { id: 's1', text: 'Hola.' },
        { id: 's2', text: '¡Hola!' },
      ],
    },
    source: {
      media_id: 'med_01JABCDEFGHJKMNPQRSTVWXYZ0',
      job_id: 'job_01JABCDEFGHJKMNPQRSTVWXYZ0',
      profile: 'oracle',
      engine: 'pocketsphinx',
    },
  };
}
