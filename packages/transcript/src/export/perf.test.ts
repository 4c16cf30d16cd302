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

  // About 20–70 ms each on a laptop (tools/bench/src/export-formats.ts); the bound only catches a blow-up such as
  // quadratic string building, which would take minutes.
  it('takes well under a second per format, karaoke included', () => {
    for (const format of EXPORT_FORMATS) {
      for (const highlightWords of format === 'srt' || format === 'vtt' ? [false, true] : [false]) {
        exportTranscript(t, { format, highlightWords }); // warm-up
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const { content } = exportTranscript(t, { format, highlightWords });
          times.push(performance.now() - t0);
          assert.ok(content.length > 100_000);
        }
        const ms = times.sort((a, b) => a - b)[1]!;
        assert.ok(ms < 1000, `${format}${highlightWords ? ' karaoke' : ''}: ${ms.toFixed(1)} ms`);
      }
    }
  });
});
