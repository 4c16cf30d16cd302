import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalTranscript, exampleTranscript, exportTranscript, validateTranscript } from '../index.ts';

describe('json export', () => {
  it('is the canonical transcript, pretty by default (2 spaces, final newline)', () => {
    const t = exampleTranscript();
    const { content } = exportTranscript(t, { format: 'json' });
    assert.equal(content, `${JSON.stringify(JSON.parse(canonicalTranscript(t)), null, 2)}\n`);
    assert.ok(content.startsWith('{\n  "duration": 5.2,\n  "language": "en",\n'));
    const parsed = validateTranscript(JSON.parse(content));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, JSON.parse(canonicalTranscript(t)));
  });

  it('compact is byte for byte the canonical form', () => {
    const t = exampleTranscript();
    t.segments[0]!.words[0]!.start = 0.0001; // noise below a millisecond is rounded away
    const { content } = exportTranscript(t, { format: 'json', pretty: false });
    assert.equal(content, canonicalTranscript(exampleTranscript()));
    assert.ok(!content.includes('\n') && !content.includes('  '));
  });

  it('empties every words array without word timestamps, and stays valid', () => {
    for (const pretty of [true, false]) {
      const { content } = exportTranscript(exampleTranscript(), {
        format: 'json',
        includeWordTimestamps: false,
        pretty,
      });
      const parsed = JSON.parse(content);
      assert.deepEqual(
        parsed.segments.map((s: { words: unknown[] }) => s.words),
        [[], []],
      );
      assert.equal(parsed.segments[0].text, 'Hello there.');
      assert.ok(validateTranscript(parsed).ok);
    }
  });

  it('ignores the options of other formats', () => {
    const base = exportTranscript(exampleTranscript(), { format: 'json' }).content;
    assert.equal(
      exportTranscript(exampleTranscript(), {
        format: 'json',
        includeSpeakers: false,
        highlightWords: true,
        maxCharsPerEntry: 10,
        includeTimestamps: true,
      }).content,
      base,
    );
  });
});
