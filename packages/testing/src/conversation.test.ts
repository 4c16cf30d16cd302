import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repeatConversation } from './conversation.ts';

describe('repeatConversation', () => {
  it('repeats the PCM and shifts each repetition’s turns by the duration', () => {
    const conversation = {
      pcm: Buffer.from([1, 0, 2, 0]),
      turns: [{ start: 0.1, end: 0.5, speaker: 0, text: 'a' }],
      durationSeconds: 2,
    };
    const long = repeatConversation(conversation, 3);
    assert.deepEqual([...long.pcm], [1, 0, 2, 0, 1, 0, 2, 0, 1, 0, 2, 0]);
    assert.equal(long.durationSeconds, 6);
    assert.deepEqual(
      long.turns.map((t) => [t.start, t.end, t.speaker]),
      [
        [0.1, 0.5, 0],
        [2.1, 2.5, 0],
        [4.1, 4.5, 0],
      ],
    );
  });
});
