import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { aliveInGroups, childGroups, eventually, notKilledInGroups, tempDir, type TempDir } from '@tp/testing';
import { createApertiumTranslator } from './apertium.ts';

let dir: TempDir;
before(async () => {
  dir = await tempDir();
});
after(async () => {
  await dir?.remove();
});

describe('apertium translator: its process', () => {
  it('kills the whole apertium pipeline at once when aborted, and rejects with the reason', async () => {
    const apertium = createApertiumTranslator();
    const texts = Array.from({ length: 3000 }, (_, i) => `Sentence ${i}: the weather is nice today and I like it.`);
    const controller = new AbortController();
    const before = new Set(await childGroups());
    const running = apertium.translate(texts, { from: 'en', to: 'es', signal: controller.signal });
    // apertium is a shell script running a pipeline of a dozen programs, all in one group.
    const groups = await eventually('apertium’s pipeline running', async () => {
      const now = (await childGroups()).filter((g) => !before.has(g));
      return now.length > 0 && (await aliveInGroups(now)).length >= 5 ? now : undefined;
    });
    controller.abort(new Error('job cancelled'));
    assert.deepEqual(notKilledInGroups(groups), [], 'killed at once');
    await assert.rejects(running, /job cancelled/);
    await eventually('no process left in the group', async () => (await aliveInGroups(groups)).length === 0);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('already gone'));
    const before = new Set(await childGroups());
    const apertium = createApertiumTranslator();
    await assert.rejects(
      apertium.translate(['Hello'], { from: 'en', to: 'es', signal: controller.signal }),
      /already gone/,
    );
    assert.deepEqual(
      (await childGroups()).filter((g) => !before.has(g)),
      [],
    );
  });

  it('says clearly when apertium is not installed', async () => {
    const apertium = createApertiumTranslator({ command: '/nonexistent/bin/apertium' });
    const signal = new AbortController().signal;
    await assert.rejects(apertium.translate(['Hello'], { from: 'en', to: 'es', signal }), (error: Error) => {
      assert.equal(error.name, 'TranslationError');
      assert.equal(error.message, 'apertium is not installed (no program "/nonexistent/bin/apertium")');
      assert.match((error as Error & { output: string }).output, /ENOENT/);
      return true;
    });
  });

  it('fails with apertium’s own words kept for the logs when it fails', async () => {
    const apertium = createApertiumTranslator({ command: 'false' });
    const signal = new AbortController().signal;
    await assert.rejects(apertium.translate(['Hello'], { from: 'en', to: 'es', signal }), {
      name: 'TranslationError',
      message: 'apertium failed (exit 1)',
    });
  });

  it('refuses more input than its bound, before running anything', async () => {
    const apertium = createApertiumTranslator({ command: '/nonexistent/apertium', maxInputChars: 100 });
    const signal = new AbortController().signal;
    await assert.rejects(apertium.translate(['x'.repeat(60), 'y'.repeat(60)], { from: 'en', to: 'es', signal }), {
      name: 'TranslationError',
      message: 'translation input too large (over 100 characters in one call)',
    });
  });
});
