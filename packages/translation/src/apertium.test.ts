import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApertiumTranslator } from './apertium.ts';

const apertium = createApertiumTranslator();
const signal = new AbortController().signal;
const translate = (texts: readonly string[], from: string, to: string) =>
  apertium.translate(texts, { from, to, signal });

const words = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

describe('apertium translator: languages', () => {
  it('translates English to Spanish', async () => {
    const [spanish] = await translate(['Hello, my name is Dana. I like the weather today.'], 'en', 'es');
    for (const word of ['hola', 'nombre', 'dana', 'tiempo', 'hoy']) assert.ok(words(spanish!).includes(word), spanish);
    assert.ok(!words(spanish!).includes('weather'), spanish);
    assert.match(spanish!, /Dana\./, 'no space before the period');
  });

  it('translates English to Catalan, Galician and Esperanto, and Spanish back to English', async () => {
    const expected: [string, string, string, string[]][] = [
      ['en', 'ca', 'The house is big and the dog is happy.', ['casa', 'gos']],
      ['en', 'gl', 'The house is big and the dog is happy.', ['casa', 'can']],
      ['en', 'eo', 'The house is big and the dog is happy.', ['domo', 'hundo']],
      ['es', 'en', 'La casa es grande y el perro está feliz.', ['house', 'dog']],
    ];
    for (const [from, to, text, wanted] of expected) {
      const [output] = await translate([text], from, to);
      for (const word of wanted) assert.ok(words(output!).includes(word), `${from}→${to}: ${output}`);
    }
  });

  it('lists the installed pairs and refuses one that is not installed', async () => {
    assert.ok(apertium.pairs().some((p) => p.from === 'en' && p.to === 'es'));
    assert.equal(apertium.kind, 'apertium');
    await assert.rejects(translate(['Hello'], 'en', 'fr'), {
      name: 'TranslationError',
      message: 'apertium cannot translate en to fr here (no such pair installed)',
    });
  });
});

describe('apertium translator: alignment', () => {
  it('keeps 500 texts one-to-one in one run', async () => {
    const texts = Array.from({ length: 500 }, (_, i) => `The cat number ${i} is happy.`);
    const outputs = await translate(texts, 'en', 'es');
    assert.equal(outputs.length, 500);
    outputs.forEach((output, i) => {
      assert.ok(output.includes(String(i)), `${i}: ${output}`);
      assert.ok(words(output).includes('gato'), `${i}: ${output}`);
    });
  });

  it('keeps awkward texts in place: punctuation, quotes, numbers, marks, newlines, blanks', async () => {
    const texts = [
      'He said "yes", then \'no\'.',
      '',
      'Line one\nline two',
      'Paragraph one\n\n\nparagraph two',
      '...',
      '42',
      '* # @',
      '[a] ^b$ \\ c / d {e} <f>',
      '   ',
      'Is it true?!',
      'Dr. Smith paid $3.50 for 2 apples.',
    ];
    const outputs = await translate(texts, 'en', 'es');
    assert.equal(outputs.length, texts.length);
    assert.match(outputs[0]!, /"sí"/);
    assert.equal(outputs[1], '');
    assert.equal(outputs[2]!.split('\n').length, 2, outputs[2]);
    assert.equal(outputs[3]!.split('\n').length, 2, outputs[3]);
    assert.equal(outputs[4], '...');
    assert.equal(outputs[5], '42');
    assert.equal(outputs[6], '* # @');
    assert.match(outputs[7]!, /\^b\$ \\ c \/ d \{e\} <f>/);
    assert.equal(outputs[8], '');
    assert.match(outputs[9]!, /\?!$/);
    assert.match(outputs[10]!, /3\.50/);
    assert.match(outputs[10]!, /manzanas/);
  });

  it('keeps random mixes of symbols, scripts and line breaks in place, in every installed pair', async () => {
    const pieces = ['the cat', '.', '?!', '"', "'", '\\', '[', ']', '{', '}', '^', '$', '<', '>', '/', '@', '#', '*'];
    pieces.push('\t', '\n', '\r\n', '\n\n', ' ', '😀', '漢字', 'مرحبا', '3.14', '–', '…', '&amp;', '%', ':', '\u00a0');
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return pieces[seed % pieces.length]!;
    };
    const texts = Array.from({ length: 300 }, (_, i) => `T${i} ${Array.from({ length: 8 }, pick).join('')}`);
    for (const { from, to } of apertium.pairs()) {
      const outputs = await translate(texts, from, to);
      for (const [i, output] of outputs.entries())
        assert.match(output, new RegExp(`^T${i}\\b`), `${from}→${to} ${i}: ${output}`);
    }
  });

  it('keeps texts apart when a pair moves a newline onto the blank line between two (en→gl drops "Mr." so)', async () => {
    const outputs = await translate(['Before', 'T1 Mr.\nHello', 'After'], 'en', 'gl');
    assert.equal(outputs.length, 3);
    assert.match(outputs[1]!, /^T1\b/);
    assert.match(outputs[2]!, /^Despois\b/, 'no newline carried over');
  });

  it('translates a very long text with its neighbours in place', async () => {
    const long = Array.from({ length: 400 }, () => 'The weather is nice today.').join(' ');
    const outputs = await translate(['Good morning.', long, 'Good night.'], 'en', 'es');
    assert.equal(words(outputs[1]!).filter((word) => word === 'tiempo').length, 400);
    assert.ok(words(outputs[0]!).includes('días'), outputs[0]);
    assert.ok(words(outputs[2]!).includes('noche'), outputs[2]);
  });

  it('gives an empty output for an empty input, without running apertium', async () => {
    assert.deepEqual(await translate([], 'en', 'es'), []);
    const missing = createApertiumTranslator({ command: '/nonexistent/apertium' });
    assert.deepEqual(await missing.translate(['', ' '], { from: 'en', to: 'es', signal }), ['', '']);
  });
});
