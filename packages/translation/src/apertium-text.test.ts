import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanApertiumText, splitApertiumOutput, toApertiumBatch, toParagraph } from './apertium-text.ts';

describe('apertium batches', () => {
  it('sends each non-empty text as one paragraph and remembers where it came from', () => {
    const batch = toApertiumBatch(['One.', '', '  ', 'Two\n\n\nlines\r\nthree', 'Four\u0000']);
    assert.equal(batch.input, 'One.\n\nTwo\nlines\nthree\n\nFour\n');
    assert.deepEqual(batch.indexes, [0, 3, 4]);
    assert.deepEqual(toApertiumBatch(['', ' \n ']), { input: '', indexes: [] });
  });

  it('keeps single newlines inside a text and removes blank lines', () => {
    assert.equal(toParagraph(' a\n \t\n b \n c '), 'a\nb \n c');
  });

  it('splits the output back into as many paragraphs, or says the alignment is lost', () => {
    assert.deepEqual(splitApertiumOutput('Uno.\n\nDos\nlíneas\n\nTres\n', 3), ['Uno.', 'Dos\nlíneas', 'Tres']);
    assert.deepEqual(splitApertiumOutput('Uno.\n \nDos\n\n', 2), ['Uno.', 'Dos']);
    assert.deepEqual(splitApertiumOutput('Uno.\n\n\n\nDos\n\n\nTres', 3), ['Uno.', 'Dos', 'Tres']);
    assert.equal(splitApertiumOutput('Uno.\n\nDos\n', 3), undefined);
    assert.equal(splitApertiumOutput('', 1), undefined);
  });
});

describe('cleanApertiumText', () => {
  it('removes the space apertium leaves before closing and after opening punctuation', () => {
    assert.equal(cleanApertiumText('Hola, mi nombre es Dana .', ''), 'Hola, mi nombre es Dana.');
    assert.equal(cleanApertiumText('¿ Qué es esto ? ¡ Sí ! ( nota ) 50 %', ''), '¿Qué es esto? ¡Sí! (nota) 50%');
    assert.equal(cleanApertiumText(' dijo  que   sí \nsegunda  línea ', ''), 'dijo que sí\nsegunda línea');
    assert.equal(cleanApertiumText('\nT1678:\n', ''), 'T1678:');
  });

  it('drops the marks of untranslated words unless the source had them', () => {
    assert.equal(cleanApertiumText('El #gato y @perro', 'The cat and dog'), 'El gato y perro');
    assert.equal(cleanApertiumText('Sigue #tiempo y @dana', 'Follow #tiempo and @dana'), 'Sigue #tiempo y @dana');
    assert.equal(cleanApertiumText('3 * 4 # 5 @ 6', '3 * 4 # 5 @ 6'), '3 * 4 # 5 @ 6');
  });
});
