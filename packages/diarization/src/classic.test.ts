// The classic diarizer on conversations of flite voices with known turns (synthesized once, cached).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Conversation, repeatConversation, synthesizeConversation } from '@tp/testing';
import {
  createClassicDiarizer,
  type DiarizationOptions,
  type DiarizationResult,
  diarizationErrorRate,
} from './index.ts';

function diarize(
  pcm: Buffer,
  options: DiarizationOptions,
  chunk: (i: number) => number = () => 32_000,
): DiarizationResult {
  const diarizer = createClassicDiarizer();
  for (let offset = 0, i = 0; offset < pcm.length; i++) {
    const size = chunk(i);
    diarizer.push(pcm.subarray(offset, offset + size));
    offset += size;
  }
  return diarizer.finish(options);
}

function checkTurns(result: DiarizationResult): void {
  assert.equal(result.turns[0]?.speaker, 0, 'speaker 0 speaks first');
  for (const [i, turn] of result.turns.entries()) {
    assert.ok(turn.end > turn.start, `turn ${i} has a length`);
    if (i > 0) assert.ok(turn.start >= result.turns[i - 1]!.end, `turn ${i} starts after turn ${i - 1} ends`);
  }
  const seen = new Set(result.turns.map((t) => t.speaker));
  assert.deepEqual(
    [...seen].sort(),
    Array.from({ length: result.speakerCount }, (_, i) => i),
  );
}

const TWO_VOICES: [string, string][] = [
  ['rms', 'slt'],
  ['awb', 'slt'],
];

describe('classic diarizer on two flite voices', () => {
  const conversations = new Map<string, Conversation>();
  before(async () => {
    for (const voices of TWO_VOICES) conversations.set(voices.join('+'), await synthesizeConversation({ voices }));
  });

  for (const voices of TWO_VOICES) {
    for (const numSpeakers of [2, null]) {
      it(`${voices.join('+')} with numSpeakers ${numSpeakers}: DER ≤ 10% and two speakers`, () => {
        const conversation = conversations.get(voices.join('+'))!;
        const result = diarize(conversation.pcm, { numSpeakers });
        checkTurns(result);
        assert.equal(result.speakerCount, 2);
        const { der } = diarizationErrorRate(conversation.turns, result.turns);
        assert.ok(der <= 0.1, `DER ${(der * 100).toFixed(1)}%`);
      });
    }
  }

  it('gives the same turns whatever sizes the PCM arrives in, odd byte counts included', () => {
    const { pcm } = conversations.get('rms+slt')!;
    const whole = diarize(pcm, { numSpeakers: null }, () => pcm.length);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 1 + (seed % 9001);
    };
    assert.deepEqual(diarize(pcm, { numSpeakers: null }, random), whole);
    assert.deepEqual(
      diarize(pcm, { numSpeakers: null }, (i) => (i < 5000 ? 1 : 3)),
      whole,
    );
  });

  it('uses the speech spans it is given instead of finding speech itself', () => {
    const conversation = conversations.get('awb+slt')!;
    const speech = conversation.turns.map(({ start, end }) => ({ start, end }));
    const result = diarize(conversation.pcm, { numSpeakers: null, speech });
    checkTurns(result);
    assert.equal(result.speakerCount, 2);
    const first = speech[0]!.start;
    assert.ok(
      Math.abs(result.turns[0]!.start - first) < 0.05,
      `first turn at ${result.turns[0]!.start}, speech at ${first}`,
    );
    assert.ok(diarizationErrorRate(conversation.turns, result.turns).der <= 0.1);
  });
});

describe('classic diarizer on three flite voices', () => {
  let conversation: Conversation;
  before(async () => {
    conversation = await synthesizeConversation({ voices: ['rms', 'slt', 'awb'], turns: 15 });
  });

  for (const numSpeakers of [3, null]) {
    it(`numSpeakers ${numSpeakers}: DER ≤ 25%`, () => {
      const result = diarize(conversation.pcm, { numSpeakers });
      checkTurns(result);
      if (numSpeakers !== null) assert.equal(result.speakerCount, 3);
      const { der } = diarizationErrorRate(conversation.turns, result.turns);
      assert.ok(der <= 0.25, `DER ${(der * 100).toFixed(1)}%`);
    });
  }
});

describe('classic diarizer on five-minute recordings of two flite voices', () => {
  const conversations = new Map<string, Conversation>();
  before(
    async () => {
      conversations.set('60 turns', await synthesizeConversation({ voices: ['rms', 'slt'], turns: 60 }));
      // The plain BIC split this one into 9 speakers: a speaker's clusters grow with the recording.
      conversations.set(
        '12 turns said 5 times',
        repeatConversation(await synthesizeConversation({ voices: ['rms', 'slt'] }), 5),
      );
      // Six minutes of flite speech: minutes of CPU on a busy 2-core machine, past the per-test bound.
    },
    { timeout: 600_000 },
  );

  for (const name of ['60 turns', '12 turns said 5 times']) {
    it(`${name}: two speakers estimated, DER ≤ 10%`, () => {
      const conversation = conversations.get(name)!;
      assert.ok(conversation.durationSeconds > 290, `${conversation.durationSeconds} s`);
      const result = diarize(conversation.pcm, { numSpeakers: null });
      checkTurns(result);
      assert.equal(result.speakerCount, 2);
      const { der } = diarizationErrorRate(conversation.turns, result.turns);
      assert.ok(der <= 0.1, `DER ${(der * 100).toFixed(1)}%`);
    });
  }
});

describe('classic diarizer edge cases', () => {
  it('finds no turns in silence', () => {
    const result = diarize(Buffer.alloc(32_000 * 3), { numSpeakers: null });
    assert.deepEqual(result, { turns: [], speakerCount: 0, method: 'classic-mfcc-bic-gmm' });
  });

  it('refuses a count outside NUM_SPEAKERS, and pushes after finish', () => {
    const diarizer = createClassicDiarizer();
    assert.throws(() => diarizer.finish({ numSpeakers: 0 }), RangeError);
    assert.throws(() => diarizer.finish({ numSpeakers: 11 }), RangeError);
    assert.throws(() => diarizer.finish({ numSpeakers: 2.5 }), RangeError);
    diarizer.finish({ numSpeakers: 2 });
    assert.throws(() => diarizer.push(Buffer.alloc(2)), /after finish/);
  });
});
