// The classic diarizer in a worker thread answers what it answers in process, and never blocks the
// caller's event loop while it works.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Conversation, synthesizeConversation } from '@tp/testing';
import { createClassicDiarizer, createThreadedDiarizer } from './index.ts';

let conversation: Conversation;
before(async () => {
  conversation = await synthesizeConversation({ voices: ['rms', 'slt'] });
});

const chunks = (pcm: Buffer) =>
  Array.from({ length: Math.ceil(pcm.length / 32_001) }, (_, i) => pcm.subarray(i * 32_001, (i + 1) * 32_001));

describe('createThreadedDiarizer', () => {
  it('answers what the diarizer answers in process, while the event loop keeps turning', async () => {
    const local = createClassicDiarizer();
    const threaded = createThreadedDiarizer();
    for (const chunk of chunks(conversation.pcm)) {
      local.push(chunk);
      threaded.push(chunk);
    }
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 1);
    try {
      const answer = await threaded.finish({ numSpeakers: null });
      assert.deepEqual(answer, local.finish({ numSpeakers: null }));
      assert.ok(ticks > 0, 'timers ran while the thread worked');
    } finally {
      clearInterval(ticking);
    }
    assert.throws(() => threaded.push(conversation.pcm), /closed/, 'the thread ends with its answer');
  });

  it('rejects as the method throws, and closes when asked before finishing', async () => {
    const bad = createThreadedDiarizer();
    bad.push(conversation.pcm.subarray(0, 64_000));
    await assert.rejects(bad.finish({ numSpeakers: 99 }), RangeError);
    const dropped = createThreadedDiarizer();
    dropped.push(conversation.pcm.subarray(0, 64_000));
    await dropped.close();
    await dropped.close();
    await assert.rejects(dropped.finish({ numSpeakers: 2 }), /closed/);
  });
});
