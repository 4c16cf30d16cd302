import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findSpeakerNames, type FoundSpeakerName, type SpokenText } from '../index.ts';

/** Segments from `[speaker, text]` pairs. */
const said = (...lines: [string | null, string][]): SpokenText[] => lines.map(([speaker, text]) => ({ speaker, text }));

function namesOf(segments: SpokenText[]): Record<string, FoundSpeakerName> {
  return Object.fromEntries(findSpeakerNames(segments));
}

/** The one name found for S1 in `text` said alone, or undefined. */
const selfName = (text: string) => findSpeakerNames(said(['S1', text])).get('S1');

/** Each text, said alone, introduces its speaker by the name beside it. */
function assertIntroductions(cases: [string, string][]): void {
  for (const [text, name] of cases) assert.deepEqual(selfName(text), { name, source: 'self_introduction' }, text);
}

describe('findSpeakerNames: self-introductions', () => {
  it('finds them in recognizer output (lowercase, no punctuation) and capitalises the name', () => {
    assertIntroductions([
      ['my name is dana and i live here', 'Dana'],
      ["hello everyone i'm lee and i work in sales", 'Lee'],
      ['good morning i am priya', 'Priya'],
      ['this is dana speaking', 'Dana'],
      ['this is dana', 'Dana'],
      ['hi everyone dana here', 'Dana'],
      ["my name's o'brien", "O'Brien"],
      ['my name is mary-jane', 'Mary-Jane'],
    ]);
  });

  it('finds them in punctuated text, a surname after "my name is" included', () => {
    assertIntroductions([
      ['Hello, my name is Dana Smith.', 'Dana Smith'],
      ["Hi, I'm Lee. I run the team.", 'Lee'],
      ['I\u2019m Lee.', 'Lee'],
      ['This is Dana speaking.', 'Dana'],
      ['Dana here, calling about the invoice.', 'Dana'],
      ["I'm Will, and this is my podcast.", 'Will'],
    ]);
  });

  it('takes no common word for a name (false friends)', () => {
    for (const text of [
      "i'm fine",
      "i'm happy to be here",
      "i'm going to the store",
      'i am not sure',
      "i'm so tired",
      'my name is not important',
      'this is great',
      'this is paris in the spring',
      'nobody here knows',
      "I'm fine, thanks.",
      "I'm happy.",
      "I'm dana's sister.",
      'This is Great stuff', // not at the end: no introduction
      "I'm American.",
      'This is Monday.',
      "i'm excited",
      "i'm wondering",
    ])
      assert.equal(selfName(text), undefined, text);
  });

  it('finds a name that is also a common word only in cased text', () => {
    assert.equal(selfName("i'm will"), undefined);
    assert.deepEqual(selfName("I'm Will."), { name: 'Will', source: 'self_introduction' });
  });
});

describe('findSpeakerNames: addresses', () => {
  it('names the previous speaker from the start of the next turn', () => {
    const cases: [string, string][] = [
      ['thanks dana', 'Dana'],
      ['ok thank you lee that was clear', 'Lee'],
      ['Thanks, Dana.', 'Dana'],
      ['Great, thank you so much, Lee!', 'Lee'],
      ['Dana, what do you think?', 'Dana'],
      ['dana what do you think', 'Dana'],
      ['priya do you agree', 'Priya'],
    ];
    for (const [text, name] of cases) {
      const found = namesOf(said(['S1', 'the numbers look good'], ['S2', text]));
      assert.deepEqual(found, { S1: { name, source: 'addressed' } }, text);
    }
  });

  it('names the next speaker from the end of a turn', () => {
    for (const text of [
      'and now over to you dana',
      'That is all from me. Over to you, Dana.',
      'What do you think, Dana?',
    ])
      assert.deepEqual(
        namesOf(said(['S1', text], ['S2', 'sure'])),
        { S2: { name: 'Dana', source: 'addressed' } },
        text,
      );
  });

  it('takes no common word and no statement for an address', () => {
    for (const text of [
      'thanks everyone',
      'thank you very much',
      'well what do you think',
      'Dana, it works.',
      'paris is lovely',
    ])
      assert.deepEqual(namesOf(said(['S1', 'the numbers look good'], ['S2', text])), {}, text);
  });

  it('does not look for addresses inside a turn, and needs someone to address', () => {
    assert.deepEqual(namesOf(said(['S1', 'the numbers look good'], ['S1', 'thanks dana'])), {});
    assert.deepEqual(namesOf(said(['S1', 'over to you dana'])), {});
    assert.deepEqual(namesOf(said([null, 'the numbers look good'], ['S2', 'thanks dana'])), {});
  });
});

describe('findSpeakerNames: precedence and conflicts', () => {
  it('prefers a self-introduction to an address', () => {
    const segments = said(['S1', "hi i'm dana"], ['S2', 'thanks lee'], ['S1', 'thanks lee'], ['S2', 'sure']);
    assert.deepEqual(namesOf(segments), {
      S1: { name: 'Dana', source: 'self_introduction' },
      S2: { name: 'Lee', source: 'addressed' },
    });
  });

  it('gives a name two speakers claim to the more certain one only; the other takes its next name', () => {
    // S2 is addressed as Dana, but S1 introduces herself as Dana: S1 keeps it; S2 is also addressed as Lee.
    const segments = said(
      ['S1', 'my name is dana'],
      ['S2', 'welcome'],
      ['S1', 'thanks dana'],
      ['S2', 'fine'],
      ['S1', 'thank you lee'],
    );
    assert.deepEqual(namesOf(segments), {
      S1: { name: 'Dana', source: 'self_introduction' },
      S2: { name: 'Lee', source: 'addressed' },
    });
    // Both introduce themselves as Dana, S2 twice: S2 is the more certain.
    const twice = said(['S1', "i'm dana"], ['S2', "i'm dana"], ['S1', 'ok'], ['S2', 'again i am dana']);
    assert.deepEqual(namesOf(twice), { S2: { name: 'Dana', source: 'self_introduction' } });
  });

  it('gives no one a name already given by a user, nor names that user-named speaker', () => {
    const segments = said(['S1', "i'm dana"], ['S2', "i'm lee"]);
    assert.deepEqual(Object.fromEntries(findSpeakerNames(segments, { named: new Map([['S2', 'Dana']]) })), {});
  });
});
