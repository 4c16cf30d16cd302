import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '@tp/testing';
import { apertiumModes, apertiumPairs } from './pairs.ts';

const keys = (pairs: { from: string; to: string }[]) => pairs.map((p) => `${p.from}:${p.to}`).sort();

describe('apertiumPairs', () => {
  it('finds the pairs of the Debian packages installed here, without variants', () => {
    assert.deepEqual(keys(apertiumPairs()), ['ca:en', 'en:ca', 'en:eo', 'en:es', 'en:gl', 'eo:en', 'es:en', 'gl:en']);
    const modes = apertiumModes();
    assert.equal(modes.get('en:es'), 'eng-spa');
    assert.equal(modes.get('en:ca'), 'eng-cat', 'not eng-cat_valencia');
    assert.equal(modes.get('en:eo'), 'en-eo', 'not en-eo-bytecode');
  });

  it('maps 2- and 3-letter mode names to ISO 639-1 and ignores variants, pipelines and other files', async () => {
    const dir = await tempDir();
    try {
      const files = [
        'eng-spa.mode',
        'spa-eng_US.mode',
        'eng-cat_valencia.mode',
        'en-eo-bytecode.mode',
        'eo-en-j.mode',
        'por-glg.mode',
        'fr-es.mode',
        'xyz-eng.mode',
        'eng-eng.mode',
        'README',
        'modes.xml',
      ];
      for (const file of files) await writeFile(join(dir.path, file), '');
      assert.deepEqual(keys(apertiumPairs(dir.path)), ['en:es', 'fr:es', 'pt:gl']);
      assert.equal(apertiumModes(dir.path).get('pt:gl'), 'por-glg');
    } finally {
      await dir.remove();
    }
  });

  it('gives no pairs when the folder is missing', () => {
    assert.deepEqual(apertiumPairs('/nonexistent/apertium/modes'), []);
  });
});
