import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXPORT_FORMATS, exportTranscript, syntheticTranscript, validateTranscript } from '../index.ts';

describe('export of a three-hour transcript', () => {
  const t = syntheticTranscript();

  it('is a realistic three hours', () => {
    assert.ok(validateTranscript(t).ok);
    assert.equal(t.segments.length, 3_000);
    const words = t.segments.reduce((n, s) => n + s.words.length, 0);
    assert.ok(words > 28_000 && words < 32_000, `${words} words`);
    assert.ok(t.duration > 2.8 * 3600 && t.duration < 3.4 * 3600, `${t.duration} s`);
  });

  // How fast: tools/bench/src/export-formats.ts (a benchmark, not a timed test).
  it('converts to every format, karaoke included', () => {
    for (const format of EXPORT_FORMATS) {
      for (const highlightWords of format === 'srt' || format === 'vtt' ? [false, true] : [false]) {
        const { content } = exportTranscript(t, { format, highlightWords });
        assert.ok(
          content.length > 100_000,
          `${format}${highlightWords ? ' karaoke' : ''}: ${content.length} characters`,
        );
      }
    }
  });
});
