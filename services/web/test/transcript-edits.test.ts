// The editor's edits (services/web/app/src/transcripts.ts): kept by place apart from the version, so
// that they apply again to a newer version after a conflict.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyEdits,
  editCount,
  editsProblem,
  NO_EDITS,
  type Transcript,
  withEdit,
  wordAt,
  wordKey,
} from '../app/src/transcripts.ts';

const word = (text: string, start: number) => ({ text, start, end: start + 0.4, confidence: 0.9, speaker: 'S1' });

const transcript: Transcript = {
  version: 1,
  language: 'en',
  duration: 4,
  speakers: [{ id: 'S1', label: 'Speaker 1', name: null }],
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1.5,
      text: 'open the window',
      speaker: 'S1',
      words: [word('open', 0), word('the', 0.5), word('window', 1)],
    },
    { id: 's2', start: 2, end: 3, text: 'typed by hand', speaker: null, words: [] },
  ],
  translation: null,
  source: { media_id: null, job_id: null, profile: null, engine: null },
};

describe('transcript edits', () => {
  it('apply by place: a word (its segment text follows, no confidence), a segment, a speaker name', () => {
    let edits = withEdit(NO_EDITS, 'words', wordKey('s1', 2), '  door ', 'window');
    edits = withEdit(edits, 'segments', 's2', 'typed  again', 'typed by hand');
    edits = withEdit(edits, 'speakers', 'S1', 'Grace', '');
    assert.equal(editCount(edits), 3);
    const edited = applyEdits(transcript, edits);
    assert.deepEqual(edited.segments[0]!.words[2], { ...word('door', 1), confidence: null });
    assert.equal(edited.segments[0]!.text, 'open the door');
    assert.equal(edited.segments[1]!.text, 'typed again');
    assert.deepEqual(edited.speakers[0], { id: 'S1', label: 'Speaker 1', name: 'Grace', name_source: 'user' });
    assert.equal(transcript.segments[0]!.text, 'open the window', 'the version itself is untouched');
  });

  it('an edit back to what the version says is no edit; an emptied name clears it; an empty word is refused', () => {
    const edits = withEdit(withEdit(NO_EDITS, 'words', 's1:0', 'close', 'open'), 'words', 's1:0', 'open', 'open');
    assert.equal(editCount(edits), 0);
    const named = {
      ...transcript,
      speakers: [{ id: 'S1', label: 'Speaker 1', name: 'Ada', name_source: 'user' as const }],
    };
    const cleared = applyEdits(named, withEdit(NO_EDITS, 'speakers', 'S1', ' ', 'Ada'));
    assert.deepEqual(cleared.speakers[0], { id: 'S1', label: 'Speaker 1', name: null, name_source: null });
    assert.match(editsProblem(withEdit(NO_EDITS, 'words', 's1:1', '  ', 'the')) ?? '', /cannot be empty/);
    assert.equal(editsProblem(edits), null);
  });

  it('edits of places a newer version lacks are left out', () => {
    const edits = withEdit(NO_EDITS, 'words', 's9:0', 'gone', 'x');
    assert.deepEqual(applyEdits(transcript, edits), transcript);
  });

  it('finds the word being spoken: the last one started, none before the first', () => {
    const words = transcript.segments[0]!.words;
    assert.equal(wordAt(words, 0.7), 1);
    assert.equal(wordAt(words, 0.95), 1, 'in a pause the last word stays lit');
    assert.equal(wordAt(words, 9), 2);
    assert.equal(wordAt([{ start: 1, end: 2 }], 0.5), -1);
  });
});
