import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyTranscript,
  nameSpeakers,
  validateTranscript,
  type Transcript,
  type TranscriptSpeaker,
} from '../index.ts';

/** A transcript of one-second segments, `[speaker, text]` each, with the given speakers declared. */
function transcript(speakers: TranscriptSpeaker[], lines: [string | null, string][]): Transcript {
  const t = emptyTranscript({ engine: 'pocketsphinx' }, { language: 'en', duration: lines.length });
  t.speakers = speakers;
  t.segments = lines.map(([speaker, text], i) => ({
    id: `s${i + 1}`,
    start: i,
    end: i + 1,
    text,
    speaker,
    words: [],
  }));
  return t;
}

const speaker = (id: string, label = id, name: string | null = null): TranscriptSpeaker => ({ id, label, name });

describe('nameSpeakers: finding names', () => {
  it('names speakers from recognizer output, labels the rest by first appearance, and stays valid', () => {
    const t = transcript(
      [speaker('A', 'SPEAKER_00'), speaker('B', 'SPEAKER_01'), speaker('C', 'SPEAKER_02'), speaker('D', 'SPEAKER_03')],
      [
        ['C', 'welcome to the show'],
        ['A', 'thanks my name is dana and i live here'],
        ['D', 'hmm'],
        ['B', 'thank you dana'],
      ],
    );
    const named = nameSpeakers(t);
    assert.deepEqual(named.speakers, [
      { id: 'A', label: 'SPEAKER_00', name: 'Dana', name_source: 'self_introduction' },
      { id: 'B', label: 'Speaker 3', name: null },
      { id: 'C', label: 'Speaker 1', name: null },
      { id: 'D', label: 'Speaker 2', name: null },
    ]);
    assert.deepEqual(named.segments, t.segments);
    assert.ok(validateTranscript(named).ok);
    assert.equal(t.speakers[0]!.name, null, 'the input is not modified');
  });

  it('records an address as its source', () => {
    const t = transcript(
      [speaker('S1'), speaker('S2')],
      [
        ['S1', 'The numbers look good.'],
        ['S2', 'Thanks, Priya. Over to you, Sam.'],
        ['S1', 'Thank you.'],
      ],
    );
    // S2 hands over to S1 (the next turn) as Sam, but S2 opened by thanking S1 as Priya: both are addresses of S1,
    // said once each; the first said wins.
    assert.deepEqual(nameSpeakers(t).speakers, [
      { id: 'S1', label: 'S1', name: 'Priya', name_source: 'addressed' },
      { id: 'S2', label: 'Speaker 1', name: null },
    ]);
  });
});

describe('nameSpeakers: names found before, given by a user, or missing', () => {
  it('keeps names a user gave (marked or from before sources) and gives them to no one else', () => {
    const t = transcript(
      [
        { id: 'S1', label: 'Speaker 1', name: 'Dana', name_source: 'user' },
        speaker('S2', 'Speaker 2', 'Lee'),
        speaker('S3'),
      ],
      [
        ['S1', "i'm lee"],
        ['S2', "i'm kim"],
        ['S3', "i'm dana"],
      ],
    );
    assert.deepEqual(nameSpeakers(t).speakers, [
      { id: 'S1', label: 'Speaker 1', name: 'Dana', name_source: 'user' },
      { id: 'S2', label: 'Speaker 2', name: 'Lee' },
      { id: 'S3', label: 'Speaker 1', name: null },
    ]);
  });

  it('finds earlier found names again or clears them: running it twice changes nothing', () => {
    const t = transcript(
      [{ id: 'S1', label: 'Speaker 1', name: 'Old', name_source: 'addressed' }, speaker('S2')],
      [
        ['S1', 'hello'],
        ['S2', "i'm kim"],
      ],
    );
    const once = nameSpeakers(t);
    assert.deepEqual(once.speakers, [
      { id: 'S1', label: 'Speaker 1', name: null },
      { id: 'S2', label: 'S2', name: 'Kim', name_source: 'self_introduction' },
    ]);
    assert.deepEqual(nameSpeakers(once), once);
  });

  it('labels declared speakers without segments after the others, and leaves a transcript without speakers alone', () => {
    const t = transcript(
      [speaker('S1'), speaker('S2')],
      [
        ['S2', 'hello'],
        [null, 'music'],
      ],
    );
    assert.deepEqual(
      nameSpeakers(t).speakers.map((s) => s.label),
      ['Speaker 2', 'Speaker 1'],
    );
    const empty = emptyTranscript();
    assert.deepEqual(nameSpeakers(empty), empty);
  });
});
