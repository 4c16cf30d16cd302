import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { baseWord, clampConfidence, parsePocketsphinxOutput, PocketsphinxOutputParser } from './pocketsphinx-output.ts';

// Captured from `pocketsphinx_continuous -infile /dev/stdin -time yes -logfn /dev/null` (0.8+5prealpha)
// on flite speech: two utterances separated by three seconds of silence.
const CAPTURED = `hello world this is it tested this pizza engine
<s> 0.000 0.130 0.999900
hello(2) 0.140 0.580 0.999900
world 0.590 1.020 0.998201
<sil> 1.030 1.120 0.396687
this 1.130 1.370 0.963094
is 1.380 1.500 0.981570
it 1.510 1.590 0.355361
tested 1.600 1.980 0.068652
this 1.990 2.230 0.467064
pizza 2.240 2.650 0.000933
engine 2.660 3.170 0.012750
</s> 3.180 3.540 1.000000
the quick brown fox
<s> 6.210 6.310 0.999300
<sil> 6.320 6.490 0.863366
the 6.500 6.650 0.636639
quick 6.660 6.970 0.206722
brown 6.980 7.400 0.999500
fox 7.410 7.820 0.999500
[NOISE] 7.830 8.000 0.500000
++BREATH++ 8.000 8.100 0.500000
to(3) 8.110 8.240 1.000200
</s> 8.250 8.360 1.000000
`;

describe('parsePocketsphinxOutput', () => {
  it('gives one utterance per hypothesis with its timed words', () => {
    const utterances = parsePocketsphinxOutput(CAPTURED);
    assert.equal(utterances.length, 2);
    assert.deepEqual(
      utterances[0]!.words.map((w) => w.text),
      ['hello', 'world', 'this', 'is', 'it', 'tested', 'this', 'pizza', 'engine'],
    );
    assert.deepEqual(utterances[0]!.words[0], { text: 'hello', start: 0.14, end: 0.58, confidence: 0.9999 });
    assert.deepEqual(
      utterances[1]!.words.map((w) => w.text),
      ['the', 'quick', 'brown', 'fox', 'to'],
    );
  });

  it('drops sentence marks, silences and fillers, strips alternate pronunciations, clamps posteriors', () => {
    const words = parsePocketsphinxOutput(CAPTURED).flatMap((u) => u.words);
    assert.ok(
      words.every((w) => !/[<>[\]+()]/.test(w.text)),
      'no markers left',
    );
    const to = words.at(-1)!;
    assert.deepEqual(to, { text: 'to', start: 8.11, end: 8.24, confidence: 1 }, 'a posterior above 1 is clamped');
  });

  it('keeps words ordered with sane times', () => {
    const words = parsePocketsphinxOutput(CAPTURED).flatMap((u) => u.words);
    for (const [i, w] of words.entries()) {
      assert.ok(w.end >= w.start);
      if (i > 0) assert.ok(w.start >= words[i - 1]!.end);
    }
  });

  it('gives nothing for silence or an utterance of fillers only', () => {
    assert.deepEqual(parsePocketsphinxOutput(''), []);
    assert.deepEqual(
      parsePocketsphinxOutput('\n<s> 0.000 0.500 1.000000\n<sil> 0.510 1.000 0.9\n</s> 1.010 1.200 1.000000\n'),
      [],
    );
  });

  it('opens an utterance at <s> when the hypothesis line is missing, and takes lines one at a time', () => {
    const parser = new PocketsphinxOutputParser();
    for (const line of [
      '<s> 0.000 0.100 1.0',
      'yes 0.110 0.400 0.9',
      '</s> 0.410 0.500 1.0',
      '<s> 1.000 1.100 1.0',
      'no 1.110 1.400 0.8',
      '</s> 1.410 1.500 1.0',
    ])
      parser.push(line);
    const utterances = parser.finish();
    assert.deepEqual(
      utterances.map((u) => u.words.map((w) => w.text)),
      [['yes'], ['no']],
    );
  });
});

describe('word helpers', () => {
  it('baseWord strips the pronunciation index only', () => {
    assert.equal(baseWord('with(2)'), 'with');
    assert.equal(baseWord("don't"), "don't");
    assert.equal(baseWord('(2)x'), '(2)x');
  });

  it('clampConfidence keeps [0, 1] and maps garbage to null', () => {
    assert.equal(clampConfidence(1.0002), 1);
    assert.equal(clampConfidence(-0.1), 0);
    assert.equal(clampConfidence(0.5), 0.5);
    assert.equal(clampConfidence(Number.NaN), null);
  });
});
